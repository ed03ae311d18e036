// Opens the headless services for one CLI command and closes them after it.
import { openHeadless, type Headless } from '../headless.ts';
import { createRecordingNotifier } from '../platform/notifier.ts';
import type { CliContext } from './command.ts';

export async function withHeadless<T>(ctx: CliContext, fn: (h: Headless) => Promise<T>): Promise<T> {
  const notifier = createRecordingNotifier((n) => ctx.progress(`• ${n.title}: ${n.body}`));
  const h = openHeadless({ home: ctx.home, notifier, sessionKey: ctx.env.DISPUTE_DESK_API_KEY });
  try {
    return await fn(h);
  } finally {
    h.close();
  }
}
