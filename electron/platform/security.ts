// Electron's security checklist, as plain values and pure decisions (tested without Electron):
// the window's web preferences, the Content Security Policy, and what the window may navigate
// to, open, or ask permission for (nothing, by default).
export const appScheme = 'app';
export const appHost = 'dispute-desk';
export const appOrigin = `${appScheme}://${appHost}`;

export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    // Middle-click would open links in new windows past the navigation checks.
    disableBlinkFeatures: 'Auxclick',
  } as const;
}

/** The window shows only the app's own pages. */
export function mayNavigate(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${appScheme}:` && u.host === appHost;
  } catch {
    return false;
  }
}

/** Links leave for the browser only over https to an allow-listed host (help pages, the
 * processor's own portal host of a profile). */
export function mayOpenExternally(url: string, allowedHosts: readonly string[]): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === 'https:' &&
      !u.username &&
      !u.password &&
      allowedHosts.some((h) => u.hostname === h || u.hostname.endsWith(`.${h}`))
    );
  } catch {
    return false;
  }
}

/** Camera, microphone, location, notifications from the page…: the app needs none. */
export function permissionDecision(_permission: string): false {
  return false;
}
