/**
 * The preload of the desktop window (sandboxed, context-isolated): exposes one small typed
 * object, `window.ledgerdrop`, built from the IPC contract. Never raw ipcRenderer.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './bridge.js';
import { EVENT_CHANNELS, INVOKE_CHANNELS } from './channels.js';

contextBridge.exposeInMainWorld('ledgerdrop', createPreloadBridge(ipcRenderer, INVOKE_CHANNELS, EVENT_CHANNELS));
