import { useEffect, useState, type FormEvent } from 'react';
import type { AuditEntry, DealView } from '../../contract/ipc.js';
import { DEAL_STATUS_TITLES, DEAL_STATUSES, type AuditAction, type DealStatus } from '../../contract/deal.js';
import { when } from '../data/format.js';

const ACTION_TITLES: Record<AuditAction, string> = {
  deal_status: 'Deal status', assignee: 'Assignee', note: 'Note added', statement_excluded: 'Statement excluded',
  statement_included: 'Statement included', transaction_category: 'Category', transaction_trueval: 'True revenue',
};

/** A value as the audit shows it: deal statuses by their titles, never their keys. */
const shownValue = (a: AuditEntry, v: string | null) =>
  v === null ? '—' : a.action === 'deal_status' && v in DEAL_STATUS_TITLES ? DEAL_STATUS_TITLES[v as DealStatus] : v || '(none)';

/** Deal status and assignee of the open application, saved as they change (each change audited). */
export function DealBar({ deal, onChange }: { deal: DealView; onChange: (patch: { status?: DealStatus; assignee?: string }) => void }) {
  const [assignee, setAssignee] = useState(deal.assignee);
  useEffect(() => setAssignee(deal.assignee), [deal.assignee]);
  const save = (e?: FormEvent) => { e?.preventDefault(); if (assignee.trim() !== deal.assignee) onChange({ assignee: assignee.trim() }); };
  return (
    <form className="deal-bar inline-form" aria-label="Deal" onSubmit={save}>
      <label>Deal status
        <select value={deal.status} onChange={(e) => onChange({ status: e.target.value as DealStatus })}>
          {DEAL_STATUSES.map((s) => <option key={s} value={s}>{DEAL_STATUS_TITLES[s]}</option>)}
        </select>
      </label>
      <label>Assignee <input value={assignee} onChange={(e) => setAssignee(e.target.value)} onBlur={() => save()} placeholder="nobody" size={14} /></label>
      {deal.statusChangedAt && <span className="muted">status since {when(deal.statusChangedAt)}</span>}
    </form>
  );
}

/** Notes on the application and the audit trail of every change an underwriter made. */
export function NotesAudit({ deal, onAddNote }: { deal: DealView; onAddNote: (body: string) => Promise<void> }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) { setError('Write the note first.'); return; }
    try { await onAddNote(body.trim()); setBody(''); setError(null); } catch (err) { setError((err as Error).message); }
  };
  return (
    <div className="notes-audit">
      <h3>Notes</h3>
      {deal.notes.length === 0 ? <p className="muted">No notes yet.</p> : (
        <ul className="notes" data-testid="notes">
          {deal.notes.map((n) => <li key={n.id}><p>{n.body}</p><span className="muted">{n.author} · {when(n.createdAt)}</span></li>)}
        </ul>
      )}
      <form onSubmit={add} aria-label="Add a note">
        <label htmlFor="note-body">New note</label>
        <textarea id="note-body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
        <button type="submit">Add note</button>
      </form>
      {error && <p className="error" role="alert">{error}</p>}
      <h3>Audit trail</h3>
      {deal.audit.length === 0 ? <p className="muted">No changes yet.</p> : (
        <table className="grid" aria-label="Audit trail" data-testid="audit">
          <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Change</th><th scope="col">What</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
          <tbody>
            {[...deal.audit].reverse().map((a: AuditEntry) => (
              <tr key={a.id} data-action={a.action}>
                <td>{when(a.at)}</td><td>{a.who}</td><td>{ACTION_TITLES[a.action]}</td><td>{a.target}</td>
                <td data-col="before">{shownValue(a, a.before)}</td><td data-col="after">{shownValue(a, a.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
