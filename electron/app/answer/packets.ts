// A chargeback's evidence packet, worked out in one place for the preview, the window's answer,
// `dispute-desk respond` and batch: the settings within the profile's own limits (whatever a window
// sent), the cover letter tied to the files really in it, and a key that names exactly this
// packet. It is built once, straight into the folder it is wanted in; a packet the merchant
// previewed and then sends unchanged is taken as built (electron/evidence/previews.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../../store/index.ts';
import type { EvidenceStore } from '../../evidence/evidence-store.ts';
import type { Previews } from '../../evidence/previews.ts';
import { buildPacket, estimatePacket } from '../../evidence/packet/build.ts';
import { withDrawingSignal } from '../../evidence/pdf-raster.ts';
import type { Profile } from '../../../shared/profiles.ts';
import type { Chargeback } from '../../../shared/api/index.ts';
import type {
  Arrangement,
  BuildResult,
  BuildSettings,
  Estimate,
  EvidenceItem,
} from '../../../shared/evidence/items.ts';
import { settingsOfDraft, type EvidenceDraft } from '../../../shared/evidence/draft.ts';
import type { Slots } from '../../../shared/evidence/slots.ts';
import { AppError } from '../../../shared/errors.ts';
import { letterSource, packetLetter, type CoverLetter } from './letter.ts';
import type { HistoryExhibits, HistoryForPacket } from '../../card-history/history-exhibits.ts';

/** What the letter cites of the card's and the customer's history. */
export type LetterHistory = Pick<HistoryForPacket, 'compellingEvidence' | 'customerHistory'>;
const noHistory: LetterHistory = { compellingEvidence: undefined, customerHistory: undefined };

export type BuildPacket = typeof buildPacket;

/** What the merchant asks to send. */
export interface PacketAsk {
  arrangement: Arrangement;
  /** The merchant's choices (the window's draft); without them, the profile's preset as a PDF.
   * The profile's own limits and the packet's name apply either way. */
  settings?: BuildSettings | undefined;
  /** The letter's text as the merchant wrote it; without it, the template's. */
  rebuttal?: string | undefined;
  /** The draft's slots of structured evidence: the letter's paragraphs and the exhibits' titles. */
  slots?: Slots | undefined;
  /** Add the customer's earlier orders as an exhibit; without it, as the merchant chose on the page. */
  customerHistory?: boolean | undefined;
}

export interface Packet {
  chargebackId: string;
  arrangement: Arrangement;
  settings: BuildSettings;
  /** The letter as written for these files, blanks and all. */
  letter: CoverLetter;
  /** What goes in: the letter, unless the settings leave it out. */
  cover: CoverLetter | undefined;
  /** Names this packet: the same key, the same files. */
  key: string;
}

/** Each file once, every page of it, as it is: the packet of files given without an arrangement. */
export function wholeFiles(items: readonly EvidenceItem[]): Arrangement {
  const seen = new Set<string>();
  const once = items.filter((i) => !seen.has(i.id) && seen.add(i.id));
  return {
    pages: once.flatMap((i) =>
      Array.from({ length: i.pages }, (_, page) => ({ itemId: i.id, page, rotation: 0 as const })),
    ),
  };
}

