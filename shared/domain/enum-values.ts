// The closed value sets of the contract. Reads stay tolerant (the service may send values the
// contract does not list), writes use exactly these. Their schemas are in enums.ts: the values
// alone are what the window's start path needs, and it builds no schema to know them.

export const chargebackStatuses = ['open', 'closed', 'won', 'lost'] as const;
export type ChargebackStatus = (typeof chargebackStatuses)[number];

export const messageStatuses = ['requested', 'processing', 'failed', 'denied', 'processed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** As the contract lists them, including its spelling `repsondToPreArbitration`. */
export const messageTypes = [
  'assign',
  'notate',
  'acceptLiability',
  'createPreArbitration',
  'represent',
  'respond',
  'requestArbitration',
  'requestPreArbitration',
  'requestResolutionToPreArbitration',
  'respondToDispute',
  'repsondToPreArbitration',
  'unaccept',
] as const;
export type MessageType = (typeof messageTypes)[number];

export const documentTypes = ['jpg', 'jpeg', 'gif', 'pdf', 'png', 'tif', 'tiff'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const documentStatuses = ['created', 'processed', 'failed'] as const;

export const cycles = [
  'retrieval',
  'first',
  'arbitration',
  'reversal',
  'representment',
  'preArbitration',
  'arbitrationLost',
  'arbitrationSplit',
  'arbitrationWon',
  'issuerAcceptPreArbitration',
  'issuerDeclinedPreArbitration',
  'responseToIssuerPreArbitration',
  'merchantAcceptedPreArbitration',
  'merchantDeclinedPreArbitration',
  'preCompliance',
  'compliance',
] as const;
export type Cycle = (typeof cycles)[number];

export const deployments = ['core', 'test', 'microservice'] as const;
export type Deployment = (typeof deployments)[number];
