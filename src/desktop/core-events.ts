/**
 * The core's pushed events (the contract's event channels): one listener's failure is logged
 * and never stops the others or the core.
 */
import type { EventChannel, EventPayload } from '../contract/ipc.js';

type Listener = (payload: never) => void;

export interface CoreEvents {
  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createCoreEvents(): CoreEvents {
  const listeners = new Map<EventChannel, Set<Listener>>();
  return {
    emit(channel, payload) {
      for (const l of listeners.get(channel) ?? []) {
        try { (l as (p: typeof payload) => void)(payload); } catch (err) { console.error(`ledgerdrop: ${channel} listener: ${(err as Error).message}`); }
      }
    },
    on(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener as Listener);
      return () => void set!.delete(listener as Listener);
    },
  };
}
