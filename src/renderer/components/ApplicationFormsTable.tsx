import type { ApplicationFormRow, FormField } from '../data/application-forms.js';

function Fields({ fields, label }: { fields: FormField[]; label: string }) {
  return (
    <dl className="form-fields" aria-label={label}>
      {fields.map((f) => (
        <div key={f.field} data-field={f.field}><dt>{f.label}</dt><dd>{f.value}</dd></div>
      ))}
    </dl>
  );
}

/**
 * The application forms read into the application: the business as the form gives it, each
 * owner (SSN masked to its last four digits), and the key fields the form left empty.
 */
export function ApplicationFormsTable({ rows }: { rows: ApplicationFormRow[] }) {
  if (!rows.length) return null;
  return (
    <section aria-labelledby="app-forms-h" data-testid="application-forms">
      <h3 id="app-forms-h">Application forms</h3>
      {rows.map((r) => (
        <article key={r.key} className="app-form" data-file={r.fileName}>
          <h4 className="file-cell" title={r.fileName}>{r.fileName}</h4>
          <div className="app-form-parts">
            <Fields fields={r.business} label={`Business on ${r.fileName}`} />
            {r.owners.map((o, i) => <Fields key={i} fields={o} label={`Owner ${i + 1} on ${r.fileName}`} />)}
          </div>
          {r.missing.length > 0 && <p className="muted" data-testid="form-missing">Not on the form: {r.missing.join(', ')}</p>}
        </article>
      ))}
    </section>
  );
}
