import { describe, expect, it } from 'vitest';

import { ATC_BLOCK_HEADERS, ATC_ERROR_LIST_LIMIT, ATC_MAX_ROWS } from '@stoa/shared/atc';

import { columnLetter, parseMarginRows, TooManyRowsError } from './atc.parser';
import type { RawRow } from './atc.reader';

const HEADER: RawRow = { row: 1, cells: ['Date', 'Element', ...ATC_BLOCK_HEADERS] };
const blocks = (v: string | number) => Array<string | number>(96).fill(v);

async function* rows(count: number, make: (i: number) => RawRow['cells']): AsyncGenerator<RawRow> {
  yield HEADER;
  for (let i = 0; i < count; i++) yield { row: i + 2, cells: make(i) };
}

describe('margin rows', () => {
  it('names columns like spreadsheets do', () => {
    expect([0, 25, 26, 97, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'CT', 'ZZ', 'AAA']);
  });

  it('keeps the valid rows in centi-MW for saving, and skips blank rows', async () => {
    async function* source(): AsyncGenerator<RawRow> {
      yield { row: 1, cells: [null, '  '] };
      yield { ...HEADER, row: 2 };
      yield { row: 3, cells: ['21/11/2026', ' Anand   132 kV ', ...blocks(12.34)] };
      yield { row: 4, cells: [] };
      yield { row: 5, cells: ['22/11/2026', 'Anand 132 kV', ...blocks('0.5')] };
    }
    const parsed = await parseMarginRows(source(), { keepRows: true });
    expect(parsed.errorCount).toBe(0);
    expect(parsed.rows.map((r) => [r.row, r.date, r.element, r.elementKey, r.blocks[0], r.blocks[95]])).toEqual([
      [3, '2026-11-21', 'Anand 132 kV', 'anand 132 kv', 1234, 1234],
      [5, '2026-11-22', 'Anand 132 kV', 'anand 132 kv', 50, 50],
    ]);
    expect([parsed.rowCount, parsed.elementCount, parsed.dates]).toEqual([2, 1, ['2026-11-21', '2026-11-22']]);
  });

  it('counts every error but lists at most the limit, and keeps no rows once one is wrong', async () => {
    const parsed = await parseMarginRows(
      rows(20, (i) => ['21/11/2026', `E${i}`, ...blocks(i === 0 ? 1 : 'x')]),
      { keepRows: true },
    );
    expect(parsed.errorCount).toBe(19 * 96);
    expect(parsed.errors).toHaveLength(ATC_ERROR_LIST_LIMIT);
    expect(parsed.rows).toEqual([]);
  });

  it('stops at the row limit', async () => {
    const source = rows(ATC_MAX_ROWS + 1, (i) => ['21/11/2026', `E${i}`, ...blocks(1)]);
    await expect(parseMarginRows(source, { keepRows: false })).rejects.toBeInstanceOf(TooManyRowsError);
  });
});
