export { createEvidenceStore, type EvidenceStore } from './evidence-store.ts';
export { buildPacket, estimatePacket, solverSteps } from './build-packet.ts';
export { pagePicture, type PagePicture } from './thumbnails.ts';
export { sniff } from './sniff.ts';
export { safeBaseName } from './safe-names.ts';
export { coverLetterFor } from './cover-letter-facts.ts';
export { letterAmount } from './cover-letter.ts';
