// The inbox page the window opens on. Kept apart from the channels' schemas (imported here for
// their types only), so the window's start-up code builds none of them to know it.
import type { z } from 'zod';
import type { inboxPageInput } from './channels/portfolio.ts';

/** By reply deadline, the ones past it folded, the first 100 rows: the window asks for it
 * (renderer/data/window-start.ts) and main lists it ahead, to warm up (warmOpening). */
export const openingInbox = {
  sort: 'deadline',
  dir: 'asc',
  collapsed: ['past-deadline'],
  offset: 0,
  limit: 100,
} as const satisfies Omit<z.input<typeof inboxPageInput>, 'profileId'>;
