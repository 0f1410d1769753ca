import { atcDateOfCell, parseAtcDate } from '@stoa/shared/atc';
import { rupeesToPaise } from '@stoa/shared/common';
import { enReconciliation } from '@stoa/shared/messages';
import {
  normalizeReference,
  STATEMENT_COLUMNS,
  STATEMENT_ERROR_LIST_LIMIT,
  STATEMENT_MAX_ROWS,
  type StatementColumn,
  type StatementLine,
  type StatementRowError,
} from '@stoa/shared/payments';

import type { CellValue, RawRow } from '../atc/atc.reader';

/**
 * A bank statement's rows (decision 0055): a header row naming Date, UTR, Amount and Narration (any
 * order and case; 'UTR No', 'Reference', 'Credit' and the like are accepted), then one credit per
 * row. Every row is checked and every error listed with its row and column, as the ATC margin upload
 * does; blank rows are skipped.
 */

const R = enReconciliation.statement.rows;

/** The file has more data rows than one statement may hold. */
export class TooManyStatementRowsError extends Error {}
/** The first non-blank row does not name the four columns. */
export class StatementHeaderError extends Error {}

const HEADER_NAMES: Record<StatementColumn, string[]> = {
  date: ['date', 'txn date', 'transaction date', 'value date', 'credit date'],
  utr: ['utr', 'utr no', 'utr number', 'reference', 'ref no', 'reference no', 'utr / dd number'],
  amount: ['amount', 'credit', 'credit amount', 'amount (₹)', 'amount (rs)', 'amount (inr)'],
  narration: ['narration', 'description', 'remarks', 'particulars'],
};

const text = (v: CellValue) => (v instanceof Date ? '' : String(v ?? '').trim());
const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');
const headerKey = (v: CellValue) => text(v).toLowerCase().replace(/[._]/g, ' ').replace(/\s+/g, ' ').trim();

export interface ParsedStatement {
  lines: StatementLine[];
  errors: StatementRowError[];
  errorCount: number;
}

/** Which cell index holds which column, from the header row (null when a column is missing or named twice). */
export function columnsOfHeader(cells: CellValue[]): Record<StatementColumn, number> | null {
  const found: Partial<Record<StatementColumn, number>> = {};
  cells.forEach((c, i) => {
    const key = headerKey(c);
    for (const col of STATEMENT_COLUMNS) {
      if (!HEADER_NAMES[col].includes(key)) continue;
      if (found[col] !== undefined) found[col] = -1;
      else found[col] = i;
    }
  });
  return STATEMENT_COLUMNS.every((c) => (found[c] ?? -1) >= 0) ? (found as Record<StatementColumn, number>) : null;
}

function dateOf(v: CellValue): string | null {
  if (v instanceof Date) return atcDateOfCell(v);
  return parseAtcDate(text(v));
}

/** Rupees as the bank prints them ('5,900.00', '5900', 'Rs. 5,900.00 CR') → paise, or null. */
function amountOf(v: CellValue): number | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    const paise = Math.round(v * 100);
    return Math.abs(paise - v * 100) < 1e-6 ? paise : null;
  }
  const cleaned = text(v)
    .replace(/^(rs\.?|inr|₹)\s*/i, '')
    .replace(/\s*(cr|cr\.)$/i, '')
    .replace(/,/g, '')
    .trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  try {
    return rupeesToPaise(cleaned);
  } catch {
    return null;
  }
}

