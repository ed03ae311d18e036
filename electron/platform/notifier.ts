// Desktop notifications behind a small interface: Electron's Notification in the app
// (platform/electron-notifier.ts), a recorder in tests, and lines on stderr in the CLI.
export interface Notification {
  title: string;
  body: string;
  kind: string;
  chargebackId?: string | undefined;
}

export interface Notifier {
  notify(n: Notification): void;
}

/** Keeps what would have been shown: tests read it, the CLI prints it. */
export function createRecordingNotifier(
  onNotify?: (n: Notification) => void,
): Notifier & { readonly shown: Notification[] } {
  const shown: Notification[] = [];
  return {
    shown,
    notify(n) {
      shown.push(n);
      onNotify?.(n);
    },
  };
}
