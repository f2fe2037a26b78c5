import { createContext, useContext } from 'react';
import type { LedgerdropBridge } from '../../contract/ipc.js';

/** The one object the window talks to (window.ledgerdrop in Electron, the WebSocket bridge in a browser). */
export const BridgeContext = createContext<LedgerdropBridge | null>(null);

export function useBridge(): LedgerdropBridge {
  const b = useContext(BridgeContext);
  if (!b) throw new Error('BridgeContext missing');
  return b;
}
