// The schemas of the contract's closed value sets (enum-values.ts holds the values and their
// types), and of the card networks, the dialects and the dispute categories, whose values live
// with their rules.
import { z } from 'zod';
import { chargebackStatuses, deployments, documentTypes, messageStatuses, messageTypes } from './enum-values.ts';
import { cardNetworks } from './card-networks.ts';
import { dialectNames } from './dialects.ts';
import { disputeCategories } from './reason-codes.ts';

export * from './enum-values.ts';

export const chargebackStatusSchema = z.enum(chargebackStatuses);
export const messageStatusSchema = z.enum(messageStatuses);
export const messageTypeSchema = z.enum(messageTypes);
export const documentTypeSchema = z.enum(documentTypes);
export const deploymentSchema = z.enum(deployments);
export const cardNetworkSchema = z.enum(cardNetworks);
export const dialectNameSchema = z.enum(dialectNames);
export const disputeCategorySchema = z.enum(disputeCategories);
