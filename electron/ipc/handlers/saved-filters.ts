import type { Handlers } from '../../../shared/ipc/define.ts';
import type { savedFilterChannels } from '../../../shared/ipc/channels/saved-filters.ts';
import type { AppServices } from '../../app-services.ts';
import { AppError } from '../../../shared/errors.ts';

export function savedFilterHandlers(s: Pick<AppServices, 'store'>): Handlers<typeof savedFilterChannels> {
  const repo = s.store.savedFilters;
  /** A filter belongs to a profile that exists: one removed meanwhile takes its filters with it. */
  const profile = (id: string): string => {
    if (!s.store.profiles.get(id)) throw new AppError('not-found', 'That profile no longer exists.');
    return id;
  };
  return {
    listSavedFilters: async ({ profileId }) => repo.list(profileId),
    saveFilter: async ({ profileId, name, view }) => repo.save(profile(profileId), name, view),
    renameFilter: async ({ profileId, id, name }) => repo.rename(profile(profileId), id, name),
    deleteFilter: async ({ profileId, id }) => ({ deleted: repo.remove(profile(profileId), id) }),
  };
}
