import { describe, expect, it } from 'vitest';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';

import type { CellValue, RawRow } from '../atc/atc.reader';
import { parseUtilisationRows } from './utilisation.parser';

/** The cleared-volume parser (decision 0063): header names, cell forms, and every error with its row and column. */

async function* rows(...list: CellValue[][]): AsyncGenerator<RawRow> {
  let row = 0;
  for (const cells of list) yield { row: ++row, cells };
}
const blocks = (mw: CellValue) => ATC_BLOCK_HEADERS.map(() => mw);

describe('parseUtilisationRows', () => {
  it('reads any header order and naming, Excel times and dates, B/S directions and numbers in MW', async () => {
    // Excel stores '00:00' … '23:45' typed in a header as fractions of a day.
    const header: CellValue[] = ['registration no', 'SIDE', 'Date', ...ATC_BLOCK_HEADERS.map((_, i) => i / 96)];
    const parsed = await parseUtilisationRows(
      rows(
        header,
        [],
        [' reg/bo/1 ', 'S', new Date('2026-11-23T00:00:00Z'), ...blocks(1.25)],
        ['NOC/PX/2026/000001', 'buy', '24/11/2026', ...blocks('0')],
      ),
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rowCount).toBe(2);
    expect(parsed.lines.map((l) => [l.row, l.number, l.direction, l.date, l.blocks[95]])).toEqual([
      [3, 'REG/BO/1', 'Sell', '2026-11-23', 125],
      [4, 'NOC/PX/2026/000001', 'Buy', '2026-11-24', 0],
    ]);
  });

  it('lists every error of a row and repeated rows, and skips the rows of a broken header', async () => {
    const header = ['Date', 'Certificate No', 'Direction', ...ATC_BLOCK_HEADERS];
    const bad = blocks('2');
    bad[0] = '-1';
    bad[95] = '1.234';
    const parsed = await parseUtilisationRows(
      rows(
        header,
        ['2026-11-23', 'NOC/1', 'Buy', ...blocks('1')],
        ['2026-11-23', 'noc/1', 'BUY', ...blocks('1')],
        ['', '', 'Hold', ...bad],
      ),
    );
    expect(parsed.errors).toEqual([
      { row: 3, column: 'Certificate No', message: 'The same clearance, date and direction is already on row 2.' },
      { row: 4, column: 'Date', message: 'Date is required.' },
      { row: 4, column: 'Certificate No', message: 'Certificate No is required.' },
      { row: 4, column: 'Direction', message: "'Hold' is not a direction: use Buy or Sell." },
      { row: 4, column: '00:00', message: 'MW cannot be negative.' },
      { row: 4, column: '23:45', message: 'MW can have at most 2 decimals.' },
    ]);
    const broken = await parseUtilisationRows(rows(['Date', 'Direction', 'Remarks', ...ATC_BLOCK_HEADERS], ['x', 'y', 'z']));
    expect(broken.errors.map((e) => `${e.row}:${e.column}`)).toEqual(['1:Remarks', '1:Certificate No']);
    expect(broken.errorCount).toBe(2);
  });
});
