import type { TaxFormRow } from '../data/tax-forms.js';
import { dollars } from '../data/format.js';

/**
 * The tax forms and pay stubs read into the application: kind, year, the masked EIN and TIN,
 * and each figure the form carries. A figure the reader could not read is marked, never shown
 * as $0.00, and the form's unread list is printed under it.
 */
export function TaxFormsTable({ rows }: { rows: TaxFormRow[] }) {
  if (!rows.length) return null;
  return (
    <section aria-labelledby="tax-forms-h" data-testid="tax-forms">
      <h3 id="tax-forms-h">Tax forms and pay stubs</h3>
      <table className="grid" aria-label="Tax forms and pay stubs">
        <thead>
          <tr><th scope="col">Form</th><th scope="col">File</th><th scope="col">Year</th><th scope="col">EIN</th><th scope="col">TIN / SSN</th><th scope="col">Figures</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-file={r.fileName} data-kind={r.kind}>
              <td>{r.kind}{r.isReturn ? ' (return)' : ''}</td>
              <td className="file-cell" title={r.fileName}>{r.fileName}</td>
              <td>{r.taxYear ?? <span className="chip chip-warn">not read</span>}</td>
              <td>{r.ein || '—'}</td>
              <td>{r.tin || '—'}</td>
              <td>
                <dl className="tax-figures">
                  {r.figures.map((f) => (
                    <div key={f.label} data-figure={f.label} data-value={f.value ?? ''}>
                      <dt>{f.label}</dt>
                      <dd className="num">{f.value === null ? <span className="chip chip-warn">not read</span> : dollars(f.value)}</dd>
                    </div>
                  ))}
                </dl>
                {r.unread.length > 0 && <p className="muted" data-testid="tax-unread">Could not read: {r.unread.join(', ')}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
