import { Readable } from 'node:stream';

import ExcelJS from 'exceljs';

/** One cell as read: text, a number, a date (Excel date cells), or nothing. */
export type CellValue = string | number | Date | null;

/** One row of the first worksheet (or CSV record): its spreadsheet row number and cells, index 0 = column A. */
export interface RawRow {
  row: number;
  cells: CellValue[];
}

/** A file the reader could not make sense of (corrupt workbook, broken CSV quoting). */
export class UnreadableFileError extends Error {}

/** Any exceljs cell value → text, number, Date or null (formulas give their cached result). */
function cellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      result?: unknown;
      text?: unknown;
      error?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return cellValue(v.result);
    if (typeof v.error === 'string') return v.error;
    if (typeof v.text === 'string') return v.text;
  }
  return String(value);
}

/** Attempts at opening a workbook's first worksheet (see readXlsxRows). */
export const XLSX_OPEN_ATTEMPTS = 4;

/**
 * exceljs's streaming reader sometimes parses a worksheet before the workbook part on Node ≥ 18 and
 * throws `Cannot read properties of undefined (reading 'sheets')` (exceljs issue #3064): about one read
 * in a hundred of a workbook written by exceljs itself, whose `xl/workbook.xml` comes last in the ZIP.
 * The same bytes read again succeed, so that one failure is retried.
 */
const isReaderRace = (err: unknown) => err instanceof TypeError && /reading 'sheets'/.test(err.message);

/**
 * The rows of the first worksheet of an .xlsx (the upload, already read whole and checked for what it
 * unpacks to), streamed through exceljs's WorkbookReader: only the shared strings and one row at a time
 * are held. Styles are read so that date cells come back as dates.
 */
export async function* readXlsxRows(packed: Buffer): AsyncGenerator<RawRow> {
  for (let attempt = 1; ; attempt++) {
    const stream = Readable.from([packed]);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      entries: 'ignore',
    });
    try {
      let sheet;
      try {
        const sheets = reader[Symbol.asyncIterator]();
        const first = await sheets.next();
        if (first.done) return;
        sheet = first.value;
      } catch (err) {
        if (isReaderRace(err) && attempt < XLSX_OPEN_ATTEMPTS) continue;
        throw new UnreadableFileError(String(err));
      }
      const rows = sheet[Symbol.asyncIterator]();
      for (;;) {
        let next;
        try {
          next = await rows.next();
        } catch (err) {
          throw new UnreadableFileError(String(err));
        }
        if (next.done) return;
        const values = next.value.values as unknown[];
        // exceljs rows are 1-based: values[0] is always empty.
        const cells: CellValue[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
        yield { row: next.value.number, cells };
      }
    } finally {
      // Only the first worksheet is read: stop unzipping the rest.
      stream.destroy();
    }
  }
}

/** Longest CSV field; anything longer is not a margin file (e.g. an unterminated quote). */
const MAX_FIELD_LENGTH = 100_000;

const delimiterOf = (firstLine: string) =>
  firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';

/**
 * The records of a UTF-8 CSV file (RFC 4180: quoted fields may hold delimiters, line breaks and
 * quotes written as ""; CRLF, LF or CR line ends; a BOM is skipped), streamed chunk by chunk. The
 * delimiter is the comma, or the semicolon or tab when the first line has no comma (spreadsheets
 * of some locales save so). Empty fields are null.
 */
export async function* readCsvRows(stream: Readable): AsyncGenerator<RawRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let delimiter: string | null = null;
  let head = '';
  let field = '';
  let record: string[] = [];
  let quoted = false;
  /** Inside quotes, a quote was just seen: either the closing one or the first of "". */
  let quoteSeen = false;
  /** A closing quote ended the field's quoted part. */
  let afterQuote = false;
  /** A CR ended a record: a LF right after it belongs to the same line end. */
  let crSeen = false;
  let row = 0;

  const endField = () => {
    record.push(field);
    field = '';
    afterQuote = false;
  };
  const endRecord = (): RawRow => {
    endField();
    row++;
    const done = { row, cells: record.map((c) => (c === '' ? null : c)) };
    record = [];
    return done;
  };

  function* consume(text: string): Generator<RawRow> {
    for (const ch of text) {
      if (quoteSeen) {
        quoteSeen = false;
        if (ch === '"') {
          field += '"';
          continue;
        }
        quoted = false;
        afterQuote = true;
      }
      if (crSeen) {
        crSeen = false;
        if (ch === '\n') continue;
      }
      if (quoted) {
        if (ch === '"') quoteSeen = true;
        else field += ch;
      } else if (ch === '"' && field === '' && !afterQuote) {
        quoted = true;
      } else if (ch === delimiter) {
        endField();
      } else if (ch === '\n' || ch === '\r') {
        crSeen = ch === '\r';
        yield endRecord();
      } else {
        // Text after a closing quote ('"a"b') is kept, as spreadsheets do.
        field += ch;
      }
      if (field.length > MAX_FIELD_LENGTH) throw new UnreadableFileError('field too long');
    }
  }

  function* feed(text: string): Generator<RawRow> {
    if (delimiter === null) {
      head += text;
      const lineEnd = head.search(/[\r\n]/);
      if (lineEnd < 0 && head.length < 65_536) return;
      if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
      delimiter = delimiterOf(lineEnd < 0 ? head : head.slice(0, lineEnd));
      text = head;
      head = '';
    }
    yield* consume(text);
  }

  try {
    for await (const chunk of stream) yield* feed(decoder.decode(chunk as Buffer, { stream: true }));
    yield* feed(decoder.decode());
    if (delimiter === null) {
      if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
      delimiter = delimiterOf(head);
      yield* consume(head);
    }
  } catch (err) {
    if (err instanceof TypeError) throw new UnreadableFileError('not UTF-8');
    throw err;
  }
  if (quoteSeen) {
    quoted = false;
    afterQuote = true;
  }
  if (quoted) throw new UnreadableFileError('unterminated quote');
  if (field !== '' || record.length > 0 || afterQuote) yield endRecord();
}
