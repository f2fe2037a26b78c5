import type { StatementRow } from '../data/statements.js';
import { dollars, shortDate } from '../data/format.js';

/** Statements summary: one row per statement, with reconciliation and the first broken balance row. */
export function StatementsTable({ rows }: { rows: StatementRow[] }) {
  if (!rows.length) return <p className="muted">No statements converted yet.</p>;
  return (
    <table className="grid" aria-label="Statements summary">
      <thead>
        <tr><th scope="col">Account</th><th scope="col">Bank</th><th scope="col">Period</th><th scope="col">Start balance</th><th scope="col">End balance</th><th scope="col">Credits</th><th scope="col">Debits</th><th scope="col">Reconciled</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-account={r.accountNumber}>
            <td title={r.fileName}>{r.accountNumber || '—'}</td>
            <td>{r.bankName}</td>
            <td>{shortDate(r.startDate)} – {shortDate(r.endDate)}</td>
            <td className="num">{dollars(r.startBalance)}</td>
            <td className="num" data-col="endBalance">{dollars(r.endBalance)}</td>
            <td className="num">{dollars(r.totCredits)}</td>
            <td className="num">{dollars(r.totDebits)}</td>
            <td>
              {r.error ? <span className="chip chip-failed">{r.error}</span>
                : r.reconciled ? <span className="chip chip-done">reconciled</span>
                : <span className="chip chip-failed">not reconciled</span>}
              {!r.reconciled && r.firstBrokenRow && (
                <div className="broken" data-testid="broken-row">
                  Balance chain breaks at row {r.firstBrokenRow.index + 1} ({r.firstBrokenRow.date} {r.firstBrokenRow.description}):
                  expected {dollars(r.firstBrokenRow.expectedBalance)}, printed {dollars(r.firstBrokenRow.printedBalance)}
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
