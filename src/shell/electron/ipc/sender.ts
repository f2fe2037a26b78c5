/**
 * Who may call the IPC handlers: only the main frame of our own window, loaded from our
 * `app://` origin. Pure so it is tested without Electron.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'ledgerdrop';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export interface SenderInfo {
  /** URL of the frame that sent the message (event.senderFrame.url). */
  url: string | null | undefined;
  /** Whether that frame is the top frame of its window (senderFrame === sender.mainFrame). */
  isMainFrame: boolean;
  /** Whether the sending webContents is one of our windows. */
  isOurWindow: boolean;
}

export function isTrustedSender(s: SenderInfo): boolean {
  if (!s.isOurWindow || !s.isMainFrame || !s.url) return false;
  let u: URL;
  try { u = new URL(s.url); } catch { return false; }
  return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && !u.username && !u.password;
}
