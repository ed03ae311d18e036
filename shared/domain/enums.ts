// The closed value sets of the contract. Reads stay tolerant (the service may send values the
// contract does not list), writes use exactly these.
import { z } from 'zod';

export const chargebackStatuses = ['open', 'closed', 'won', 'lost'] as const;
export const chargebackStatusSchema = z.enum(chargebackStatuses);
export type ChargebackStatus = z.infer<typeof chargebackStatusSchema>;

export const messageStatuses = ['requested', 'processing', 'failed', 'denied', 'processed'] as const;
export const messageStatusSchema = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

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
export const messageTypeSchema = z.enum(messageTypes);
export type MessageType = z.infer<typeof messageTypeSchema>;

export const documentTypes = ['jpg', 'jpeg', 'gif', 'pdf', 'png', 'tif', 'tiff'] as const;
export const documentTypeSchema = z.enum(documentTypes);
export type DocumentType = z.infer<typeof documentTypeSchema>;

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
export const deploymentSchema = z.enum(deployments);
export type Deployment = z.infer<typeof deploymentSchema>;
