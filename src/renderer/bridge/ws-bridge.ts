import { eventChannels, invokeChannels, type EventChannel, type InvokeChannel, type LedgerdropBridge } from '../../contract/ipc.js';
import { ServerMessage, TOKEN_QUERY, WS_PATH } from '../../contract/web-bridge-protocol.js';

/**
 * LedgerdropBridge over the loopback WebSocket of `npm run web`. Same surface as the Electron
 * preload: channels are checked against the contract before anything is sent. Reconnects with
 * backoff; calls made while disconnected wait for the connection (bounded by `callTimeoutMs`).
 */
export interface WsBridgeOptions {
  url?: string;
  callTimeoutMs?: number;
  /** Told when the link to the local core opens or drops (not the same as the service being online). */
  onLink?: (up: boolean) => void;
}

interface Pending { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }

export function wsUrlFromLocation(loc: Location): string {
  const token = new URLSearchParams(loc.search).get(TOKEN_QUERY);
  const base = `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
  return token ? `${base}?${TOKEN_QUERY}=${encodeURIComponent(token)}` : base;
}

export function createWsBridge(opts: WsBridgeOptions = {}): LedgerdropBridge & { close(): void } {
  const url = opts.url ?? wsUrlFromLocation(window.location);
  const timeoutMs = opts.callTimeoutMs ?? 120_000;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const outbox: string[] = [];
  let nextId = 1;
  let ws: WebSocket | null = null;
  let closed = false;
  let backoff = 250;

  const connect = () => {
    if (closed) return;
    const sock = new WebSocket(url);
    ws = sock;
    sock.onopen = () => {
      backoff = 250;
      opts.onLink?.(true);
      while (outbox.length) sock.send(outbox.shift()!);
    };
    sock.onmessage = (ev) => {
      let msg: ServerMessage;
      try {
        msg = ServerMessage.parse(JSON.parse(String(ev.data)));
      } catch {
        return;
      }
      if (msg.t === 'event') {
        for (const l of listeners.get(msg.channel) ?? []) l(msg.payload);
        return;
      }
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.ok) p.resolve(msg.response);
      else p.reject(new Error(msg.error));
    };
    sock.onclose = () => {
      ws = null;
      opts.onLink?.(false);
      if (closed) return;
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 5000);
    };
    sock.onerror = () => { /* onclose follows and reconnects */ };
  };
  connect();

  return {
    invoke(channel, request) {
      if (!Object.hasOwn(invokeChannels, channel)) return Promise.reject(new Error(`unknown channel ${String(channel)}`));
      const id = nextId++;
      const text = JSON.stringify({ t: 'invoke', id, channel: channel as InvokeChannel, request });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${channel}: no answer from the core within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(text);
        else outbox.push(text);
      });
    },
    on(channel, listener) {
      if (!Object.hasOwn(eventChannels, channel)) throw new Error(`unknown event ${String(channel as EventChannel)}`);
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      const l = listener as (p: unknown) => void;
      set.add(l);
      return () => set!.delete(l);
    },
    close() {
      closed = true;
      ws?.close();
    },
  };
}
