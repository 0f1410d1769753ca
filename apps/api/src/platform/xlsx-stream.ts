import { PassThrough, type Readable } from 'node:stream';

import ExcelJS from 'exceljs';

/**
 * The one streaming Excel writer of the API (ARCHITECTURE.md §11: exports stream, a workbook is never
 * built in memory): exceljs' WorkbookWriter writes and commits each row as it comes, so memory stays
 * bounded by one batch of rows whatever the file's length. Used by the payment list's download
 * (decision 0055) and the reports' (decision 0066).
 */

export interface XlsxColumn {
  header: string;
  width: number;
  /** An Excel number format for the column's cells ('#,##0.00' for rupees). */
  numFmt?: string;
}

export interface XlsxSheet {
  sheetName: string;
  columns: readonly XlsxColumn[];
  /** Lines above the header row (a title, the filters applied, the time of generation), one cell each. */
  preamble?: readonly string[];
  /** The data rows, a batch at a time. */
  rows: AsyncIterable<readonly unknown[][]>;
  /** A last row in bold (a totals row), computed after the data. */
  footer?: () => readonly unknown[] | undefined;
}

export function streamXlsx(sheetDef: XlsxSheet): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const preamble = sheetDef.preamble ?? [];
  const headerRow = preamble.length ? preamble.length + 2 : 1;
  const sheet = workbook.addWorksheet(sheetDef.sheetName, { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.columns = sheetDef.columns.map((c, i) => ({ key: `c${i}`, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));

  void (async () => {
    for (const [i, line] of preamble.entries()) {
      const row = sheet.addRow([line]);
      if (i === 0) row.font = { bold: true, size: 13 };
      row.commit();
    }
    if (preamble.length) sheet.addRow([]).commit();
    const header = sheet.addRow(sheetDef.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of sheetDef.rows) {
      for (const values of batch) sheet.addRow([...values]).commit();
    }
    const footer = sheetDef.footer?.();
    if (footer) {
      const row = sheet.addRow([...footer]);
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
