// A saved filter as it is stored and as the window is told it (saved-filters.ts holds its rules).
// Apart from the rules so the inbox, which applies and describes saved filters from its start,
// builds no schema to do so.
import { z } from 'zod';
import { inboxSorts, sortDirections } from './inbox-sections.ts';

/** What a saved filter restores. Read tolerantly (any status string): an older or newer app may
 * have saved a value this one does not know, and `viewProblems` says so instead of failing. */
export const savedViewSchema = z.object({
  search: z.string().max(200).optional(),
  status: z.string().max(20).optional(),
  cycle: z.string().max(60).optional(),
  /** The network's name (`visa`); a filter saved before networks had names holds the contract's
   * number (1 Visa, 2 Mastercard, 3 American Express, 4 Discover) and still selects the same. */
  network: z.union([z.string().max(30), z.number().int()]).optional(),
  category: z.string().max(60).optional(),
  sort: z.enum(inboxSorts).optional(),
  dir: z.enum(sortDirections).optional(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  view: savedViewSchema,
  /** What it names that no longer exists (applying it leaves those parts out). */
  problems: z.array(z.string()),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;
