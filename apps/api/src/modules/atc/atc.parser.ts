import {
  ATC_BLOCK_HEADERS,
  ATC_BLOCKS_PER_DAY,
  ATC_DATE_HEADER,
  ATC_ELEMENT_HEADER,
  ATC_ELEMENT_MAX_LENGTH,
  ATC_ERROR_LIST_LIMIT,
  ATC_MAX_ROWS,
  type AtcColumn,
  atcColumnOf,
  atcColumnOfDayFraction,
  atcDateOfCell,
  atcElementKey,
  atcMarginOfNumber,
  type AtcMarginProblem,
  type AtcMarginResult,
  type AtcRowError,
  normalizeAtcElement,
  parseAtcDate,
  parseAtcMargin,
} from '@stoa/shared/atc';
import { enAtc } from '@stoa/shared/messages';

import type { CellValue, RawRow } from './atc.reader';

const t = enAtc.rows;

/** One valid row of a margin file: a date, an element and its 96 margins in centi-MW. */
export interface MarginRow {
  row: number;
  date: string;
  element: string;
  elementKey: string;
  blocks: Int32Array;
}

export interface ParsedMargins {
  /** Data rows read (blank rows skipped). */
  rowCount: number;
  /** The valid rows, in file order; only kept when asked for and only complete when `errorCount` is 0. */
  rows: MarginRow[];
  errors: AtcRowError[];
  errorCount: number;
  elementCount: number;
  /** Each element as first spelled in the file, by its key (atcElementKey). */
  elementNames: Map<string, string>;
  dates: string[];
}

/** The file has more data rows than one upload may hold (ATC_MAX_ROWS). */
export class TooManyRowsError extends Error {}

/** 'A', 'B', … 'Z', 'AA' … for a 0-based column index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');

/** A cell as the user sees it, for messages. */
function shown(v: CellValue): string {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return String(v ?? '').trim();
}

/** A header cell → its column (a time typed in Excel arrives as a Date on 30/12/1899 or a fraction). */
export function columnOfHeader(v: CellValue): AtcColumn | null {
  if (v instanceof Date) {
    if (v.getUTCFullYear() > 1900) return null;
    const ms = Math.round(v.getTime() / 60_000) * 60_000;
    const minutes = (((ms / 60_000) % 1440) + 1440) % 1440;
    return atcColumnOfDayFraction(minutes / 1440);
  }
  if (typeof v === 'number') return atcColumnOfDayFraction(v);
  return atcColumnOf(String(v));
}

/** A date cell → 'YYYY-MM-DD' or null. A plain number is read as an Excel date serial (2000–2099). */
export function dateOfCell(v: CellValue): string | null {
  if (v instanceof Date) return atcDateOfCell(v);
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 36_526 || v > 73_415) return null;
    return atcDateOfCell(new Date(Math.round((v - 25_569) * 86_400_000)));
  }
  return parseAtcDate(String(v));
}

export function marginOfCell(v: CellValue): AtcMarginResult {
  if (v === null) return { ok: false, problem: 'required' };
  if (typeof v === 'number') return atcMarginOfNumber(v);
  if (v instanceof Date) return { ok: false, problem: 'notNumber' };
  return parseAtcMargin(v);
}

const marginMessage = (problem: AtcMarginProblem, v: CellValue): string =>
  ({
    required: t.marginRequired,
    notNumber: t.marginNotNumber(shown(v)),
    negative: t.marginNegative,
    decimals: t.marginDecimals,
    tooLarge: t.marginTooLarge,
  })[problem];

const displayDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Checks every row of a margin file as it streams by and reports every problem at once: the
 * header (Date, Element and the 96 block columns, each once; nothing unknown), then per row a
 * valid date, an element, 96 margins (numbers ≥ 0 with at most 2 decimals) and no (date,
 * element) twice. The first non-blank row is the header; blank rows are skipped. Errors name the
 * spreadsheet row (header = its own row number) and the column's header. With `keepRows` the
 * valid rows are returned for saving (memory: 384 bytes of margins per row, at most
 * ATC_MAX_ROWS rows).
 */
