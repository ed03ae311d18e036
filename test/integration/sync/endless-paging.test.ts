// Endless paging never fills the disk: a service that keeps saying "more" with fresh IDs, announces
// a million pages, pads every record, or answers a continue-by-ID request with the same records
// again is stopped with a clear error, the pass's cursor kept and what was read before saved. The
// service is the sandbox behind a tiny local server whose /chargebacks answers are made up here
// (hostile-service.ts). Bounds are stated per test: requests, records, bytes and time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syncFixture } from './support.ts';
import { hostileService, type SeenRequest } from './hostile-service.ts';
import { AppError } from '../../../shared/errors.ts';
import { MAX_LISTING_PAGES } from '../../../electron/api/paging.ts';
import { SYNC_STORE_BUDGET_BYTES } from '../../../electron/sync/store-budget.ts';

type Rec = Record<string, unknown>;

/** The sandbox's answer to `/chargebacks` replaced by `page(n, template)`: a real record as the
 * template, so every record made up is one the client reads. */
async function endlessChargebacks(seed: number, page: (n: number, template: Rec, req: SeenRequest) => unknown) {
  const f = await syncFixture({ seed, chargebacks: 5, entries: 5 });
  let template: Rec | undefined;
  const proxy = await hostileService(f.sb.url, (req, body) => {
    if (req.path !== '/chargebacks') return undefined;
    template ??= (body as { response: { data: Rec[] } }).response.data[0];
    return JSON.stringify(page(req.page ?? 0, template!, req));
  });
  f.h.store.profiles.save({ ...f.profile, url: proxy.url });
  const listingRequests = () => proxy.seen.filter((r) => r.path === '/chargebacks').length;
  const stored = () =>
    f.h.store.database.db
      .prepare('SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(json)), 0) AS bytes FROM chargebacks')
      .get() as { n: number; bytes: number };
  return {
    f,
    listingRequests,
    stored,
    async close() {
      await proxy.close();
      await f.close();
    },
  };
}

const envelope = (data: Rec[], page?: { current: number; last: number; hasMore: boolean }) => ({
  response: { data, details: page ? { page } : {}, errors: [] },
});
const fresh = (template: Rec, n: number, count: number, extra: Rec = {}) =>
  Array.from({ length: count }, (_, i) => ({ ...template, ...extra, id: `t1_chb_p${n}_${i}` }));

async function syncFails(f: Awaited<ReturnType<typeof syncFixture>>, pattern: RegExp): Promise<void> {
  await assert.rejects(
    f.h.sync.syncProfile(f.profile.id),
    (e: unknown) => e instanceof AppError && e.kind === 'server' && pattern.test(e.message),
  );
  assert.match(f.h.store.syncState.get(f.profile.id).lastError ?? '', pattern, 'the merchant is told why');
}

test(
  '"more" for ever with fresh IDs stops a few pages past the count first announced ' + '(≤ 15 requests, < 10 s)',
  { timeout: 60_000 },
  async () => {
    // Each page says there is one more than itself: the announced count keeps moving on.
    const t = await endlessChargebacks(41, (n, tpl) =>
      envelope(fresh(tpl, n, 100), { current: n, last: n + 1, hasMore: true }),
    );
    try {
      const started = Date.now();
      await syncFails(t.f, /kept saying there were more pages, past the 2 it announced at first.*cannot fill the disk/);
      assert.ok(Date.now() - started < 10_000);
      assert.ok(t.listingRequests() <= 15, `${t.listingRequests()} requests`);
      assert.ok(t.stored().n <= 12 * 100, `${t.stored().n} chargebacks stored`);
      assert.ok(t.f.h.store.syncState.get(t.f.profile.id).pass, 'the cursor is kept: the next sync resumes');
    } finally {
      await t.close();
    }
  },
);

test(
  `a million pages announced: the listing stops at ${MAX_LISTING_PAGES} pages (1 record each, < 45 s)`,
  { timeout: 90_000 },
  async () => {
    const t = await endlessChargebacks(42, (n, tpl) =>
      envelope(fresh(tpl, n, 1), { current: n, last: 1_000_000, hasMore: true }),
    );
    try {
      const started = Date.now();
      await syncFails(t.f, new RegExp(`kept sending pages past ${MAX_LISTING_PAGES}`));
      assert.ok(Date.now() - started < 45_000);
      assert.ok(t.listingRequests() <= MAX_LISTING_PAGES + 4, `${t.listingRequests()} requests`);
      assert.equal(t.stored().n, MAX_LISTING_PAGES, 'every page before the limit is kept');
    } finally {
      await t.close();
    }
  },
);

test(
  'records padded to 200 KB each, for ever: the sync stops at its budget for the store ' + '(≤ 256 MB written, < 90 s)',
  { timeout: 150_000 },
  async () => {
    const pad = 'x'.repeat(200 * 1024);
    const t = await endlessChargebacks(43, (n, tpl) =>
      envelope(fresh(tpl, n, 50, { description: pad }), { current: n, last: 1_000_000, hasMore: true }),
    );
    try {
      const started = Date.now();
      await syncFails(t.f, /more than 256 MB of records in one sync.*cannot fill the disk/);
      assert.ok(Date.now() - started < 90_000);
      const { bytes } = t.stored();
      assert.ok(bytes <= SYNC_STORE_BUDGET_BYTES, `${Math.round(bytes / 1024 / 1024)} MB stored`);
      assert.ok(bytes > SYNC_STORE_BUDGET_BYTES / 2, 'what came before the budget was saved');
      assert.ok(t.listingRequests() < 40, `${t.listingRequests()} requests`);
    } finally {
      await t.close();
    }
  },
);

test(
  'a continue-by-ID request answered with the same records again is not resent: ' + 'stopped after 2 requests',
  { timeout: 30_000 },
  async () => {
    // No paging details, so the client continues by ID; the service ignores `id[greater]`.
    const t = await endlessChargebacks(44, (_n, tpl) => envelope(fresh(tpl, 0, 100)));
    try {
      await syncFails(t.f, /sent the same records again when asked for the next ones/);
      assert.equal(t.listingRequests(), 2, 'the request was never resent');
      assert.equal(t.stored().n, 100);
    } finally {
      await t.close();
    }
  },
);
