/**
 * Registers the IPC handlers with Electron's ipcMain (one `handle` per contract channel, each
 * refusing senders that are not the main frame of our window on app://), and forwards core
 * events to the window. Electron is only a type import here; the shell passes the objects in.
 */
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron';
import { EVENT_PREFIX, eventChannelNames, invokeChannelNames } from '../../../contract/ipc.js';
import type { Core } from '../../../desktop/index.js';
import type { IpcHandlers } from '../../../desktop/ipc-handlers.js';
import { isTrustedSender } from './sender.js';

export function registerIpc(ipcMain: IpcMain, handlers: IpcHandlers, windows: () => BrowserWindow[]): () => void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, request: unknown) => {
      const frame = event.senderFrame;
      const ok = isTrustedSender({
        url: frame?.url,
        isMainFrame: !!frame && frame === event.sender.mainFrame,
        isOurWindow: windows().some((w) => !w.isDestroyed() && w.webContents.id === event.sender.id),
      });
      if (!ok) throw new Error(`refused ${channel}: sender is not the Ledgerdrop window`);
      return handlers[channel](request);
    });
  }
  return () => { for (const channel of invokeChannelNames) ipcMain.removeHandler(channel); };
}

/** Pushes every core event to every open window as `event:<channel>`. */
export function forwardEvents(core: Core, windows: () => BrowserWindow[]): () => void {
  const offs = eventChannelNames.map((channel) =>
    core.on(channel, (payload) => {
      for (const w of windows()) if (!w.isDestroyed()) w.webContents.send(`${EVENT_PREFIX}${channel}`, payload);
    }));
  return () => offs.forEach((off) => off());
}
