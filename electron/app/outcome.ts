// What every use case in electron/app/ answers: the value, or the AppError that says in the
// merchant's words why not (shared/errors.ts's Result, with the error kept whole inside main).
// A refusal is a value all the way to the door; only the door (an IPC handler, a CLI command)
// turns it into what that door reports, in one line (`valueOf`).
import { AppError, type Result } from '../../shared/errors.ts';

export type Outcome<T> = Result<T, AppError>;

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = (error: AppError): Outcome<never> => ({ ok: false, error });

/** Runs work whose refusals are thrown AppErrors (the services below the use cases) and answers
 * them as values; anything else is a fault and goes on as thrown. */
export async function attempt<T>(work: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return done(await work());
  } catch (e) {
    if (e instanceof AppError) return refused(e);
    throw e;
  }
}

/** A door's last step: the value, or the refusal thrown for the door to report (the IPC router
 * answers it as an error result; the CLI prints it and exits 1). */
export function valueOf<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}