/** Checks one data row; the line when it is valid. */
function checkRow(row: RawRow, cols: Record<StatementColumn, number>, today: string, errors: (e: StatementRowError) => void) {
  const cell = (c: StatementColumn) => row.cells[cols[c]] ?? null;
  let ok = true;
  const err = (column: StatementColumn, message: string) => {
    ok = false;
    errors({ row: row.row, column, message });
  };
  const dateCell = cell('date');
  const date = isBlank(dateCell) ? null : dateOf(dateCell);
  if (isBlank(dateCell)) err('date', R.dateRequired);
  else if (!date) err('date', R.dateInvalid);
  else if (date > today) err('date', R.dateFuture);
  const utrCell = cell('utr');
  const utr = normalizeReference(typeof utrCell === 'number' ? String(utrCell) : text(utrCell));
  if (isBlank(utrCell)) err('utr', R.utrRequired);
  else if (!/^[A-Z0-9/-]{4,30}$/.test(utr)) err('utr', R.utrInvalid);
  const amountCell = cell('amount');
  const amount = isBlank(amountCell) ? null : amountOf(amountCell);
  if (isBlank(amountCell)) err('amount', R.amountRequired);
  else if (amount === null) err('amount', R.amountInvalid);
  else if (amount <= 0) err('amount', R.amountNotPositive);
  const narration = text(cell('narration')) || null;
  if (narration && narration.length > 500) err('narration', R.narrationTooLong);
  return ok ? { row: row.row, date: date!, utr, amount: amount!, narration } : null;
}

/** Reads the rows of a statement: every valid line and every row error (listed up to the limit, counted exactly). */
export async function parseStatementRows(source: AsyncIterable<RawRow>, today: string): Promise<ParsedStatement> {
  let cols: Record<StatementColumn, number> | null = null;
  const lines: StatementLine[] = [];
  const errors: StatementRowError[] = [];
  let errorCount = 0;
  let rows = 0;
  for await (const row of source) {
    if (row.cells.every(isBlank)) continue;
    if (!cols) {
      cols = columnsOfHeader(row.cells);
      if (!cols) throw new StatementHeaderError();
      continue;
    }
    if (++rows > STATEMENT_MAX_ROWS) throw new TooManyStatementRowsError();
    const line = checkRow(row, cols, today, (e) => {
      errorCount++;
      if (errors.length < STATEMENT_ERROR_LIST_LIMIT) errors.push(e);
    });
    if (line) lines.push(line);
  }
  if (!cols) throw new StatementHeaderError();
  return { lines, errors, errorCount };
}

/** What a pending or decided payment looks like to the matcher. */
export interface MatchCandidate {
  id: string;
  reference: string;
  amount: number;
  status: string;
}

/**
 * Matches statement lines to payments by UTR and amount (pure). A line matches the payment pending
 * approval with its UTR and exactly its amount. A UTR on more than one line matches nothing (a
 * person decides); a UTR of a pending payment with another amount, or of a payment already decided,
 * is listed with the payment. Pending payments no line matched are returned by id.
 */
export function matchStatement(lines: StatementLine[], byReference: Map<string, MatchCandidate>, pendingIds: string[]) {
  const seen = new Map<string, number>();
  for (const l of lines) seen.set(l.utr, (seen.get(l.utr) ?? 0) + 1);
  const matched: { line: StatementLine; paymentId: string }[] = [];
  const unmatchedLines: {
    line: StatementLine;
    reason: 'NO_PAYMENT' | 'AMOUNT_MISMATCH' | 'DUPLICATE_LINE' | 'NOT_PENDING';
    paymentId: string | null;
  }[] = [];
  const used = new Set<string>();
  for (const line of lines) {
    const p = byReference.get(line.utr);
    if ((seen.get(line.utr) ?? 0) > 1) unmatchedLines.push({ line, reason: 'DUPLICATE_LINE', paymentId: p?.id ?? null });
    else if (!p) unmatchedLines.push({ line, reason: 'NO_PAYMENT', paymentId: null });
    else if (p.status !== 'PENDING') unmatchedLines.push({ line, reason: 'NOT_PENDING', paymentId: p.id });
    else if (p.amount !== line.amount) unmatchedLines.push({ line, reason: 'AMOUNT_MISMATCH', paymentId: p.id });
    else {
      matched.push({ line, paymentId: p.id });
      used.add(p.id);
    }
  }
  return { matched, unmatchedLines, unmatchedPaymentIds: pendingIds.filter((id) => !used.has(id)) };
}
