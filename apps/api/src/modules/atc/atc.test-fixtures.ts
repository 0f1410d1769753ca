import ExcelJS from 'exceljs';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';

import { bearer, type TestContext } from '../../../test/build-test-app';
import { multipart } from '../../../test/files-fixtures';

export type Cell = string | number | Date | null;

/** A data row of a margin file: date and element cells, then the block cells (96 unless a test wants otherwise). */
export interface FixtureRow {
  date: Cell;
  element: Cell;
  blocks?: Cell[];
}

export const HEADERS = ['Date', 'Element', ...ATC_BLOCK_HEADERS];

/** 96 margins: block n gets `base + n/100` MW as text ('10.01' … '10.96'). */
export function blocksOf(base = 10): string[] {
  return Array.from({ length: 96 }, (_, i) => (base + (i + 1) / 100).toFixed(2));
}

const rowCells = (r: FixtureRow): Cell[] => [r.date, r.element, ...(r.blocks ?? blocksOf())];

const csvField = (v: Cell) => {
  const text = v === null ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A margin file as CSV (CRLF line ends, UTF-8 with a BOM like Excel writes it). */
export function marginCsv(rows: FixtureRow[], headers: Cell[] = HEADERS): Buffer {
  const lines = [headers, ...rows.map(rowCells)].map((cells) => cells.map(csvField).join(','));
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A margin file as an .xlsx workbook built by exceljs (numbers stay numbers, Dates become date cells). */
export async function marginXlsx(rows: FixtureRow[], headers: Cell[] = HEADERS, extraSheet = true): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Margins');
  sheet.addRow(headers);
  for (const r of rows) {
    const row = sheet.addRow(rowCells(r));
    if (r.date instanceof Date) row.getCell(1).numFmt = 'dd/mm/yyyy';
  }
  if (extraSheet) workbook.addWorksheet('Notes').addRow(['not read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Uploads a file as `token`'s user with formName=Atc; answers its id. */
export async function uploadAtcFile(ctx: TestContext, token: string, fileName: string, content: Buffer): Promise<string> {
  const { body, headers } = multipart('uploadedFile', fileName, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Atc',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}
