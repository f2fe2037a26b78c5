import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { createColumnHelper, flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type Row, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { filterTransactions, transactionsCsv, type TxnFilter, type TxnRow } from '../data/transactions.js';
import { centsText, money } from '../data/format.js';
import { sectionWords } from '../../contract/api/scorecard-vocabulary.js';

const col = createColumnHelper<TxnRow>();
const columns = [
  col.accessor('date', { header: 'Date', size: 110 }),
  col.accessor('account', { header: 'Account', size: 150 }),
  col.accessor('description', { header: 'Description', size: 420 }),
  col.accessor('amount', { header: 'Amount', size: 130, cell: (c) => centsText(c.getValue()) }),
  col.accessor('balance', { header: 'Balance', size: 130, cell: (c) => centsText(c.getValue()), sortUndefined: 'last' }),
  col.accessor((r) => r.categories.join(', '), { id: 'categories', header: 'Categories', size: 220 }),
  col.accessor((r) => revenueText(r.trueval), { id: 'revenue', header: 'Revenue', size: 100 }),
  col.display({ id: 'edit', header: () => <span className="sr-only">Edit</span>, size: 70 }),
];

export const revenueText = (v: boolean | null) => (v === null ? '—' : v ? 'true' : 'untrue');

const ROW_H = 32;
const NONE: ReadonlySet<number> = new Set();
const NUMERIC = new Set(['amount', 'balance']);

/** What a row shows, worked out once per transaction (not on every render while scrolling). */
interface RowText { amount: string; balance: string; categories: string; neg: boolean }
const rowTexts = new WeakMap<TxnRow, RowText>();
function textOf(t: TxnRow): RowText {
  let r = rowTexts.get(t);
  // Other currencies through Intl (a display of exact cents, never summed); USD keeps the integer path.
  const fmt = t.currency ? (c: number | null) => (c === null ? '—' : money(c / 100, t.currency)) : centsText;
  if (!r) rowTexts.set(t, (r = { amount: fmt(t.amount), balance: fmt(t.balance), categories: t.categories.join(', '), neg: t.amount < 0 }));
  return r;
}

/**
 * One visible row: plain cells from the transaction (no per-cell table objects), widths from CSS
 * classes (.c-*, the header's sizes), only the position inline. Memoized so rows that stay on
 * screen are not rendered again.
 */
const VRow = memo(function VRow({ t, index, start, edited, onEdit }: { t: TxnRow; index: number; start: number; edited: boolean; onEdit?: (t: TxnRow) => void }) {
  const x = textOf(t);
  return (
    <div role="row" className={edited ? 'vrow edited' : 'vrow'} aria-rowindex={index + 2} style={{ transform: `translateY(${start}px)` }} data-txn={t.id}>
      <div role="cell" className="c-date">{t.date}</div>
      <div role="cell" className="c-account">{t.account}</div>
      <div role="cell" className="c-description">{t.description}</div>
      <div role="cell" className={x.neg ? 'c-amount num neg' : 'c-amount num'}>{x.amount}</div>
      <div role="cell" className="c-balance num">{x.balance}</div>
      <div role="cell" className="c-categories">{x.categories}</div>
      <div role="cell" className="c-revenue" data-col="revenue">{revenueText(t.trueval)}{edited && <span className="chip chip-warn" title="changed by an underwriter (see Notes and audit)">edited</span>}</div>
      <div role="cell" className="c-edit">{onEdit && <button type="button" className="small" onClick={() => onEdit(t)} aria-label={`Edit transaction ${t.date} ${t.description}`}>Edit</button>}</div>
    </div>
  );
});

/** The scrolling body: its own component, so a scroll step re-renders the rows only, not the toolbar and header. */
const VBody = memo(function VBody({ model, width, edited, onEdit }: { model: Row<TxnRow>[]; width: number; edited: ReadonlySet<number>; onEdit?: (t: TxnRow) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virt = useVirtualizer({ count: model.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_H, overscan: 12 });
  return (
    <div ref={scrollRef} className="vbody" data-testid="txn-scroll" tabIndex={0} aria-label="Transaction rows (scroll)">
      <div role="rowgroup" style={{ height: virt.getTotalSize(), width, position: 'relative' }}>
        {virt.getVirtualItems().map((vi) => {
          const row = model[vi.index]!;
          return <VRow key={row.id} t={row.original} index={vi.index} start={vi.start} edited={edited.has(row.original.id)} onEdit={onEdit} />;
        })}
      </div>
    </div>
  );
});

/** Transactions: filters, sort, CSV export, and a virtualized body that stays smooth at 100k rows. */
export function TransactionsView({ rows, filter, setFilter, sectionsById, sectionList, drillLabel, edited = NONE, onEdit }: {
  rows: TxnRow[]; filter: TxnFilter; setFilter: (f: TxnFilter) => void; sectionsById: Map<number, string[]>; sectionList: string[]; drillLabel: string | null;
  /** Ids of transactions an underwriter changed (marked), and the editor to open for a row. */
  edited?: ReadonlySet<number>; onEdit?: (t: TxnRow) => void;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [search, setSearch] = useState(filter.search);
  useEffect(() => setSearch(filter.search), [filter.search]);
  useEffect(() => {
    const t = setTimeout(() => { if (search !== filter.search) setFilter({ ...filter, search }); }, 150);
    return () => clearTimeout(t);
  }, [search, filter, setFilter]);

  const options = useMemo(() => {
    const cats = new Set<string>(); const accts = new Set<string>(); const months = new Set<string>();
    for (const r of rows) { r.categories.forEach((c) => cats.add(c)); accts.add(r.account); months.add(r.month); }
    return { cats: [...cats].sort(), accts: [...accts].filter(Boolean).sort(), months: [...months].filter(Boolean).sort() };
  }, [rows]);
  const shown = useMemo(() => filterTransactions(rows, filter, sectionsById), [rows, filter, sectionsById]);

  const table = useReactTable({ data: shown, columns, state: { sorting }, onSortingChange: setSorting, getCoreRowModel: getCoreRowModel(), getSortedRowModel: getSortedRowModel() });
  const model = table.getRowModel().rows;
  const width = table.getTotalSize();

  const exportCsv = () => {
    const blob = new Blob([transactionsCsv(model.map((r) => r.original))], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'transactions.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const select = (label: string, value: string, list: string[], key: keyof Omit<TxnFilter, 'ids' | 'search'>, title: (v: string) => string = (v) => v) => (
    <label>{label}
      <select value={value} onChange={(e) => setFilter({ ...filter, [key]: e.target.value })}>
        <option value="">all</option>
        {list.map((v) => <option key={v} value={v}>{title(v)}</option>)}
      </select>
    </label>
  );

  return (
    <div className="txns">
      <div className="toolbar">
        <label>Search <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder='words, -word, >500, 100..200, 2025-03' aria-label="Search transactions" aria-describedby="search-help" /></label>
        {select('Category', filter.category, options.cats, 'category')}
        {select('Section', filter.section, sectionList, 'section', (n) => sectionWords(n).title)}
        {select('Account', filter.account, options.accts, 'account')}
        {select('Month', filter.month, options.months, 'month')}
        <button type="button" onClick={exportCsv}>Export CSV</button>
      </div>
      <p id="search-help" className="muted search-help">All terms must match: words or "a phrase" in the description, <code>-word</code> to leave out, <code>&gt;500</code> <code>&lt;=75</code> <code>100..200</code> amounts (either sign), <code>2025-03</code> <code>2025-01-01..2025-02-15</code> dates.</p>
      {filter.ids && (
        <p className="drill" role="status">Showing the {filter.ids.size} transaction(s) behind “{drillLabel}”. <button type="button" onClick={() => setFilter({ ...filter, ids: null })}>Show all</button></p>
      )}
      <p className="muted" data-testid="txn-count">{shown.length.toLocaleString()} of {rows.length.toLocaleString()} transactions</p>
      <div className="vtable" role="table" aria-label="Transactions" aria-rowcount={model.length + 1}>
        <div role="rowgroup" className="vhead" style={{ width }}>
          {table.getHeaderGroups().map((hg) => (
            <div role="row" key={hg.id} className="vrow">
              {hg.headers.map((h) => {
                const dir = h.column.getIsSorted();
                return (
                  <div role="columnheader" key={h.id} style={{ width: h.getSize() }} className={NUMERIC.has(h.column.id) ? 'num' : undefined} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
                    <button type="button" className="sort" onClick={h.column.getToggleSortingHandler()}>
                      {flexRender(h.column.columnDef.header, h.getContext())}{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        <VBody model={model} width={width} edited={edited} onEdit={onEdit} />
      </div>
    </div>
  );
}
