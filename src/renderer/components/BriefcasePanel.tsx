import { useCallback, useEffect, useState } from 'react';
import type { BriefcaseOffer } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { when } from '../data/format.js';

const STATUS_CHIP: Record<BriefcaseOffer['status'], string> = { offered: 'chip-converting', accepted: 'chip-done', rejected: 'chip-failed' };

/**
 * Briefcase: applications other lenders shared with the accounts of your connections. An open
 * offer can be accepted (the application can then be read, read-only, on that service) or
 * rejected; the sender is told either way.
 */
export function BriefcasePanel() {
  const bridge = useBridge();
  const [offers, setOffers] = useState<BriefcaseOffer[] | null>(null);
  const [problems, setProblems] = useState<Array<{ connectionName: string; error: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    bridge.invoke('briefcase:offers', {}).then(
      (r) => { setOffers(r.offers); setProblems(r.problems); setError(null); },
      (e: Error) => setError(e.message),
    );
  }, [bridge]);
  useEffect(load, [load]);

  const answer = async (o: BriefcaseOffer, action: 'accept' | 'reject') => {
    setBusy(o.shareid);
    try {
      const done = await bridge.invoke('briefcase:respond', { connectionId: o.connectionId, shareid: o.shareid, action });
      setOffers((list) => (list ?? []).map((x) => (x.shareid === done.shareid && x.connectionId === done.connectionId ? done : x)));
      setError(null);
    } catch (e) { setError((e as Error).message); }
    setBusy(null);
  };

  return (
    <main className="page" aria-labelledby="briefcase-h">
      <h2 id="briefcase-h">Briefcase</h2>
      <p className="muted">Applications shared with you. Accept an offer to read its statements and scorecard on that service (read-only).</p>
      <div className="toolbar"><button type="button" onClick={load}>Refresh</button></div>
      {error && <p className="error" role="alert">{error}</p>}
      {problems.map((p) => <p key={p.connectionName} className="muted" data-testid="briefcase-problem">{p.connectionName}: {p.error}</p>)}
      {offers === null ? <p className="muted">Loading…</p> : offers.length === 0 ? <p className="muted">No applications were shared with you in the last 30 days.</p> : (
        <table className="grid">
          <thead><tr><th scope="col">Application</th><th scope="col">Owner</th><th scope="col">From</th><th scope="col">Connection</th><th scope="col">Documents</th><th scope="col">Offered</th><th scope="col">Status</th><th scope="col"><span className="sr-only">Answer</span></th></tr></thead>
          <tbody>
            {offers.map((o) => (
              <tr key={`${o.connectionId}/${o.shareid}`} data-share={o.shareid}>
                <td>{o.appnumber}{o.message && <div className="muted">{o.message}</div>}</td>
                <td>{o.owner}</td>
                <td>{o.from}</td>
                <td>{o.connectionName}</td>
                <td>{o.documents}</td>
                <td>{when(o.offeredAt)}</td>
                <td><span className={`chip ${STATUS_CHIP[o.status]}`} data-status={o.status}>{o.status}</span></td>
                <td>{o.status === 'offered' && (
                  <>
                    <button type="button" disabled={busy === o.shareid} onClick={() => void answer(o, 'accept')} aria-label={`Accept ${o.appnumber} from ${o.from}`}>Accept</button>{' '}
                    <button type="button" disabled={busy === o.shareid} onClick={() => void answer(o, 'reject')} aria-label={`Reject ${o.appnumber} from ${o.from}`}>Reject</button>
                  </>
                )}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
