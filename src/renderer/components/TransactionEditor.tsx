import { useEffect, useRef, useState } from 'react';
import type { TxnRow } from '../data/transactions.js';
import { centsText } from '../data/format.js';

type Revenue = 'service' | 'true' | 'untrue';

/**
 * Recategorise one transaction and, for a credit, mark it true or untrue revenue. "As read"
 * puts the service's value back. Saving rebuilds the scorecard; every change is in the audit trail.
 */
export function TransactionEditor({ t, categories, edit, onSave, onClose }: {
  t: TxnRow; categories: string[];
  /** The underwriter's current edit of this transaction, if any. */
  edit: { categories: string[] | null; trueval: boolean | null } | undefined;
  onSave: (change: { category?: string | null; trueval?: boolean | null }) => Promise<void>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => { if (ref.current && !ref.current.open) ref.current.showModal(); }, []);
  const [category, setCategory] = useState<string>(edit?.categories?.[0] ?? '');
  const [revenue, setRevenue] = useState<Revenue>(edit?.trueval == null ? 'service' : edit.trueval ? 'true' : 'untrue');
  const [error, setError] = useState<string | null>(null);
  const credit = t.amount > 0;
  const save = async () => {
    const change: { category?: string | null; trueval?: boolean | null } = { category: category || null };
    if (credit) change.trueval = revenue === 'service' ? null : revenue === 'true';
    try { await onSave(change); onClose(); } catch (e) { setError((e as Error).message); }
  };
  return (
    <dialog ref={ref} aria-labelledby="txe-h" className="confirm" onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="txe-h">Edit transaction</h2>
      <p>{t.date} · {t.description} · <span className="num">{centsText(t.amount)}</span></p>
      <p className="muted">Now: {t.categories.join(', ') || 'uncategorised'}; {t.trueval === null ? 'a debit' : t.trueval ? 'true revenue' : 'untrue'}</p>
      <label>Category
        <select value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">as read</option>
          {categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      {credit && (
        <fieldset>
          <legend>Revenue</legend>
          {(['service', 'true', 'untrue'] as const).map((v) => (
            <label key={v}><input type="radio" name="revenue" value={v} checked={revenue === v} onChange={() => setRevenue(v)} />
              {v === 'service' ? ' as read' : v === 'true' ? ' true revenue' : ' untrue (not revenue)'}</label>
          ))}
        </fieldset>
      )}
      {error && <p className="error" role="alert">{error}</p>}
      <div className="row-between">
        <button type="button" onClick={onClose}>Cancel</button>
        <button type="button" className="primary" onClick={() => void save()}>Save</button>
      </div>
    </dialog>
  );
}
