// The request-token rule, shared by every write: a token is one intended write, so its repeat
// within 48 hours is refused, naming the record the first one made, whatever kind of write that was.
import { fail } from './refusals.ts';
import type { ServiceOptions } from './service-options.ts';

const TOKEN_TTL_MS = 48 * 3600 * 1000;

export function createRequestTokens(deps: Pick<ServiceOptions, 'store' | 'clock' | 'honourRequestTokens'>) {
  const { store, clock } = deps;
  return {
    /** Before the write: refuses a malformed token or one used within its 48 hours. */
    check(token: string | undefined): void {
      if (token === undefined || !deps.honourRequestTokens) return;
      if (token.length < 1 || token.length > 100)
        fail('invalid_request_token', 'request-token must be 1 to 100 characters', 'request-token');
      const row = store.db.prepare('SELECT record, at FROM tokens WHERE token = ?').get(token) as
        { record: string; at: number } | undefined;
      if (row && clock.now().getTime() - row.at < TOKEN_TTL_MS)
        fail(
          'duplicate_request_token',
          `Duplicate request: this request-token was already used for ${row.record}`,
          'request-token',
          1009,
        );
    },
    /** After the write. Only reached when the token is new or its 48 hours are over: the row is
     * then replaced whole. */
    save(token: string | undefined, kind: string, record: string): void {
      if (token === undefined || !deps.honourRequestTokens) return;
      store.db
        .prepare(
          'INSERT INTO tokens (token, kind, record, at) VALUES (?, ?, ?, ?) ON CONFLICT (token) ' +
            'DO UPDATE SET kind = excluded.kind, record = excluded.record, at = excluded.at',
        )
        .run(token, kind, record, clock.now().getTime());
    },
  };
}

export type RequestTokens = ReturnType<typeof createRequestTokens>;
