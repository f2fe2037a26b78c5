import { useCallback, useEffect, useState } from 'react';
import type { JobView, NetworkState } from '../../shared/ipc.js';
import { useBridge } from '../bridge/context.js';

/** All jobs known to the core, kept current by `jobs:changed` events. */
export function useJobs() {
  const bridge = useBridge();
  const [jobs, setJobs] = useState<Map<number, JobView>>(new Map());
  const refresh = useCallback(async () => {
    const list = await bridge.invoke('jobs:list', {});
    setJobs(new Map(list.map((j) => [j.id, j])));
  }, [bridge]);
  useEffect(() => {
    void refresh().catch(() => undefined);
    const off = bridge.on('jobs:changed', (j) => setJobs((m) => new Map(m).set(j.id, j)));
    return off;
  }, [bridge, refresh]);
  const merge = useCallback((list: JobView[]) => setJobs((m) => {
    const n = new Map(m);
    for (const j of list) n.set(j.id, j);
    return n;
  }), []);
  return { jobs, refresh, merge };
}

export function useNetwork(): NetworkState | null {
  const bridge = useBridge();
  const [state, setState] = useState<NetworkState | null>(null);
  useEffect(() => {
    let live = true;
    bridge.invoke('network:status', {}).then((s) => live && setState(s), () => undefined);
    const off = bridge.on('network:changed', (s) => setState(s));
    return () => { live = false; off(); };
  }, [bridge]);
  return state;
}