/** JSON with its keys in one order, so that equal inputs give equal keys however they were made. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

export function createPackets(deps: {
  store: Store;
  evidence: EvidenceStore;
  previews?: Previews | undefined;
  build?: BuildPacket | undefined;
  /** The exhibits written from the card's history (Compelling Evidence 3.0, the customer's orders). */
  history?: HistoryExhibits | undefined;
}) {
  const build = deps.build ?? buildPacket;

  /** Builds into `dir`; a signal stops it between pages and a PDF page being drawn at once. */
  const make = (packet: Packet, dir: string, signal?: AbortSignal): Promise<BuildResult> =>
    withDrawingSignal(signal, () =>
      build(deps.evidence, packet.arrangement, packet.settings, {
        outDir: dir,
        ...(packet.cover ? { coverLetter: packet.cover } : {}),
        ...(signal ? { signal } : {}),
      }),
    );

  /** Whether the packet takes the customer's orders: as asked, else as chosen on the dispute page. */
  const customerHistoryOf = (profile: Profile, cb: Chargeback, asked: boolean | undefined): boolean =>
    asked ?? deps.store.cardHistory.customerHistoryChosen(profile.id, cb.id);

  /** The arrangement and titles with the card history's exhibits after the merchant's files, and the
   * Compelling Evidence 3.0 verdict for the letter's paragraph when the card qualifies
   * (electron/card-history/). The size estimate counts the same pages. */
  async function withHistory(
    profile: Profile,
    cb: Chargeback,
    ask: Pick<PacketAsk, 'arrangement' | 'slots' | 'customerHistory'>,
  ): Promise<{ arrangement: Arrangement; slots: Slots | undefined; history: LetterHistory }> {
    const history = await deps.history?.forPacket(profile, cb, {
      customerHistory: customerHistoryOf(profile, cb, ask.customerHistory),
    });
    if (!history?.exhibits.length) return { arrangement: ask.arrangement, slots: ask.slots, history: noHistory };
    const pages = history.exhibits.flatMap((x) =>
      Array.from({ length: x.pages }, (_, page) => ({ itemId: x.itemId, page, rotation: 0 as const })),
    );
    return {
      arrangement: { ...ask.arrangement, pages: [...ask.arrangement.pages, ...pages] },
      slots: {
        ...ask.slots,
        titles: { ...ask.slots?.titles, ...Object.fromEntries(history.exhibits.map((x) => [x.itemId, x.title])) },
      },
      history: { compellingEvidence: history.compellingEvidence, customerHistory: history.customerHistory },
    };
  }

  /** The packet `ask` makes for this chargeback. Its key covers everything the files are made
   * from: the arrangement, the settings, the letter as written (with its date), and the stored
   * files (their content IDs, names and pages). */
  async function plan(profile: Profile, cb: Chargeback, ask: PacketAsk): Promise<Packet> {
    const chosen = ask.settings ?? { preset: profile.preset, pageSize: profile.pageSize, output: 'pdf' as const };
    const settings: BuildSettings = { ...chosen, limits: profile.limits, baseName: `evidence ${cb.id}` };
    const { arrangement, slots, history } = await withHistory(profile, cb, ask);
    const letter = await packetLetter(
      deps.evidence,
      letterSource(deps.store, profile, cb),
      arrangement,
      ask.rebuttal,
      slots,
      history,
    );
    const cover = settings.coverLetter === false ? undefined : letter;
    const items = await Promise.all(
      [...new Set(arrangement.pages.map((p) => p.itemId))].map((id) => deps.evidence.get(id)),
    );
    const made = { profileId: profile.id, chargebackId: cb.id, arrangement, settings, cover, items };
    const key = createHash('sha256').update(canonical(made)).digest('hex');
    return { chargebackId: cb.id, arrangement, settings, letter, cover, key };
  }

  return {
    plan,
    withHistory,

    /** The packet's files in `dir`: the merchant's preview of it when that is this very packet
     * (moved, not written again), else built there. */
    async buildInto(packet: Packet, dir: string, o: { signal?: AbortSignal | undefined } = {}): Promise<BuildResult> {
      return (await deps.previews?.take(packet.chargebackId, packet.key, dir)) ?? make(packet, dir, o.signal);
    },

    /** The packet as the draft would send it, built for the merchant to look at. */
    async preview(
      profile: Profile,
      cb: Chargeback,
      draft: EvidenceDraft,
      signal?: AbortSignal,
    ): Promise<{ result: BuildResult; files: Array<{ name: string; bytes: Uint8Array }> }> {
      const previews = deps.previews;
      if (!previews) throw new AppError('internal', 'Previews are shown only in the desktop app.');
      const packet = await plan(profile, cb, {
        arrangement: draft.arrangement,
        settings: settingsOfDraft(draft, profile.limits),
        rebuttal: draft.rebuttal,
        slots: draft.slots,
      });
      signal?.throwIfAborted();
      const shown = await previews.show(cb.id, packet.key, (dir) => make(packet, dir, signal));
      const files = await Promise.all(
        shown.result.files.map(async (f) => ({
          name: f.name,
          bytes: new Uint8Array(await readFile(join(shown.dir, f.name))),
        })),
      );
      return { result: shown.result, files };
    },

    /** The size and pages of a packet as the window arranges it, counted as it will be sent: with
     * the card history's exhibits and the letter as written (the draft's own text and the
     * merchant's name decide how many pages it takes). Without a stored chargeback, the files alone. */
    async estimate(
      subject: { profileId?: string | undefined; chargebackId?: string | undefined },
      ask: { arrangement: Arrangement; settings: BuildSettings; rebuttal?: string | undefined; slots?: Slots },
    ): Promise<Estimate> {
      const profile = subject.profileId ? deps.store.profiles.get(subject.profileId) : undefined;
      const cb =
        subject.chargebackId && profile
          ? deps.store.portfolio.getChargeback(profile.id, subject.chargebackId)
          : undefined;
      if (!profile || !cb) return estimatePacket(deps.evidence, ask.arrangement, ask.settings);
      const full = await withHistory(profile, cb, ask);
      const source = letterSource(deps.store, profile, cb);
      const letter = await packetLetter(
        deps.evidence,
        source,
        full.arrangement,
        ask.rebuttal,
        full.slots,
        full.history,
      );
      return estimatePacket(deps.evidence, full.arrangement, ask.settings, letter);
    },

    /** The titles of the exhibits the card history adds to this chargeback's packet. */
    historyTitles: async (profile: Profile, cb: Chargeback, customerHistory?: boolean): Promise<string[]> =>
      deps.history?.titles(profile, cb, { customerHistory: customerHistoryOf(profile, cb, customerHistory) }) ?? [],

    /** A file of the chargeback's last preview, to open or copy. */
    previewFile: (chargebackId: string, name: string): Promise<string> => {
      if (!deps.previews) throw new AppError('not-found', 'That preview is gone: preview the packet again.');
      return deps.previews.fileOf(chargebackId, name);
    },

    /** The chargeback's answer is queued: its preview is of no more use. */
    sent: async (chargebackId: string): Promise<void> => deps.previews?.forget(chargebackId),
  };
}
export type Packets = ReturnType<typeof createPackets>;
