import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { readXlsxRows, UnreadableFileError } from './atc.reader';

/** A margin workbook as exceljs writes it (xl/workbook.xml last in the ZIP, as the portal's own exports). */
async function exceljsWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Margins');
  ws.addRow(['Date', 'Element', ...Array.from({ length: 96 }, (_, i) => `Block ${i + 1}`)]);
  for (let r = 0; r < 3; r++) ws.addRow(['15/01/2027', 'Anand 132 kV', ...Array<number>(96).fill(50)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('readXlsxRows', () => {
  it('reads an exceljs-written workbook every time (the streaming reader race of exceljs #3064 is retried)', async () => {
    const packed = await exceljsWorkbook();
    // Without the retry about one read in a hundred throws "reading 'sheets'": 300 reads fail with ~95 % odds.
    for (let i = 0; i < 300; i++) {
      const rows = [];
      for await (const row of readXlsxRows(packed)) rows.push(row);
      expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
      expect(rows[1]!.cells.slice(0, 3)).toEqual(['15/01/2027', 'Anand 132 kV', 50]);
    }
  }, 60_000);

  it('calls a file that is not a workbook unreadable', async () => {
    await expect(async () => {
      for await (const row of readXlsxRows(Buffer.from('not a zip at all'))) void row;
    }).rejects.toThrow(UnreadableFileError);
  });
});
