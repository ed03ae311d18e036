// The desktop app's services, wired once: the headless services plus the desktop's platform
// (dialogs, notifications, badge), events to the window, demo mode and alert receivers.
import { qualifyingVerdict } from '../shared/views/card-history-view.ts';
import type { FileDialogs, DesktopShell, Badge } from './platform/types.ts';
import type { Notifier } from './platform/notifier.ts';
import type { z } from 'zod';
import type { IpcEvents } from '../shared/ipc/contract.ts';
import { openHeadless, type Headless } from './headless.ts';
import { createBatchService } from './app/batch/batch-service.ts';
import { createLiabilityBatch } from './app/accept-liability.ts';
import { createHolds } from './app/batch/holds.ts';
import { createResponder } from './app/answer/answer.ts';
import { createScanReader } from './app/batch/read-scan.ts';
import { createOcrEngine } from './ocr/ocr-engine.ts';
import { startDemo, demoProfileId } from './demo.ts';
import type { DialectName } from '../shared/domain/dialects.ts';
import { startAlertReceiver } from './sync/alert-receiver.ts';
import type { Sandbox } from './sandbox/index.ts';
import type { KeyVault } from './credentials/key-vault.ts';
import { AppError, isAppError, userMessage } from '../shared/errors.ts';
import { createAppLog } from './app-log.ts';
import { technicalDetail } from './api/errors.ts';
import { backupIfDue } from './store/integrity.ts';
import { writeFile } from 'node:fs/promises';
import type { ProfileDeps } from './app/profiles.ts';
import type { DraftDeps } from './app/drafts.ts';
import type { DraftAnswerDeps } from './app/answer/send-draft.ts';
import type { ExportDeps } from './app/exports.ts';
import { letterSource } from './app/answer/letter.ts';
import { worklistQueryOf } from './views/worklist-query.ts';
import { readLedgerLines } from './views/read-ledger.ts';
import { sendByBusinessDaysOf } from '../shared/domain/send-by.ts';

export interface AppPlatform {
  dialogs: FileDialogs;
  shell: DesktopShell;
  badge: Badge;
  notifier: Notifier;
}

/** Where the services tell the window what happens: the IPC event hub (ipc/event-hub.ts), which
 * checks each event against the contract. Named here so the services do not import the doors. */
export interface WindowEvents {
  emit<K extends keyof IpcEvents & string>(event: K, payload: z.input<IpcEvents[K]>): void;
}

