/**
 * Builds `window.ledgerdrop` from the contract's channel names over Electron's ipcRenderer
 * (passed in, so this is testable without Electron). Only contract channels pass; the page
 * never touches ipcRenderer itself.
 */
import type { EventChannel, InvokeChannel, LedgerdropBridge } from '../contract/ipc.js';
import { EVENT_PREFIX } from './channels.js';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createPreloadBridge(ipc: IpcRendererLike, invokeNames: readonly string[], eventNames: readonly string[]): LedgerdropBridge {
  const invokeSet = new Set(invokeNames);
  const eventSet = new Set(eventNames);
  const bridge = {
    invoke(channel: InvokeChannel, request: unknown) {
      if (!invokeSet.has(channel)) return Promise.reject(new Error(`unknown channel "${String(channel)}"`));
      return ipc.invoke(channel, request);
    },
    on(channel: EventChannel, listener: (payload: unknown) => void) {
      if (!eventSet.has(channel)) throw new Error(`unknown event "${String(channel)}"`);
      const wrapped = (_event: unknown, payload: unknown) => listener(payload);
      ipc.on(`${EVENT_PREFIX}${channel}`, wrapped);
      return () => { ipc.removeListener(`${EVENT_PREFIX}${channel}`, wrapped); };
    },
  };
  return Object.freeze(bridge) as unknown as LedgerdropBridge;
}
