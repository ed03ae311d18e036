// The phases of a pass, in order: chargebacks (all, or those modified since the pass's
// mark), statuses (every status page on a full pass; on an incremental one, those of the
// chargebacks the first phase queued), messages (messages-phase.ts) and ledger entries (from the
// entries mark, or from the start on a full pass). Each saves through the pass's `consume`, so
// every page goes with its cursor and the marks it moved. Each transaction is read once, expanded
// in the listing the dialect expands it in (dialect.ts `txnsExpandedOn`): with its chargeback on
// the core API, in every ledger entry on the micro-service.
import { serviceTimestampMs } from '../store/service-time.ts';
import { unsearchableIdProblem, type SearchClause } from '../../shared/api/index.ts';
import type { ApiClient, ChargebackWithTxn, Page } from '../api/index.ts';
import { eventsFromChargebacks, eventsFromEntries } from './derive-events.ts';
import type { SyncPhase } from './sync-progress.ts';
import type { PassContext } from './pass-context.ts';
import { messagesPhase } from './messages-phase.ts';

const EARLIEST = new Date('2000-01-01T00:00:00Z');

const withSignal = (signal: AbortSignal | undefined): { signal?: AbortSignal } => (signal ? { signal } : {});

const txnsWithChargebacks = (client: ApiClient): boolean => client.dialect.txnsExpandedOn === 'chargebacks';

/** The chargebacks' pages, with their transactions where the dialect expands them there. */
async function* chargebackPages(
  client: ApiClient,
  q: Parameters<ApiClient['chargebackPages']>[0],
): AsyncGenerator<Page<ChargebackWithTxn>> {
  if (txnsWithChargebacks(client)) {
    yield* client.chargebackPagesWithTxns(q);
    return;
  }
  for await (const page of client.chargebackPages(q))
    yield { ...page, records: page.records.map((chargeback) => ({ chargeback, txn: undefined })) };
}

export async function chargebacksPhase(ctx: PassContext, firstPage: number): Promise<void> {
  const { store, profileId, pass, report, quiet, now } = ctx;
  const search: SearchClause[] = pass.since ? [{ field: 'modified', op: 'greater', value: pass.since }] : [];
  let mark = store.syncState.get(profileId).chargebacksModifiedMark;
  await ctx.consume(
    'chargebacks',
    chargebackPages(ctx.client, { search, pageLimit: 100, firstPage, ...withSignal(ctx.signal) }),
    (read) => {
      const records = read.map((r) => r.chargeback);
      const txns = read.flatMap((r) => (r.txn ? [r.txn] : []));
      const changes = store.portfolio.upsertChargebacks(profileId, records, now().getTime(), txns);
      report.chargebacks += records.length;
      for (const r of records) if (r.modified && (!mark || r.modified > mark)) mark = r.modified;
      // The status records of what changed are fetched in the next phase; the list is
      // kept with the page so a resumed pass still has it.
      if (pass.mode === 'incremental')
        store.syncState.queueStatuses(
          profileId,
          records.map((r) => r.id),
        );
      return {
        events: quiet ? [] : eventsFromChargebacks(changes, new Map(records.map((r) => [r.id, r]))),
        marks: { chargebacksModifiedMark: mark },
      };
    },
    firstPage,
  );
}

export async function statusesPhase(ctx: PassContext, firstPage: number): Promise<void> {
  const { store, profileId, report } = ctx;
  if (ctx.pass.mode === 'full') {
    await ctx.consume(
      'statuses',
      ctx.client.statusPages({ pageLimit: 100, firstPage, ...withSignal(ctx.signal) }),
      (records) => {
        store.portfolio.saveStatuses(profileId, records);
        report.statuses += records.length;
        return { events: [] };
      },
      firstPage,
    );
    return;
  }
  let done = 0;
  for (
    let batch = store.syncState.queuedStatuses(profileId, 50);
    batch.length > 0;
    batch = store.syncState.queuedStatuses(profileId, 50)
  ) {
    // A chargeback ID that cannot go into a search (queued before IDs were checked where they
    // are read) is skipped and reported, and leaves the queue with its batch: the saved cursor
    // moves past it instead of failing every sync that resumes into it.
    const usable = batch.filter((id) => !unsearchableIdProblem(id));
    report.invalidRecords += batch.length - usable.length;
    const statuses = usable.length > 0 ? await ctx.client.statusesOf(usable, ctx.signal) : [];
    store.transaction(() => {
      store.portfolio.saveStatuses(profileId, statuses);
      store.syncState.unqueueStatuses(profileId, batch);
    });
    report.statuses += statuses.length;
    done += batch.length;
    ctx.progress('statuses', done, done + store.syncState.queuedStatusCount(profileId));
  }
  if (done === 0) ctx.progress('statuses', 0, 0);
}

export async function entriesPhase(ctx: PassContext, firstPage: number): Promise<void> {
  const { store, profileId, report, quiet, now } = ctx;
  const st = store.syncState.get(profileId);
  // From the newest entry seen or the previous pass's start, whichever is earlier: an
  // entry dated before the newest one we hold can still be new to us.
  const since = Math.min(st.entriesCreatedMark ?? Infinity, st.lastPassStartedAt ?? Infinity);
  const from = ctx.pass.mode === 'incremental' && Number.isFinite(since) ? new Date(since - ctx.overlap) : EARLIEST;
  const to = new Date(now().getTime() + 2 * 86_400_000);
  let mark = st.entriesCreatedMark;
  await ctx.consume(
    'entries',
    ctx.client.entryPages({
      from,
      to,
      pageLimit: 100,
      firstPage,
      expand: !txnsWithChargebacks(ctx.client),
      ...withSignal(ctx.signal),
    }),
    (records) => {
      const fresh = store.portfolio.saveEntries(profileId, records);
      report.entries += records.length;
      for (const e of records) {
        const t = serviceTimestampMs(e.created);
        if (t !== undefined && (mark === null || t > mark)) mark = t;
      }
      return {
        events: quiet ? [] : eventsFromEntries(fresh, (id) => store.portfolio.getChargeback(profileId, id)?.currency),
        marks: { entriesCreatedMark: mark },
      };
    },
    firstPage,
  );
}

export const phaseRunners: Record<SyncPhase, (ctx: PassContext, firstPage: number) => Promise<void>> = {
  chargebacks: chargebacksPhase,
  statuses: statusesPhase,
  messages: messagesPhase,
  entries: entriesPhase,
};
