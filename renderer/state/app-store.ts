// What the window knows: the profiles, the one in use, the screen, and the last message to show.
import { create } from 'zustand';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';

export type Screen =
  | { name: 'onboarding' }
  | { name: 'inbox' }
  | { name: 'dispute'; chargebackId: string }
  | { name: 'outbox' }
  | { name: 'batch' }
  | { name: 'ledger' }
  | { name: 'settings' };

interface AppState {
  profiles: ProfileView[];
  profileId: string | undefined;
  screen: Screen;
  toast: { kind: 'error' | 'info'; text: string } | undefined;
  setProfiles(p: ProfileView[]): void;
  selectProfile(id: string): void;
  go(s: Screen): void;
  say(kind: 'error' | 'info', text: string): void;
  clearToast(): void;
}

// The profile in use is a preference of this window, so it is remembered by the window.
const remembered = 'dispute-desk.profile';
function recall(): string | undefined {
  try {
    return localStorage.getItem(remembered) ?? undefined;
  } catch {
    return undefined;
  }
}
function remember(id: string): void {
  try {
    localStorage.setItem(remembered, id);
  } catch {
    // Storage can be off (private window); the choice then lasts until the window closes.
  }
}

export const useApp = create<AppState>((set) => ({
  profiles: [],
  profileId: recall(),
  screen: { name: 'onboarding' },
  toast: undefined,
  setProfiles: (profiles) => set((s) => ({ profiles, profileId: profiles.some((p) => p.id === s.profileId) ? s.profileId : profiles[0]?.id })),
  selectProfile: (profileId) => {
    remember(profileId);
    set((s) => ({ profileId, screen: s.screen.name === 'dispute' ? { name: 'inbox' } : s.screen }));
  },
  // An error is about the screen it was made on: leaving that screen takes it away.
  go: (screen) => set((s) => ({ screen, toast: s.toast?.kind === 'error' ? undefined : s.toast })),
  say: (kind, text) => set({ toast: { kind, text } }),
  clearToast: () => set({ toast: undefined }),
}));
