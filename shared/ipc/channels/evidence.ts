// Evidence: import (dialogs in main, or dropped files as the preload resolved them), pictures of
// pages, live estimates.
import { z } from 'zod';
import { query, mutation, droppedFilesMutation } from '../define.ts';
import { droppedEntriesSchema } from '../dropped.ts';
import {
  importOutcomeSchema,
  arrangementSchema,
  buildSettingsSchema,
  estimateSchema,
  itemIdSchema,
  buildResultSchema,
} from '../../evidence/items.ts';
import { evidenceDraftSchema } from '../../evidence/draft.ts';
import { cardScanSchema } from '../../evidence/card-numbers.ts';
import { slotsSchema } from '../../evidence/slots.ts';
import { disputeCategorySchema } from '../../domain/enums.ts';
import { coverLetterFactsSchema } from '../../domain/letter-facts.ts';
import { ce3VerdictSchema } from '../../domain/compelling-evidence.ts';
import { customerHistoryGroundsSchema } from '../../domain/customer-history-letter.ts';

// Binary crosses IPC as Uint8Array (structured clone); its backing buffer's kind does not matter.
const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected bytes');

// A packet file's own name, never a path.
const previewName = z
  .string()
  .min(1)
  .max(255)
  .refine((n) => !/[\\/]|^\.\.?$/.test(n), 'a file name, not a path');

// Pictures are addressed by content and never go stale. The builder holds the draft it edits, so
// saving it stales nothing; importing adds to the store, which no query lists.
export const evidenceChannels = {
  pickEvidence: mutation(
    'Opens the OS file or folder picker in main and imports what was chosen.',
    z.strictObject({ folder: z.boolean() }),
    z.array(importOutcomeSchema),
    { invalidates: [] },
  ),
  importDropped: droppedFilesMutation(
    'Imports files and folders dropped on the window, by the paths the preload resolved (the window never handles paths or bytes).',
    z.strictObject({ dropped: droppedEntriesSchema }),
    z.array(importOutcomeSchema),
    { invalidates: [] },
  ),
  getPagePicture: query(
    'A thumbnail or full view of one page; for a PDF, the whole file for pdf.js ' +
      '(the window asks once per PDF and shares the document among its pages).',
    z.strictObject({
      itemId: itemIdSchema,
      page: z.number().int().min(0).max(10_000),
      maxWidth: z.number().int().min(32).max(2000),
    }),
    z.object({
      kind: z.enum(['image', 'pdf']),
      mime: z.string(),
      bytes,
      page: z.number().optional(),
      width: z.number().optional(),
      height: z.number().optional(),
    }),
    { tags: [] },
  ),
  getCardMasks: query(
    'The full card numbers found on one evidence file (its pages read once, by OCR, and kept with it) ' +
      'and the masks that cover all but their last four digits; answered once the file has been searched.',
    z.strictObject({ itemId: itemIdSchema }),
    cardScanSchema,
    { tags: [] },
  ),
  estimatePacket: query(
    "Size, pages and files of the packet as arranged, against the limits, counting the cover letter with the draft's own rebuttal.",
    z.strictObject({
      arrangement: arrangementSchema,
      settings: buildSettingsSchema,
      chargebackId: z.string().optional(),
      profileId: z.string().optional(),
      rebuttal: z.string().max(20_000).optional(),
      slots: slotsSchema.optional(),
    }),
    estimateSchema,
    // The drafts' tag: adding the customer's orders to the packet changes its pages.
    { tags: ['profiles', 'chargebacks', 'drafts'] },
  ),
  letterGrounds: query(
    "What the chargeback's cover letter is composed from (its kind and the transaction record's " +
      'facts), so the editor shows, with composeLetter, exactly the text that will be sent.',
    z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1) }),
    z.object({
      category: disputeCategorySchema.nullable(),
      facts: coverLetterFactsSchema,
      /** A qualifying Compelling Evidence 3.0 verdict: the letter's paragraph names its purchases. */
      compellingEvidence: ce3VerdictSchema.nullable(),
      /** The customer's earlier undisputed orders, when the merchant added them to the packet: the
       * letter's paragraph cites them. */
      customerHistory: customerHistoryGroundsSchema.nullable(),
    }),
    // The drafts' tag: adding the customer's orders to the packet changes the letter.
    { tags: ['profiles', 'chargebacks', 'drafts'] },
  ),
  getDraft: query(
    'The saved evidence draft of a chargeback, with a cover letter from its template when new.',
    z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1) }),
    evidenceDraftSchema,
    { tags: ['drafts'] },
  ),
  saveDraft: mutation(
    'Saves the draft as the merchant works.',
    z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1), draft: evidenceDraftSchema }),
    z.object({ ok: z.literal(true) }),
    { invalidates: [] },
  ),
  previewPacket: mutation(
    'Builds the packet as it will be sent and returns its files for the preview.',
    z.strictObject({ profileId: z.string().min(1), chargebackId: z.string().min(1), draft: evidenceDraftSchema }),
    z.object({ result: buildResultSchema, files: z.array(z.object({ name: z.string(), bytes })) }),
    { invalidates: [] },
  ),
  openPreviewFile: mutation(
    'Opens a file of the last preview in the system viewer (a PDF reader, an image viewer).',
    z.strictObject({ chargebackId: z.string().min(1).max(200), name: previewName }),
    z.object({ ok: z.literal(true) }),
    { invalidates: [] },
  ),
  savePreviewFile: mutation(
    'Saves a copy of a file of the last preview where the merchant chooses.',
    z.strictObject({ chargebackId: z.string().min(1).max(200), name: previewName }),
    z.object({ saved: z.boolean() }),
    { invalidates: [] },
  ),
} as const;