export async function parseMarginRows(source: AsyncIterable<RawRow>, opts: { keepRows: boolean }): Promise<ParsedMargins> {
  const errors: AtcRowError[] = [];
  let errorCount = 0;
  const fail = (row: number, column: string, message: string) => {
    errorCount++;
    if (errors.length < ATC_ERROR_LIST_LIMIT) errors.push({ row, column, message });
  };

  let header: { dateCol: number; elementCol: number; headers: string[]; blockCols: number[]; ignored: Set<number> } | null = null;
  const seen = new Map<string, number>();
  const elements = new Map<string, string>();
  const dates = new Set<string>();
  const rows: MarginRow[] = [];
  let rowCount = 0;

  for await (const raw of source) {
    if (raw.cells.every(isBlank)) continue;

    if (!header) {
      header = readHeader(raw, fail);
      continue;
    }

    rowCount++;
    if (rowCount > ATC_MAX_ROWS) throw new TooManyRowsError();
    const { cells, row } = raw;
    const cell = (i: number): CellValue => (i >= 0 && i < cells.length ? (isBlank(cells[i]!) ? null : cells[i]!) : null);
    let rowOk = true;
    const rowFail = (column: string, message: string) => {
      rowOk = false;
      fail(row, column, message);
    };

    let date: string | null = null;
    if (header.dateCol >= 0) {
      const v = cell(header.dateCol);
      if (v === null) rowFail(ATC_DATE_HEADER, t.dateRequired);
      else {
        date = dateOfCell(v);
        if (!date) rowFail(header.headers[header.dateCol]!, t.dateInvalid(shown(v)));
      }
    }

    let element: string | null = null;
    if (header.elementCol >= 0) {
      const v = cell(header.elementCol);
      const name = v === null ? '' : normalizeAtcElement(shown(v));
      const column = header.headers[header.elementCol]!;
      if (name === '') rowFail(column, t.elementRequired);
      else if (name.length > ATC_ELEMENT_MAX_LENGTH) rowFail(column, t.elementTooLong(ATC_ELEMENT_MAX_LENGTH));
      else element = name;
    }

    const blocks = new Int32Array(ATC_BLOCKS_PER_DAY);
    for (let b = 0; b < ATC_BLOCKS_PER_DAY; b++) {
      const col = header.blockCols[b]!;
      if (col < 0) continue;
      const v = cell(col);
      const margin = marginOfCell(v);
      if (margin.ok) blocks[b] = margin.centi;
      else rowFail(header.headers[col]!, marginMessage(margin.problem, v));
    }

    for (let i = 0; i < cells.length; i++) {
      if (i < header.headers.length && (header.headers[i] !== '' || header.ignored.has(i))) continue;
      if (!isBlank(cells[i]!)) rowFail(columnLetter(i), t.valueWithoutHeader);
    }

    if (date) dates.add(date);
    if (element) {
      const key = atcElementKey(element);
      if (!elements.has(key)) elements.set(key, element);
      if (date) {
        const id = `${date}|${key}`;
        const first = seen.get(id);
        if (first !== undefined) rowFail(header.headers[header.elementCol]!, t.duplicate(element, displayDate(date), first));
        else seen.set(id, row);
        if (rowOk && opts.keepRows && errorCount === 0) rows.push({ row, date, element, elementKey: key, blocks });
      }
    }
  }

  return {
    rowCount,
    rows: errorCount === 0 ? rows : [],
    errors,
    errorCount,
    elementCount: elements.size,
    elementNames: elements,
    dates: [...dates].sort(),
  };
}

/** Maps the header row; reports missing, repeated and unknown columns. */
function readHeader(raw: RawRow, fail: (row: number, column: string, message: string) => void) {
  const headers: string[] = raw.cells.map((c) => (isBlank(c) ? '' : shown(c instanceof Date || typeof c === 'number' ? headerText(c) : c)));
  let dateCol = -1;
  let elementCol = -1;
  const blockCols = new Array<number>(ATC_BLOCKS_PER_DAY).fill(-1);
  /** Columns whose header is reported (unknown or repeated): their values are not checked again. */
  const ignored = new Set<number>();
  raw.cells.forEach((c, i) => {
    if (isBlank(c)) return;
    const column = columnOfHeader(c);
    const name = headers[i]!;
    if (!column) {
      fail(raw.row, name, t.columnUnknown(name));
      ignored.add(i);
      return;
    }
    const taken = column.kind === 'date' ? dateCol : column.kind === 'element' ? elementCol : blockCols[column.block - 1]!;
    if (taken >= 0) {
      fail(raw.row, name, t.columnTwice(name, columnLetter(taken)));
      ignored.add(i);
      return;
    }
    if (column.kind === 'date') dateCol = i;
    else if (column.kind === 'element') elementCol = i;
    else blockCols[column.block - 1] = i;
  });
  if (dateCol < 0) fail(raw.row, ATC_DATE_HEADER, t.columnMissing(ATC_DATE_HEADER));
  if (elementCol < 0) fail(raw.row, ATC_ELEMENT_HEADER, t.columnMissing(ATC_ELEMENT_HEADER));
  blockCols.forEach((col, b) => {
    if (col < 0) fail(raw.row, ATC_BLOCK_HEADERS[b]!, t.columnMissing(ATC_BLOCK_HEADERS[b]!));
  });
  return { dateCol, elementCol, headers, blockCols, ignored };
}

/** A header cell holding a time or number, shown as the user typed it ('00:15'). */
function headerText(c: Date | number): string {
  const column = columnOfHeader(c);
  if (column?.kind === 'block') return ATC_BLOCK_HEADERS[column.block - 1]!;
  return c instanceof Date ? c.toISOString() : String(c);
}
