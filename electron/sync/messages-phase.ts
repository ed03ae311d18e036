// The messages phase of a pass: the answers the service holds, whoever sent them. An answer made
// from another profile or another computer on the same account reaches this store only here
// (until now only a refresh after this app's own answer read messages), so without it the
// worklist said "Not answered" until the service refused a second answer. A full pass reads every
// message; an incremental one those modified since the pass's mark (a message's status moves,
// requested → processed or denied, and that changes whether it counts as an answer). Both
// dialects list messages with the same search header (the core API's /chargebackMessages, the
// micro-service's /ChargebackMessages).
import type { ChargebackMessage, SearchClause } from '../../shared/api/index.ts';
import type { PassContext } from './pass-context.ts';

export async function messagesPhase(ctx: PassContext, firstPage: number): Promise<void> {
  const { store, profileId, pass, report } = ctx;
  const search: SearchClause[] = pass.since ? [{ field: 'modified', op: 'greater', value: pass.since }] : [];
  await ctx.consume<ChargebackMessage>(
    'messages',
    ctx.client.messagePages({ search, pageLimit: 100, firstPage, ...(ctx.signal ? { signal: ctx.signal } : {}) }),
    (records) => {
      store.portfolio.saveMessages(profileId, records);
      report.messages += records.length;
      return { events: [] };
    },
    firstPage,
  );
}
