import type { StatementRow } from '../data/statements.js';
import { accountName, localDay, money } from '../data/format.js';

/**
 * Statements summary: one row per statement, in its currency, with reconciliation and the first
 * broken balance row. A statement can be left out of the scorecard (kept here, marked) and put back.
 */
export function StatementsTable({ rows, excluded, onExclude }: {
  rows: StatementRow[];
  /** statement id → why it is left out of the scorecard. */
  excluded?: ReadonlyMap<number, string>;
  onExclude?: (statementid: number, exclude: boolean) => void;
}) {
  const statements = rows.filter((r) => !r.error);
  const failed = rows.filter((r) => r.error).length;
  if (!statements.length) return <p className="muted">No statements converted yet{failed ? ` (${failed} file${failed === 1 ? '' : 's'} failed: see Files below)` : ''}.</p>;
  return (
    <>
      <table className="grid" aria-label="Statements summary">
        <thead>
          <tr><th scope="col">Account</th><th scope="col">File</th><th scope="col">Period</th><th scope="col" className="num">Start balance</th><th scope="col" className="num">End balance</th><th scope="col" className="num">Credits</th><th scope="col" className="num">Debits</th><th scope="col">Reconciled</th>{onExclude && <th scope="col">Scorecard</th>}</tr>
        </thead>
        <tbody>
          {statements.map((r) => (
            <tr key={r.key} data-account={r.accountNumber} data-start={r.startDate} data-currency={r.currency}
              className={r.statementid != null && excluded?.has(r.statementid) ? 'excluded' : undefined}>
              <td title={`${r.bankName} ${r.accountNumber}`}>{accountName(r.bankName, r.accountNumber)}</td>
              <td className="file-cell" title={r.fileName}>{r.fileName}</td>
              <td>{localDay(r.startDate)} – {localDay(r.endDate)}</td>
              <td className="num">{money(r.startBalance, r.currency)}</td>
              <td className="num" data-col="endBalance">{money(r.endBalance, r.currency)}</td>
              <td className="num">{money(r.totCredits, r.currency)}</td>
              <td className="num">{money(r.totDebits, r.currency)}</td>
              <td>
                {r.reconciled ? <span className="chip chip-done">reconciled</span> : <span className="chip chip-failed">not reconciled</span>}
                {!r.reconciled && r.firstBrokenRow && (
                  <div className="broken" data-testid="broken-row">
                    Balance chain breaks at row {r.firstBrokenRow.index + 1} ({r.firstBrokenRow.date} {r.firstBrokenRow.description}):
                    expected {money(r.firstBrokenRow.expectedBalance, r.currency)}, printed {money(r.firstBrokenRow.printedBalance, r.currency)}
                  </div>
                )}
              </td>
              {onExclude && (
                <td data-col="scorecard">
                  {r.statementid == null ? '—' : excluded?.has(r.statementid) ? (
                    <>
                      <span className="chip chip-warn" title={excluded.get(r.statementid) || undefined}>excluded</span>{' '}
                      <button type="button" className="small" onClick={() => onExclude(r.statementid!, false)} aria-label={`Include ${r.fileName} ${r.startDate} in the scorecard`}>Include</button>
                    </>
                  ) : (
                    <button type="button" className="small" onClick={() => onExclude(r.statementid!, true)} aria-label={`Exclude ${r.fileName} ${r.startDate} from the scorecard`}>Exclude</button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {failed > 0 && <p className="muted" data-testid="statements-failed">{failed} file{failed === 1 ? '' : 's'} produced no statement: see Files below.</p>}
    </>
  );
}
