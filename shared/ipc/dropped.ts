// Files dropped on the window reach main as paths, never as bytes: the preload asks Electron
// where each dropped File lives (webUtils.getPathForFile) and main imports the paths through the
// same walker as files and folders picked in its own dialogs. A File the page made itself has no
// path; it is sent by name so main can say why it was not added.
//
// Paths come only from the OS. A compromised window could otherwise name any file (`dropped:
// [{ path: '/home/m/.ssh/id_ed25519' }]`) and read it back as a page picture. So the paths never
// travel in the call itself: the preload hands them to main on its own channel (droppedChannel,
// which the window's `disputeDesk` has no method for) and gets a one-time, unguessable token; the
// call carries only that token, and main's router swaps it for the registered paths before the
// handler's schema sees them. A call that names paths itself, or a token main did not give out
// (or already used, or gave to another origin), is refused before any handler runs.
import { z } from 'zod';

/** A file dropped on the window, as the window holds it (a DOM File). */
export interface DroppedFile {
  readonly name: string;
}

export const droppedEntrySchema = z.union([
  z.strictObject({ path: z.string().min(1).max(4096) }),
  z.strictObject({ name: z.string().max(255), noPath: z.literal(true) }),
]);
export type DroppedEntry = z.infer<typeof droppedEntrySchema>;

/** At most this many top-level items in one drop (a folder counts as one; main walks it). */
export const droppedEntriesSchema = z.array(droppedEntrySchema).min(1).max(5000);

/** What a dropped-files call carries in `dropped` on the wire: the token main gave the preload. */
export const droppedTokenSchema = z.string().regex(/^dropped:[0-9a-f-]{36}$/);

/** Why a dropped item with no path was not added, for the merchant. */
export function noPathReason(name: string): string {
  const shown = name || 'The dropped item';
  return (
    `${shown} was not added: it did not come from a folder on this computer. ` +
    'Save it to a folder first, then drop it or use "Add files…".'
  );
}
