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

export type Toast = { id: number; kind: 'error' | 'info'; text: string; screen: string };

/** How long a message stays: news briefly, an error long enough to read (the merchant can
 * dismiss either sooner; the time stops while the pointer or the focus is on it). */
export const toastLifetimeMs = { info: 6_000, error: 20_000 } as const;

/** News kept waiting behind the shown message; older news beyond this goes (each piece is also a
 * desktop notification and an entry in the activity list). */
const NEWS_WAITING = 3;
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

/** What is left on `screen`: the shown toast if it belongs there, with the news waiting behind
 * it; else nothing. The merchant who moves on has moved past the news too (each piece is also a
 * desktop notification and in the activity list). */
const keptOn = (s: Pick<AppState, 'toast' | 'news'>, screen: Screen): Pick<AppState, 'toast' | 'news'> =>
  s.toast?.screen === screenKey(screen) ? { toast: s.toast, news: s.news } : { toast: undefined, news: [] };

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
  say: (kind, text) => set((s) => ({ toast: toastOf(kind, text, s.screen) })),
  tell: (text) =>
    set((s) =>
      s.toast || s.news.length
        ? { news: [...s.news, text].slice(-NEWS_WAITING) }
        : { toast: toastOf('info', text, s.screen) },
    ),
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
          return s.toast || next === undefined ? {} : { toast: toastOf('info', next, s.screen), news: rest };
        }),
      newsGapMs,
    );
  },
}));
