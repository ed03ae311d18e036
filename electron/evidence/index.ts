export { createEvidenceStore, type EvidenceStore } from './evidence-store.ts';
export { buildPacket, estimatePacket } from './packet/build.ts';
export { solverSteps } from './packet/solver-steps.ts';
export { pagePicture, type PagePicture } from './thumbnails.ts';
export { sniff } from './sniff.ts';
export { safeBaseName } from './safe-names.ts';
export { coverLetterFor } from './cover-letter-facts.ts';
export { letterAmount } from './cover-letter.ts';
