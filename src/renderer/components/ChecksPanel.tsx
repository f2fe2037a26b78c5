import type { Check } from '../../contract/api/scorecard.js';
import { localDay } from '../data/format.js';

const SEVERITY: Record<Check['severity'], string> = { alert: 'Alert', warning: 'Warning', info: 'Note' };

/**
 * What to read before the figures: fraud findings and consistency checks (coverage gaps,
 * currencies, holders, overlaps, unreconciled statements …), most severe first, each naming the
 * statements it concerns.
 */
export function ChecksPanel({ checks }: { checks: Check[] | undefined }) {
  if (!checks) return null;
  if (!checks.length) return <p className="checks-ok" data-testid="checks-none">No consistency warnings: one holder, one currency, no gaps, every statement reconciles.</p>;
  return (
    <section className="checks" aria-labelledby="checks-h" data-testid="checks">
      <h3 id="checks-h">Read before deciding <span className="muted">({checks.length})</span></h3>
      <ul>
        {checks.map((c, i) => (
          <li key={i} className={`check check-${c.severity}`} data-code={c.code}>
            <span className={`sev sev-${c.severity}`}>{SEVERITY[c.severity]}</span>
            <span className="check-text">
              {c.message}
              {c.statements.length > 0 && (
                <span className="check-statements muted">
                  {' '}Statements: {c.statements.map((s) => `${s.file_name} (··${s.account.replace(/\D/g, '').slice(-4) || s.account}, ${localDay(s.start_date)} – ${localDay(s.end_date)})`).join('; ')}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
