// Where Dispute Desk keeps its data (database, evidence store, logs). The CLI and the desktop app
// resolve the same folder so they share one store: `--home`, then DISPUTE_DESK_HOME, then the
// folder Electron itself would use for userData ("Dispute Desk" under the OS's app-data folder).
import { homedir } from 'node:os';
import { join } from 'node:path';

export const appName = 'Dispute Desk';

export function defaultAppHome(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), appName);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', appName);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), appName);
}

export function resolveAppHome(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return flag ?? env.DISPUTE_DESK_HOME ?? defaultAppHome(process.platform, env);
}
