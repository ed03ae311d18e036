// The few things the app needs from the desktop, behind small interfaces so that everything else
// runs headless (CLI, tests, the browser test bridge). Electron implementations live in
// platform/electron-*.ts; headless ones in platform/headless-*.ts.

export interface FileDialogs {
  /** Files the merchant picked (absolute paths), empty when cancelled. */
  openFiles(opts: {
    title: string;
    filters?: Array<{ name: string; extensions: string[] }>;
    multiple?: boolean;
  }): Promise<string[]>;
  /** A folder the merchant picked, undefined when cancelled. */
  openFolder(opts: { title: string }): Promise<string | undefined>;
  /** Where to save a file the app generates, undefined when cancelled. */
  saveFile(opts: {
    title: string;
    defaultName: string;
    filters?: Array<{ name: string; extensions: string[] }>;
  }): Promise<string | undefined>;
}

export interface DesktopShell {
  /** Opens a file the app wrote (e.g. a generated PDF) in the system's viewer. */
  openPath(path: string): Promise<void>;
  /** Opens an allow-listed https link in the browser; refuses anything else. */
  openExternal(url: string): Promise<void>;
}

export interface Badge {
  /** Count of chargebacks due soon, shown on the tray icon / dock. */
  setDueSoonCount(count: number): void;
}
