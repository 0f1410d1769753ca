import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';

import { streamXlsx } from './xlsx-stream';

async function read(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('streamXlsx', () => {
  it('writes the preamble, a blank line, the header, every batch in order and the footer in bold, with number formats', async () => {
    let pulled = 0;
    async function* rows() {
      for (let b = 0; b < 3; b++) {
        pulled++;
        yield [
          [`r${b}a`, b * 10 + 0.5],
          [`r${b}b`, b * 10 + 1.25],
        ];
      }
    }
    const sheet = await read(
      streamXlsx({
        sheetName: 'Test',
        columns: [
          { header: 'Name', width: 10 },
          { header: 'Amount (₹)', width: 12, numFmt: '#,##0.00' },
        ],
        preamble: ['Title', 'Filters: none'],
        rows: rows(),
        footer: () => ['Total', 34.5],
      }),
    );
    expect(pulled).toBe(3);
    expect(sheet.name).toBe('Test');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Title']);
    expect(values(2)).toEqual(['Filters: none']);
    expect(values(3)).toEqual([]);
    expect(values(4)).toEqual(['Name', 'Amount (₹)']);
    expect(values(5)).toEqual(['r0a', 0.5]);
    expect(values(10)).toEqual(['r2b', 21.25]);
    expect(values(11)).toEqual(['Total', 34.5]);
    expect(sheet.getRow(11).font?.bold).toBe(true);
    expect(sheet.getCell('B5').numFmt).toBe('#,##0.00');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
  });

  it('fails the stream when reading the rows fails', async () => {
    async function* rows(): AsyncGenerator<unknown[][]> {
      yield [['a']];
      throw new Error('database gone');
    }
    const stream = streamXlsx({ sheetName: 'X', columns: [{ header: 'A', width: 5 }], rows: rows() });
    await expect(read(stream)).rejects.toThrow('database gone');
  });
});
