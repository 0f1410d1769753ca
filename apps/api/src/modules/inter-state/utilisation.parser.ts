import { ATC_BLOCK_HEADERS, ATC_BLOCKS_PER_DAY } from '@stoa/shared/atc';
import {
  NOAR_APPLICATION_HEADER,
  UTILISATION_CERTIFICATE_HEADER,
  UTILISATION_DATE_HEADER,
  UTILISATION_DIRECTION_HEADER,
  UTILISATION_ERROR_LIST_LIMIT,
  UTILISATION_MAX_ROWS,
  type UtilisationDirection,
} from '@stoa/shared/inter-state';
import { enUtilisation } from '@stoa/shared/messages';

import { columnOfHeader, dateOfCell, marginOfCell } from '../atc/atc.parser';
import type { CellValue, RawRow } from '../atc/atc.reader';

/**
 * The power exchange's cleared volumes (decision 0063): a header row naming Date, Certificate No (or
 * Registration No) and Direction, then the 96 block columns as the ATC margin upload names them
 * ('00:00' … '23:45', 'Block 1' …), any order and case; then one row per certificate, date and
 * direction with the MW of each block. Every row is checked and every problem listed with its row and
 * column; the clearance rules (known certificate, validity, status) are checked by the upload.
 * The NOAR schedule (decision 0077) has the same columns and may add 'NOAR Application No': one
 * clearance, date and direction may then come on several rows (one per NOAR application), summed by
 * the upload.
 */

const R = enUtilisation.rows;

export class TooManyUtilisationRowsError extends Error {}

export interface UtilisationRowError {
  row: number;
  column: string;
  message: string;
}

export interface UtilisationLine {
  row: number;
  date: string;
  /** The number as typed, upper case. */
  number: string;
  direction: UtilisationDirection;
  /** The NOAR application number (NOAR schedule only; null when the file has no such column or cell). */
  noarNo: string | null;
  /** Centi-MW per block, block 1 at index 0. */
  blocks: Int32Array;
}

export interface ParsedUtilisation {
  rowCount: number;
  lines: UtilisationLine[];
  errors: UtilisationRowError[];
  errorCount: number;
}

type Field = 'date' | 'number' | 'direction' | 'noar';
const HEADERS: Record<Field, string[]> = {
  date: ['date', 'delivery date', 'trade date', 'schedule date'],
  number: ['certificate no', 'certificate number', 'certificate', 'noc no', 'registration no', 'registration number'],
  direction: ['direction', 'buy/sell', 'buy / sell', 'side'],
  noar: ['noar application no', 'noar application number', 'noar no', 'application no', 'approval no'],
};
const NAMES: Record<Field, string> = {
  date: UTILISATION_DATE_HEADER,
  number: UTILISATION_CERTIFICATE_HEADER,
  direction: UTILISATION_DIRECTION_HEADER,
  noar: NOAR_APPLICATION_HEADER,
};
const REQUIRED: readonly Field[] = ['date', 'number', 'direction'];

const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');
const shown = (v: CellValue) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').trim());
const key = (v: CellValue) => shown(v).toLowerCase().replace(/[._]/g, ' ').replace(/\s+/g, ' ').trim();

const directionOf = (v: CellValue): UtilisationDirection | null => {
  const k = key(v);
  return k === 'buy' || k === 'b' || k === 'purchase' ? 'Buy' : k === 'sell' || k === 's' || k === 'sale' ? 'Sell' : null;
};

const mwMessage = (problem: string, v: CellValue) =>
  ({ required: R.mwRequired, notNumber: R.mwNotNumber(shown(v)), negative: R.mwNegative, decimals: R.mwDecimals, tooLarge: R.mwTooLarge })[
    problem
  ] ?? R.mwNotNumber(shown(v));

interface Header {
  cols: Record<Field, number>;
  blockCols: number[];
  names: string[];
}