export async function createAppServices(o: {
  home: string;
  platform: AppPlatform;
  events: WindowEvents;
  vault?: KeyVault;
  version?: string;
}) {
  const log = createAppLog(o.home);
  const logRefusedAlert = createAppLog(o.home, 'alerts-refused.log');
  const notifier: Notifier = {
    notify(n) {
      o.platform.notifier.notify(n);
      o.events.emit('notification', {
        title: n.title,
        body: n.body,
        kind: n.kind,
        ...(n.chargebackId ? { chargebackId: n.chargebackId } : {}),
      });
    },
  };
  const h: Headless = openHeadless({
    home: o.home,
    notifier,
    ...(o.vault ? { vault: o.vault } : {}),
    outboxHooks: {
      onChange: (job) => o.events.emit('outboxChanged', job),
      onProgress: (p) => o.events.emit('outboxProgress', p),
    },
  });
  // One OCR engine for the app: one worker thread, started on the first scan read, ended idle.
  const ocr = createOcrEngine();
  const reader = createScanReader({ evidence: h.evidence, ocr });
  const batch = createBatchService({
    store: h.store,
    evidence: h.evidence,
    outbox: h.outbox,
    reader,
    packets: h.packets,
  });
  const liability = createLiabilityBatch({
    chargeback: (profileId, chargebackId) => h.store.portfolio.getChargeback(profileId, chargebackId),
    holdsOf: createHolds({ store: h.store }),
    // Without sync: as batch upload, against what was last synced (the review the merchant saw).
    answering: createResponder({ store: h.store, evidence: h.evidence, outbox: h.outbox }),
  });
  h.sync.onProgress((p) => o.events.emit('syncProgress', p));
  h.sync.onFinished(({ profileId, ok, error }) => {
    o.events.emit('syncFinished', { profileId, ok });
    // The window says why in the merchant's words; the log keeps the address and system code too.
    if (error && !isAppError(error, 'cancelled')) {
      const detail = technicalDetail(error);
      log(
        `${h.store.profiles.get(profileId)?.name ?? profileId}: sync failed: ${userMessage(error)}${detail ? ` (${detail})` : ''}`,
      );
    }
  });
  let demo: Sandbox | undefined;
  const receivers = new Map<string, { url: string; close(): Promise<void> }>();
  let backupTimer: NodeJS.Timeout | undefined;

  // Closing: set first, so late callbacks (a sync's schedule error, an alert) touch nothing.
  let closing = false;
  /** Work that writes to the store when it ends (an answer being built, then queued): close()
   * waits for it, so it is kept rather than lost to a closed database. */
  const keptOpen = new Set<Promise<unknown>>();

  const updateBadge = (): void => {
    if (closing) return;
    const due = h.store.profiles.list().reduce((sum, p) => {
      const c = h.store.portfolio.inboxCounts(p.id, { sendByBusinessDays: sendByBusinessDaysOf(p) });
      return sum + c.dueSoon + c.overdue;
    }, 0);
    o.platform.badge.setDueSoonCount(due);
  };

  /** Starts (or restarts) a profile's alert receiver from its saved settings; stops it when off. */
  async function applyReceiver(profileId: string): Promise<void> {
    await receivers.get(profileId)?.close();
    receivers.delete(profileId);
    const p = h.store.profiles.get(profileId);
    const r = p?.alertReceiver;
    if (!p || !r?.enabled) return;
    receivers.set(
      p.id,
      await startAlertReceiver({
        store: h.store,
        profileId: p.id,
        bindAddress: r.bindAddress,
        onNetwork: r.onNetwork,
        port: r.port,
        secret: r.secret,
        headerName: r.headerName,
        headerValue: r.headerValue,
        log: (line) => log(`${p.name}: ${line}`),
        logRefused: (line) => logRefusedAlert(`${p.name}: ${line}`),
        onAlert: (event, id) => {
          if (closing) return;
          // A failed re-read changes nothing; the next sync pass brings what changed.
          h.sync
            .applyAlert(p.id, event, id)
            .then(updateBadge, (e: unknown) =>
              log(`${p.name}: re-reading ${id} after an alert failed: ${userMessage(e)}`),
            );
        },
      }).catch((e: unknown) => {
        const code = (e as NodeJS.ErrnoException).code;
        const why =
          code === 'EADDRINUSE'
            ? `port ${r.port} is already used by another program`
            : code === 'EADDRNOTAVAIL'
              ? `${r.bindAddress} is not an address of this computer`
              : code === 'EACCES'
                ? `port ${r.port} needs administrator rights; choose one above 1024`
                : (e as Error).message;
        if (isAppError(e)) throw e;
        throw new AppError('validation', `The alert receiver could not start: ${why}.`, {
          cause: e,
          fields: [{ field: 'alertReceiver', message: why }],
        });
      }),
    );
  }

  /** A profile was added, changed or removed: its schedule and receiver follow at once. A
   * receiver that cannot start throws, so the settings that asked for it can be put back. */
  async function profileChanged(profileId: string, o: { receiver?: boolean } = {}): Promise<void> {
    const exists = h.store.profiles.get(profileId) !== undefined;
    if (exists) h.sync.schedule(profileId);
    else h.sync.unschedule(profileId);
    if (o.receiver !== false) await applyReceiver(profileId);
    if (!exists && profileId === demoProfileId && demo) {
      // The demo was removed: its sandbox stops (its data stays for the next "Explore").
      await demo.close();
      demo = undefined;
    }
    updateBadge();
  }

  /** What each use case in app/ is given, built once: the window's handlers are adapters that hand
   * their calls to them. Each reaches a service only when a call comes (a call stopped before its
   * work touches none). */
  const useCases = {
    ...h.useCases,
    profiles: { ...h.useCases.profiles, followers: { profileChanged } } satisfies ProfileDeps,
    drafts: {
      subjects: {
        profile: (id) => h.store.profiles.get(id),
        chargeback: (profileId, chargebackId) => h.store.portfolio.getChargeback(profileId, chargebackId),
        letterSource: (profile, cb) => letterSource(h.store, profile, cb),
        qualifyingCe3: async (profile, cb) =>
          qualifyingVerdict(await h.cardHistory.compellingEvidence(profile, cb)) ?? null,
        chosenCustomerHistory: async (profile, cb) => {
          if (!h.store.cardHistory.customerHistoryChosen(profile.id, cb.id)) return null;
          const c = await h.cardHistory.customerHistory(profile, cb);
          return c.state === 'checked' && c.orders.length > 0 ? { email: c.email, orders: c.orders } : null;
        },
      },
      drafts: {
        get: (profileId, chargebackId) => h.store.drafts.get(profileId, chargebackId),
        save: (profileId, chargebackId, draft) => h.store.drafts.save(profileId, chargebackId, draft),
      },
    } satisfies DraftDeps,
    draftAnswer: { answering: h.respond, drafts: h.store.drafts, outbox: h.outbox } satisfies DraftAnswerDeps,
    exports: {
      reads: {
        inboxRows: (q) => h.store.portfolio.worklistAll(worklistQueryOf(h, q)),
        ledgerLines: (profileId, from, to) => readLedgerLines(h.store, profileId, from, to, 'by-currency'),
      },
      target: { choose: (d) => o.platform.dialogs.saveFile(d), write: (path, text) => writeFile(path, text) },
      today: () => new Date().toISOString().slice(0, 10),
    } satisfies ExportDeps,
  };

  return {
    ...h,
    useCases,
    home: o.home,
    log,
    version: o.version ?? '0.0.0',
    batch,
    liability,
    reader,
    platform: o.platform,
    events: o.events,
    updateBadge,
    isDemo: () => h.store.profiles.get(demoProfileId) !== undefined,
    /** The embedded sandbox while demo mode runs (its admin surface drives demos and tests). */
    demoSandbox: (): Sandbox | undefined => demo,
    /** The demo speaks the core API's dialect unless asked for the micro-service's. */
    async startDemo(d: { dialect?: DialectName } = {}) {
      if (!demo) {
        const started = await startDemo(h, o.home, d);
        demo = started.sandbox;
      }
      await h.sync.syncProfile(demoProfileId).catch(() => undefined);
      updateBadge();
      return h.store.profiles.get(demoProfileId)!;
    },
    /** Where a profile's alert receiver listens now (the address to give the processor). */
    receiverUrl: (profileId: string): string | undefined => receivers.get(profileId)?.url,

    profileChanged,

    /** Start-up: the demo comes back, receivers listen, sync and the outbox run on their own.
     * A receiver that cannot start does not stop the app: its settings say why. */
    async start(): Promise<void> {
      if (h.store.profiles.get(demoProfileId)) await this.startDemo();
      for (const p of h.store.profiles.list()) {
        await applyReceiver(p.id).catch((e: unknown) => {
          log(`${p.name}: ${userMessage(e)}`);
          notifier.notify({ kind: 'receiver', title: `Alerts for ${p.name} are off`, body: userMessage(e) });
        });
      }
      h.sync.startSchedule(() => updateBadge());
      h.outbox.start();
      // The app can run for weeks: the database's daily copy follows (the CLI's comes at open).
      backupTimer = setInterval(() => {
        try {
          backupIfDue(h.store.database.db, h.store.database.file);
        } catch (e) {
          log(`The daily database backup failed: ${userMessage(e)}`);
        }
      }, 60 * 60_000);
      backupTimer.unref();
      updateBadge();
    },
    /** Runs `work` so that close() waits for it; once closing, new work is refused. */
    async keepOpen<T>(work: () => Promise<T>): Promise<T> {
      if (closing)
        throw new AppError('cancelled', 'Dispute Desk is closing; nothing was done. Try again after it starts.');
      const p = work();
      keptOpen.add(p);
      try {
        return await p;
      } finally {
        keptOpen.delete(p);
      }
    },

    /** Graceful, in order: nothing new comes in (alerts, schedules); answers being built are
     * queued; the outbox finishes its request or leaves it to be reconciled; sync passes stop
     * with the pages they saved; only then the store closes. */
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      h.sync.stopSchedule();
      clearInterval(backupTimer);
      for (const r of receivers.values()) await r.close().catch(() => undefined);
      receivers.clear();
      await Promise.allSettled([...keptOpen]);
      await h.outbox.stop();
      await h.sync.stop();
      await ocr.close();
      await demo?.close();
      h.vault.forgetAll();
      h.close();
    },
  };
}
export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
