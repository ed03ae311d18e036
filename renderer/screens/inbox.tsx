// The inbox: open, actionable chargebacks first by reply deadline, then the rest.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../bridge.ts';
import { useApp } from '../state/app-store.ts';
import { VirtualList } from '../components/virtual-list.tsx';
import type { InboxRowView } from '../../shared/views/inbox-row.ts';
import { formatAmount } from '../../shared/domain/money.ts';
import { describeDeadline, deadlineState, formatYmd } from '../../shared/domain/dates.ts';
import { cycleLabel } from '../../shared/domain/cycles.ts';
import { disputeCategories, categoryLabel, networkIds, networkLabel } from '../../shared/domain/reason-codes.ts';
import { cycles } from '../../shared/domain/enums.ts';

const PAGE = 100;

export function Inbox({ profileId, version }: { profileId: string; version: number }) {
  const go = useApp((s) => s.go);
  const [filters, setFilters] = useState({ status: '', category: '', cycle: '', network: '', search: '' });
  const [total, setTotal] = useState(0);
  const [counts, setCounts] = useState({ open: 0, dueSoon: 0, overdue: 0, total: 0 });
  const [, bump] = useState(0);
  const rows = useRef(new Map<number, InboxRowView>());
  const loading = useRef(new Set<number>());
  const query = useMemo(() => ({ profileId, ...(filters.status ? { status: filters.status } : {}), ...(filters.category ? { category: filters.category } : {}), ...(filters.cycle ? { cycle: filters.cycle } : {}), ...(filters.network ? { network: Number(filters.network) } : {}), ...(filters.search.trim() ? { search: filters.search.trim() } : {}) }), [profileId, filters]);

  const loadPage = useCallback(async (page: number) => {
    if (loading.current.has(page)) return;
    loading.current.add(page);
    const r = await api().listInbox({ ...query, offset: page * PAGE, limit: PAGE });
    if (!r.ok) return;
    r.value.rows.forEach((row, i) => rows.current.set(page * PAGE + i, row));
    setTotal(r.value.total);
    setCounts(r.value.counts);
    bump((n) => n + 1);
  }, [query]);

  useEffect(() => {
    const t = setTimeout(() => {
      rows.current = new Map();
      loading.current = new Set();
      void loadPage(0);
    }, 150);
    return () => clearTimeout(t);
  }, [loadPage, version]);

  const ensure = useCallback((from: number, to: number) => {
    for (let p = Math.floor(from / PAGE); p <= Math.floor(Math.max(from, to - 1) / PAGE); p++) void loadPage(p);
  }, [loadPage]);

  return (
    <section className="inbox" aria-label="Inbox">
      <header className="toolbar">
        <div className="counts" aria-live="polite">
          <span><strong>{counts.open}</strong> open</span>
          <span className={counts.dueSoon ? 'warn' : ''}><strong>{counts.dueSoon}</strong> due within 3 days</span>
          <span className={counts.overdue ? 'danger' : ''}><strong>{counts.overdue}</strong> overdue</span>
        </div>
        <label className="search">Search<input type="search" placeholder="ID, transaction, amount, reason" value={filters.search} onChange={(e) => setFilters({ ...filters, search: e.target.value })} /></label>
        <label>Status<select value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}><option value="">All</option><option value="open">Open</option><option value="won">Won</option><option value="lost">Lost</option><option value="closed">Closed</option></select></label>
        <label>Stage<select value={filters.cycle} onChange={(e) => setFilters({ ...filters, cycle: e.target.value })}><option value="">All</option>{cycles.map((c) => <option key={c} value={c}>{cycleLabel(c)}</option>)}</select></label>
        <label>Network<select value={filters.network} onChange={(e) => setFilters({ ...filters, network: e.target.value })}><option value="">All</option>{networkIds.map((n) => <option key={n} value={n}>{networkLabel(n)}</option>)}</select></label>
        <label>Kind<select value={filters.category} onChange={(e) => setFilters({ ...filters, category: e.target.value })}><option value="">All</option>{disputeCategories.map((c) => <option key={c} value={c}>{categoryLabel[c]}</option>)}</select></label>
      </header>
      {total === 0 ? (
        <p className="empty">{filters.search || filters.status || filters.category || filters.cycle || filters.network ? 'No chargeback matches these filters.' : 'No chargebacks yet. Sync to bring in your portfolio.'}</p>
      ) : (
        <VirtualList<InboxRowView>
          label="Chargebacks, open ones first by reply deadline"
          total={total}
          rowHeight={56}
          rowAt={(i) => rows.current.get(i)}
          ensure={ensure}
          onOpen={(i) => {
            const row = rows.current.get(i);
            if (row) go({ name: 'dispute', chargebackId: row.id });
          }}
          render={(row) => {
            if (!row) return <div className="cell muted">Loading…</div>;
            // Once answered, the deadline is met: the row says where the answer stands instead.
            const answered = row.answer && row.answer.stage !== 'not-answered' && row.answer.stage !== 'decided' ? row.answer : undefined;
            const state = answered ? 'answered' : row.status === 'open' && row.actionable ? deadlineState(row.daysLeft ?? undefined, row.replyInvalid) : 'none';
            return (
              <>
                <div className={`cell deadline ${state}`} data-testid="days-left">{answered ? answered.label : row.status === 'open' && row.actionable ? describeDeadline(row.daysLeft ?? undefined, row.replyInvalid) : row.status === 'open' ? 'Not answerable' : row.status[0]!.toUpperCase() + row.status.slice(1)}</div>
                <div className="cell main">
                  <span className="reason">{row.reasonCode} · {row.reason}</span>
                  <span className="muted id">{row.id}{row.reply ? ` · reply by ${formatYmd(row.reply)}` : ''}</span>
                </div>
                <div className="cell muted">{cycleLabel(row.cycle)}</div>
                <div className="cell amount">{formatAmount(row.total, row.currency)}</div>
              </>
            );
          }}
        />
      )}
    </section>
  );
}
