// Opens the headless services for one CLI command and closes them after it. The services (store,
// API client, keychain) are loaded only here, when a command needs them: `--help`, a mistyped
// flag or `evidence build` do not pay for them in start-up time and memory.
import type { Headless } from '../headless.ts';
import type { CliContext } from './command.ts';

/** A key kept "for this session" dies with the command, so the CLI's way without a keychain is
 * the key in the environment, given to every command. */
export const cliWithoutKeychain =
  'Until then, give the key in DISPUTE_DESK_API_KEY: a profile is then saved ' +
  'without its key, and every command reads the key from DISPUTE_DESK_API_KEY.';

export async function withHeadless<T>(ctx: CliContext, fn: (h: Headless) => Promise<T>): Promise<T> {
  const [{ openHeadless }, { createKeyVault }, { createRecordingNotifier }] = await Promise.all([
    import('../headless.ts'),
    import('../credentials/key-vault.ts'),
    import('../platform/notifier.ts'),
  ]);
  const notifier = createRecordingNotifier((n) => ctx.progress(`• ${n.title}: ${n.body}`));
  const h = openHeadless({
    home: ctx.home,
    notifier,
    vault: createKeyVault({ meanwhile: cliWithoutKeychain }),
    sessionKey: ctx.env.DISPUTE_DESK_API_KEY,
  });
  const recovery = h.store.database.recovery;
  if (recovery) {
    // On stderr, before the command's own output: stdout stays the command's (and --json's).
    const { describeRecovery } = await import('../store/recovery.ts');
    ctx.stderr.write(`${describeRecovery(recovery)}\n`);
  }
  try {
    const result = await fn(h);
    // What a command sent is read back before it exits, not cut off by the store closing.
    await h.settle();
    return result;
  } finally {
    h.close();
  }
}
