import type { Check } from '../../contract/api/scorecard.js';
import { localDay } from '../data/format.js';

const SEVERITY: Record<Check['severity'], string> = { alert: 'Alert', warning: 'Warning', info: 'Note' };

/**
 * What to read before the figures: fraud findings and consistency checks (coverage gaps,
 * currencies, holders, overlaps, unreconciled statements …), most severe first, each naming the
 * statements it concerns.
 */
export function ChecksPanel({ checks, folded = false }: { checks: Check[] | undefined; folded?: boolean }) {
  if (!checks) return null;
  if (!checks.length) return <p className="checks-ok" data-testid="checks-none">No consistency warnings: one holder, one currency, no gaps, every statement reconciles.</p>;
  const counts = (['alert', 'warning', 'info'] as const).map((s) => [s, checks.filter((c) => c.severity === s).length] as const).filter(([, n]) => n > 0);
  const summary = counts.map(([s, n]) => `${n} ${s === 'info' ? 'note' : s}${n === 1 ? '' : 's'}`).join(', ');
  const list = (
    <ul>
        {checks.map((c, i) => (
          <li key={i} className={`check check-${c.severity}`} data-code={c.code}>
            <span className={`sev sev-${c.severity}`}>{SEVERITY[c.severity]}</span>
            <span className="check-text">
              {c.message}
              {/* Long lists (every statement) add nothing to a message that already names the files. */}
              {c.statements.length > 0 && c.statements.length <= 4 && (
                <span className="check-statements muted">
                  {' '}Statements: {c.statements.map((s) => `${s.file_name} (··${s.account.replace(/\D/g, '').slice(-4) || s.account}, ${localDay(s.start_date)} – ${localDay(s.end_date)})`).join('; ')}
                </span>
              )}
            </span>
          </li>
        ))}
    </ul>
  );
  // On the scorecard tab the checks are one line (open to read); the summary shows them in full.
  if (folded) {
    return (
      <details className="checks" data-testid="checks">
        <summary><strong>Read before deciding</strong>: {summary} (see Summary)</summary>
        {list}
      </details>
    );
  }
  return (
    <section className="checks" aria-labelledby="checks-h" data-testid="checks">
      <h3 id="checks-h">Read before deciding <span className="muted">({summary})</span></h3>
      {list}
    </section>
  );
}
