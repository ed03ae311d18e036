// What the window knows: the active profile, the screen, and the last error to show.
import { create } from 'zustand';
import type { ProfileView } from '../../shared/ipc/channels/app.ts';

export type Screen = { name: 'onboarding' } | { name: 'inbox' } | { name: 'dispute'; chargebackId: string } | { name: 'outbox' } | { name: 'ledger' };

interface AppState {
  profiles: ProfileView[];
  profileId: string | undefined;
  screen: Screen;
  toast: { kind: 'error' | 'info'; text: string } | undefined;
  setProfiles(p: ProfileView[]): void;
  go(s: Screen): void;
  say(kind: 'error' | 'info', text: string): void;
  clearToast(): void;
}

export const useApp = create<AppState>((set) => ({
  profiles: [],
  profileId: undefined,
  screen: { name: 'onboarding' },
  toast: undefined,
  setProfiles: (profiles) => set((s) => ({ profiles, profileId: profiles.some((p) => p.id === s.profileId) ? s.profileId : profiles[0]?.id })),
  go: (screen) => set({ screen }),
  say: (kind, text) => set({ toast: { kind, text } }),
  clearToast: () => set({ toast: undefined }),
}));
