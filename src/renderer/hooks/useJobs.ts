import { useCallback, useEffect, useState } from 'react';
import type { JobView, NetworkState } from '../../contract/ipc.js';
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
    const offs = [
      bridge.on('jobs:changed', (j) => setJobs((m) => new Map(m).set(j.id, j))),
      bridge.on('jobs:progress', (p) => setJobs((m) => {
        const j = m.get(p.id);
        return j ? new Map(m).set(p.id, { ...j, bytesSent: p.bytesSent, size: p.size }) : m;
      })),
    ];
    return () => offs.forEach((off) => off());
  }, [bridge, refresh]);
  const merge = useCallback((list: JobView[]) => setJobs((m) => {
    const n = new Map(m);
    for (const j of list) n.set(j.id, j);
    return n;
  }), []);
  const drop = useCallback((id: number) => setJobs((m) => {
    const n = new Map(m);
    n.delete(id);
    return n;
  }), []);
  return { jobs, refresh, merge, drop };
}

export function useNetwork(): NetworkState | null {
  const bridge = useBridge();
  const [state, setState] = useState<NetworkState | null>(null);
  useEffect(() => {
    let live = true;
    const poll = () => bridge.invoke('network:status', {}).then((s) => live && setState(s), () => undefined);
    void poll();
    // Events carry every change; the slow poll only covers a missed one (e.g. across a reconnect).
    const timer = setInterval(poll, 10_000);
    const off = bridge.on('network:changed', (s) => setState(s));
    return () => { live = false; clearInterval(timer); off(); };
  }, [bridge]);
  return state;
}

/** A counter that moves whenever the stored results of `appnumber` change. */
export function useResultsVersion(appnumber: string): number {
  const bridge = useBridge();
  const [v, setV] = useState(0);
  useEffect(() => bridge.on('results:changed', (e) => { if (e.appnumber === appnumber) setV((x) => x + 1); }), [bridge, appnumber]);
  return v;
}
