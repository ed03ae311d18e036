// Saved filters of the inbox, per profile, kept by main (they survive a restart).
import { z } from 'zod';
import { query, mutation } from '../define.ts';
import { savedFilterNameMax } from '../../domain/saved-filters.ts';
import { savedFilterSchema, savedViewSchema } from '../../domain/saved-filter-schema.ts';

const profileId = z.string().min(1).max(200);
// Longer than the limit so a name just over it gets the merchant's message, not a schema error.
const name = z.string().max(savedFilterNameMax * 4);
const filterId = z.number().int().min(1);
const changes = { invalidates: ['savedFilters'] } as const;

export const savedFilterChannels = {
  listSavedFilters: query(
    "The profile's saved inbox filters by name, each with what it names that no longer exists.",
    z.strictObject({ profileId }),
    z.array(savedFilterSchema),
    { tags: ['savedFilters'] },
  ),
  saveFilter: mutation(
    'Saves the inbox view (search, filters, order) under a new name. Refused: no name, a name in use, nothing filtered.',
    z.strictObject({ profileId, name, view: savedViewSchema }),
    savedFilterSchema,
    changes,
  ),
  renameFilter: mutation(
    'Gives a saved filter another name (not one in use); its view stays as saved.',
    z.strictObject({ profileId, id: filterId, name }),
    savedFilterSchema,
    changes,
  ),
  deleteFilter: mutation(
    'Deletes a saved filter.',
    z.strictObject({ profileId, id: filterId }),
    z.object({ deleted: z.boolean() }),
    changes,
  ),
} as const;
