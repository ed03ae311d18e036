// What the window opens on when start-up did not go as usual: the services could not start (the
// window says why and where the data is, never a blank window), or the database was damaged and
// recovered (the window says what happened before the app goes on). Main puts it in the address's
// fragment; the renderer reads it back through this schema and nothing else.
import { z } from 'zod';
import { carriesStartupNotice, startupNoticeMark as prefix } from './startup-notice-mark.ts';

export const startupNoticeSchema = z.strictObject({
  kind: z.enum(['failed', 'recovered']),
  /** The account in plain words, one paragraph per line. */
  text: z.string().max(20_000),
  dataFolder: z.string().max(4096).optional(),
});
export type StartupNotice = z.infer<typeof startupNoticeSchema>;

export function startupNoticeHash(n: StartupNotice): string {
  return `${prefix}${encodeURIComponent(JSON.stringify(startupNoticeSchema.parse(n)))}`;
}

/** The notice in a location's hash, or undefined when there is none or it does not read. */
export function readStartupNotice(hash: string): StartupNotice | undefined {
  if (!carriesStartupNotice(hash)) return undefined;
  try {
    const parsed = startupNoticeSchema.safeParse(JSON.parse(decodeURIComponent(hash.slice(prefix.length))));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
