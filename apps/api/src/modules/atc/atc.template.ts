import { PassThrough, Readable } from 'node:stream';

import ExcelJS from 'exceljs';

import { ATC_BLOCK_HEADERS, ATC_DATE_HEADER, ATC_ELEMENT_HEADER } from '@stoa/shared/atc';
import { enAtc } from '@stoa/shared/messages';

const t = enAtc.template;
export const ATC_HEADERS: readonly string[] = [ATC_DATE_HEADER, ATC_ELEMENT_HEADER, ...ATC_BLOCK_HEADERS];
/** An example row for the instructions: date, element, then the first blocks. */
const EXAMPLE = ['21/11/2026', 'Anand 132 kV', '125.50', '125.50', '120', '118.25'];

export interface TemplateFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/**
 * The upload template as an .xlsx written by exceljs' streaming WorkbookWriter: the first
 * worksheet holds only the header row (the file is read from it), a second one the instructions.
 */
export function xlsxTemplate(): TemplateFile {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(t.sheetName, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  sheet.columns = ATC_HEADERS.map((header, i) => ({
    header,
    key: `c${i}`,
    width: i === 0 ? 12 : i === 1 ? 32 : 8,
    // Text cells keep '00:15' headers and DD/MM/YYYY dates as typed (no silent conversion by Excel).
    style: i === 0 ? { numFmt: '@' } : i === 1 ? {} : { numFmt: '0.00' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  sheet.commit();

  const help = workbook.addWorksheet(t.instructionsSheet);
  help.getColumn(1).width = 110;
  help.addRow([t.instructionsSheet]).font = { bold: true };
  for (const line of t.instructions) help.addRow([line]).commit();
  help.addRow([]).commit();
  help.addRow([t.exampleTitle]).font = { bold: true };
  help.addRow([ATC_HEADERS.slice(0, EXAMPLE.length).join(' | ')]).commit();
  help.addRow([EXAMPLE.join(' | ')]).commit();
  help.commit();
  workbook.commit().catch((err: unknown) => out.destroy(err as Error));
  return {
    fileName: 'atc-margin-template.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: out,
  };
}

/** The upload template as CSV: the header row only. */
export function csvTemplate(): TemplateFile {
  return {
    fileName: 'atc-margin-template.csv',
    contentType: 'text/csv; charset=utf-8',
    stream: Readable.from([`${ATC_HEADERS.join(',')}\r\n`]),
  };
}