function readHeader(raw: RawRow, fail: (e: UtilisationRowError) => void, noar: boolean): Header {
  const cols: Record<Field, number> = { date: -1, number: -1, direction: -1, noar: -1 };
  const fields = (Object.keys(HEADERS) as Field[]).filter((f) => noar || f !== 'noar');
  const blockCols = new Array<number>(ATC_BLOCKS_PER_DAY).fill(-1);
  const names: string[] = [];
  raw.cells.forEach((c, i) => {
    if (isBlank(c)) return;
    const k = key(c);
    const field = fields.find((f) => HEADERS[f].includes(k));
    const block = field ? null : columnOfHeader(c);
    const name = field ? NAMES[field] : block?.kind === 'block' ? ATC_BLOCK_HEADERS[block.block - 1]! : shown(c);
    names[i] = name;
    if (field) {
      if (cols[field] >= 0) fail({ row: raw.row, column: name, message: R.columnTwice(name) });
      else cols[field] = i;
    } else if (block?.kind === 'block') {
      if (blockCols[block.block - 1]! >= 0) fail({ row: raw.row, column: name, message: R.columnTwice(name) });
      else blockCols[block.block - 1] = i;
    } else fail({ row: raw.row, column: name, message: noar ? R.columnUnknownNoar(name) : R.columnUnknown(name) });
  });
  for (const f of REQUIRED) if (cols[f] < 0) fail({ row: raw.row, column: NAMES[f], message: R.columnMissing(NAMES[f]) });
  blockCols.forEach((col, b) => {
    if (col < 0) fail({ row: raw.row, column: ATC_BLOCK_HEADERS[b]!, message: R.columnMissing(ATC_BLOCK_HEADERS[b]!) });
  });
  return { cols, blockCols, names };
}

/**
 * Reads every row of a cleared-volume file (or, `noar`, of a NOAR schedule): the valid lines and every error
 * (listed up to the limit, counted exactly).
 */
export async function parseUtilisationRows(source: AsyncIterable<RawRow>, opts: { noar?: boolean } = {}): Promise<ParsedUtilisation> {
  const noar = opts.noar ?? false;
  const errors: UtilisationRowError[] = [];
  let errorCount = 0;
  const fail = (e: UtilisationRowError) => {
    errorCount++;
    if (errors.length < UTILISATION_ERROR_LIST_LIMIT) errors.push(e);
  };
  let header: Header | null = null;
  let headerOk = true;
  const lines: UtilisationLine[] = [];
  const seen = new Map<string, number>();
  let rowCount = 0;
  for await (const raw of source) {
    if (raw.cells.every(isBlank)) continue;
    if (!header) {
      const before = errorCount;
      header = readHeader(raw, fail, noar);
      headerOk = errorCount === before;
      continue;
    }
    if (++rowCount > UTILISATION_MAX_ROWS) throw new TooManyUtilisationRowsError();
    if (!headerOk) continue;
    const h = header;
    const cell = (i: number): CellValue => (isBlank(raw.cells[i] ?? null) ? null : raw.cells[i]!);
    let ok = true;
    const err = (column: string, message: string) => {
      ok = false;
      fail({ row: raw.row, column, message });
    };
    const dateCell = cell(h.cols.date);
    const date = dateCell === null ? null : dateOfCell(dateCell);
    if (dateCell === null) err(UTILISATION_DATE_HEADER, R.dateRequired);
    else if (!date) err(UTILISATION_DATE_HEADER, R.dateInvalid(shown(dateCell)));
    const numberCell = cell(h.cols.number);
    const number = shown(numberCell).replace(/\s+/g, '').toUpperCase();
    if (numberCell === null) err(UTILISATION_CERTIFICATE_HEADER, R.certificateRequired);
    const directionCell = cell(h.cols.direction);
    const direction = directionCell === null ? null : directionOf(directionCell);
    if (directionCell === null) err(UTILISATION_DIRECTION_HEADER, R.directionRequired);
    else if (!direction) err(UTILISATION_DIRECTION_HEADER, R.directionInvalid(shown(directionCell)));
    const noarNo = h.cols.noar >= 0 && cell(h.cols.noar) !== null ? shown(cell(h.cols.noar)).replace(/\s+/g, '').toUpperCase() : null;
    const blocks = new Int32Array(ATC_BLOCKS_PER_DAY);
    h.blockCols.forEach((col, b) => {
      const v = cell(col);
      const mw = marginOfCell(v);
      if (mw.ok) blocks[b] = mw.centi;
      else err(ATC_BLOCK_HEADERS[b]!, mwMessage(mw.problem, v));
    });
    if (date && number && direction) {
      const id = `${date}|${number}|${direction}|${noarNo ?? ''}`;
      const first = seen.get(id);
      if (first !== undefined) err(UTILISATION_CERTIFICATE_HEADER, noar ? R.duplicateNoar(first) : R.duplicate(first));
      else seen.set(id, raw.row);
    }
    if (ok) lines.push({ row: raw.row, date: date!, number, direction: direction!, noarNo, blocks });
  }
  return { rowCount, lines, errors, errorCount };
}
