import type { LedgerdropBridge } from '../../contract/ipc.js';
import { createWsBridge } from './ws-bridge.js';

declare global {
  interface Window { ledgerdrop?: LedgerdropBridge }
}

/** Electron's preload exposes window.ledgerdrop; in a browser (`npm run web`) use the WebSocket bridge. */
export function pickBridge(onLink: (up: boolean) => void): LedgerdropBridge {
  if (window.ledgerdrop) {
    onLink(true);
    return window.ledgerdrop;
  }
  return createWsBridge({ onLink });
}
