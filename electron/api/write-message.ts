// A response message, in the dialect's form (dialect.ts): validated before it leaves, sent with
// the caller's request-token, once (429 excepted, see transport.ts).
import type { z } from 'zod';
import { chargebackMessageSchema, answerMessageSchema, type ChargebackMessage } from '../../shared/api/index.ts';
import { AppError } from '../../shared/errors.ts';
import type { Dialect } from './dialect.ts';
import type { Call } from './transport.ts';
import { withSignal } from './reads.ts';

export function createMessageWrites(call: Call, dialect: Dialect) {
  return {
    /** Posts a response message in the dialect's form. Validated before it leaves; sent once
     * (429 excepted). */
    async sendMessage(
      message: z.input<typeof answerMessageSchema>,
      o: { requestToken: string; signal?: AbortSignal },
    ): Promise<ChargebackMessage> {
      const answer = answerMessageSchema.safeParse(message);
      const wire = answer.success ? dialect.messageBody(answer.data) : undefined;
      if (!answer.success || !wire?.ok) {
        const problems = answer.success
          ? (wire as { problems: string[] }).problems
          : answer.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
        const fields = problems.map((p) => ({ field: p.split(':')[0]!, message: p.slice(p.indexOf(':') + 2) }));
        throw new AppError('validation', `The response cannot be sent: ${problems.join('; ')}.`, { fields });
      }
      const body = await call(
        {
          method: 'POST',
          path: dialect.postMessage,
          json: wire.body,
          requestToken: o.requestToken,
          ...withSignal(o.signal),
        },
        'write',
      );
      const r = chargebackMessageSchema.safeParse(body.data[0]);
      if (!r.success)
        throw new AppError(
          'server',
          'The service accepted the message but its answer could not be read; Dispute Desk will check what it holds.',
        );
      return r.data;
    },
  };
}
