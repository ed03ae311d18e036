// What the window knows: the profiles, the one in use, the screen, and the last message to show.
// A message belongs to the screen it was raised on: leaving that screen takes it away.
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

interface AppState {
  profiles: ProfileView[];
  profileId: string | undefined;
  screen: Screen;
  toast: Toast | undefined;
  setProfiles(p: ProfileView[]): void;
  selectProfile(id: string): void;
  go(s: Screen): void;
  say(kind: 'error' | 'info', text: string): void;
  clearToast(): void;
}

/** The toast still belongs on `screen`, or none. */
const keptOn = (toast: Toast | undefined, screen: Screen): Toast | undefined =>
  toast?.screen === screenKey(screen) ? toast : undefined;
let toastIds = 0;

export const useApp = create<AppState>((set) => ({
  profiles: [],
  profileId: rememberedProfile(),
  screen: { name: 'onboarding' },
  toast: undefined,
  setProfiles: (profiles) => set((s) => ({ profiles, profileId: profileInUse(profiles, s.profileId) })),
  selectProfile: (profileId) => {
    rememberProfile(profileId);
    set((s) => {
      // A dispute, or a batch for chargebacks chosen in the inbox, belongs to the profile left.
      const screen: Screen =
        s.screen.name === 'dispute' ? { name: 'inbox' } : s.screen.name === 'batch' ? { name: 'batch' } : s.screen;
      return { profileId, screen, toast: keptOn(s.toast, screen) };
    });
  },
  go: (screen) => set((s) => ({ screen, toast: keptOn(s.toast, screen) })),
  say: (kind, text) => set((s) => ({ toast: { id: ++toastIds, kind, text, screen: screenKey(s.screen) } })),
  clearToast: () => set({ toast: undefined }),
}));
