// What the window knows: the profiles, the one in use, the screen, and the message to show. A
// message the merchant's own action raised belongs to the screen it was raised on (leaving that
// screen takes it away) and replaces the one shown: the latest action's outcome is what matters.
// News from main (a notification) waits for the shown message to go instead of taking its place
// (the demo's issuer decides a concession within a second, and its news used to wipe out the
// "queued" message of the answer the merchant had just sent); leaving the screen takes both.
import { create } from 'zustand';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';
import { profileInUse } from '../../shared/profile-in-use.ts';
import { rememberedProfile, rememberProfile } from './remembered-profile.ts';

export type Screen =
  | { name: 'onboarding' }
  | { name: 'inbox' }
  | { name: 'dispute'; chargebackId: string }
  | { name: 'outbox' }
  /** `chargebackIds`: the answerable ones selected in the inbox, the only ones files are matched to;
   * `leftOut`: how many others of that selection could not take a packet. */
  | { name: 'batch'; chargebackIds?: string[]; leftOut?: number }
  | { name: 'ledger' }
  | { name: 'insights' }
  | { name: 'settings' };

/** The screen a message belongs to (one dispute is not another). */
export function screenKey(s: Screen): string {
  return s.name === 'dispute' ? `dispute:${s.chargebackId}` : s.name;
}

/** `news`: from main (a notification), not from the merchant's action. */
export type Toast = { id: number; kind: 'error' | 'info'; text: string; screen: string; news?: true };

/** How long a message stays: news briefly, an error long enough to read (the merchant can
 * dismiss either sooner; the time stops while the pointer or the focus is on it). */
export const toastLifetimeMs = { info: 6_000, error: 20_000 } as const;

/** News kept waiting behind the shown message. Beyond this the oldest (what the merchant missed
 * first) and the latest (a burst from main ends with its "N more …" line) are kept; the rest goes
 * (each piece is also a desktop notification and in the activity list). */
const NEWS_WAITING = 3;
const capped = (news: string[]): string[] =>
  news.length <= NEWS_WAITING ? news : [news[0]!, ...news.slice(-(NEWS_WAITING - 1))];
/** The moment with no message between one that goes and the news waiting behind it. */
export const newsGapMs = 400;

interface AppState {
  profiles: ProfileView[];
  profileId: string | undefined;
  screen: Screen;
  toast: Toast | undefined;
  /** News waiting to be shown, oldest first (behind the shown toast, or for a moment after it). */
  news: string[];
  setProfiles(p: ProfileView[]): void;
  selectProfile(id: string): void;
  go(s: Screen): void;
  say(kind: 'error' | 'info', text: string): void;
  /** News from main: shown now if nothing is, else once the shown message goes. */
  tell(text: string): void;
  clearToast(): void;
}

let toastIds = 0;
const toastOf = (kind: Toast['kind'], text: string, screen: Screen): Toast => ({
  id: ++toastIds,
  kind,
  text,
  screen: screenKey(screen),
});
const newsOf = (text: string, screen: Screen): Toast => ({ ...toastOf('info', text, screen), news: true });

/** What is left on `screen`: the shown toast if it belongs there, with the news waiting behind
 * it; else nothing. The merchant who moves on has moved past the news too (each piece is also a
 * desktop notification and in the activity list). Onboarding is the exception: it ends by itself
 * in the inbox once the profile is in, and the news of the first sync ("68 chargebacks loaded…")
 * is about the portfolio the merchant now sees, so the news goes along. */
function keptOn(s: Pick<AppState, 'screen' | 'toast' | 'news'>, screen: Screen): Pick<AppState, 'toast' | 'news'> {
  if (s.toast?.screen === screenKey(screen)) return { toast: s.toast, news: s.news };
  const [first, ...rest] = s.screen.name === 'onboarding' ? [...(s.toast?.news ? [s.toast.text] : []), ...s.news] : [];
  return first === undefined ? { toast: undefined, news: [] } : { toast: newsOf(first, screen), news: rest };
}

export const useApp = create<AppState>((set, get) => ({
  profiles: [],
  profileId: rememberedProfile(),
  screen: { name: 'onboarding' },
  toast: undefined,
  news: [],
  setProfiles: (profiles) => set((s) => ({ profiles, profileId: profileInUse(profiles, s.profileId) })),
  selectProfile: (profileId) => {
    rememberProfile(profileId);
    set((s) => {
      // A dispute, or a batch for chargebacks chosen in the inbox, belongs to the profile left.
      const screen: Screen =
        s.screen.name === 'dispute' ? { name: 'inbox' } : s.screen.name === 'batch' ? { name: 'batch' } : s.screen;
      return { profileId, screen, ...keptOn(s, screen) };
    });
  },
  go: (screen) => set((s) => ({ screen, ...keptOn(s, screen) })),
  // News it replaces was neither read to its end nor dismissed: it goes back to the head of the
  // waiting news (the demo's first sync summary came a tenth of a second before "Demo data is
  // ready" and was never seen).
  say: (kind, text) =>
    set((s) => ({
      toast: toastOf(kind, text, s.screen),
      ...(s.toast?.news ? { news: capped([s.toast.text, ...s.news]) } : {}),
    })),
  tell: (text) =>
    set((s) => (s.toast || s.news.length ? { news: capped([...s.news, text]) } : { toast: newsOf(text, s.screen) })),
  clearToast: () => {
    set({ toast: undefined });
    if (get().news.length === 0) return;
    // The next piece of news after a moment with none: it reads as another message, not as the
    // same one changed, and a second click on × does not dismiss it unseen.
    setTimeout(
      () =>
        set((s) => {
          const [next, ...rest] = s.news;
          // A message raised meanwhile is shown first; the news keeps waiting behind it.
          return s.toast || next === undefined ? {} : { toast: newsOf(next, s.screen), news: rest };
        }),
      newsGapMs,
    );
  },
}));
