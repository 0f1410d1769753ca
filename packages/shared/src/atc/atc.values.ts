/**
 * Values of the ATC (available transfer capability) margin uploads, as pure functions shared by the
 * API (which validates every upload and correction) and the web (which checks a typed correction
 * before sending it). DOMAIN.md §1, §3; ARCHITECTURE.md §4: margins are integers of hundredths of a
 * MW ("centi-MW"), 96 blocks of 15 minutes a day, business dates in IST.
 */
import { type DecimalProblem, type DecimalResult, parseDecimal } from '../common/units';

/** Intra-state and inter-state margins are uploaded and kept apart (spec 001 §2 ATC menu). */
export const ATC_MODES = ['IntraState', 'InterState'] as const;
export type AtcMode = (typeof ATC_MODES)[number];

/** 15-minute blocks of a day: block n covers [(n−1)·15, n·15) minutes from 00:00 IST. */
export const ATC_BLOCKS_PER_DAY = 96;
/** Longest transmission element / substation name, in characters. */
export const ATC_ELEMENT_MAX_LENGTH = 100;
/** Largest margin of one block: 99,999.99 MW (keeps every sum of a day far inside 32 bits). */
export const ATC_MAX_MARGIN_CENTI = 9_999_999;
/** Most data rows one file may hold (40 days × 1,000 elements); larger uploads are split. */
export const ATC_MAX_ROWS = 40_000;
/**
 * Most bytes an uploaded .xlsx may unpack to (issue 11 item 5): 40,000 rows of 98 cells take about
 * 150 MB of sheet XML. A larger workbook (or a ZIP bomb) is refused before it is unpacked.
 */
export const ATC_MAX_XLSX_UNPACKED_BYTES = 160 * 1_048_576;
/** Most bytes of one part of the workbook other than a worksheet (e.g. the shared strings, held in memory). */
export const ATC_MAX_XLSX_OTHER_PART_BYTES = 16 * 1_048_576;
/** Most row errors one answer lists; `errorCount` still counts every one. */
export const ATC_ERROR_LIST_LIMIT = 1_000;
/** The files the server can read: Excel 2007+ workbooks and UTF-8 CSV (not .xls or .xlsb). */
export const ATC_FILE_EXTENSIONS = ['xlsx', 'csv'] as const;
/** `formName` of the upload (File/Upload?formName=Atc). */
export const ATC_FORM_NAME = 'Atc';
/** Earliest and latest margin dates accepted (a sanity bound against typing errors like 2206). */
export const ATC_MIN_DATE = '2000-01-01';
export const ATC_MAX_DATE = '2099-12-31';

const pad2 = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

/** Start time of a block: 1 → '00:00', 96 → '23:45'. */
export function atcBlockStart(block: number): string {
  return hhmm((block - 1) * 15);
}

/** End time of a block: 1 → '00:15', 96 → '24:00'. */
export function atcBlockEnd(block: number): string {
  return hhmm(block * 15);
}

/** The 96 block columns of the upload, named by their start time ('00:00' … '23:45'). */
export const ATC_BLOCK_HEADERS: readonly string[] = Array.from({ length: ATC_BLOCKS_PER_DAY }, (_, i) => atcBlockStart(i + 1));

/** The first two columns of the upload. */
export const ATC_DATE_HEADER = 'Date';
export const ATC_ELEMENT_HEADER = 'Element';

export type AtcMarginProblem = DecimalProblem;
export type AtcMarginResult = { ok: true; centi: number } | { ok: false; problem: AtcMarginProblem };

const MARGIN_RULE = { scale: 2, max: ATC_MAX_MARGIN_CENTI, lenient: true } as const;
const marginOf = (r: DecimalResult): AtcMarginResult => (r.ok ? { ok: true, centi: r.value } : r);

/**
 * A margin typed as text ('12.5', '0', '1.500') in MW → integer centi-MW, read digit by digit by
 * the units parser (never through a binary float). Refuses an empty value, anything but a plain
 * decimal number (no exponent, no thousands separator), a negative value, more than 2 significant
 * decimals and more than 99,999.99 MW.
 */
export function parseAtcMargin(text: string): AtcMarginResult {
  return marginOf(parseDecimal(text, MARGIN_RULE));
}

/**
 * A margin held by a spreadsheet cell as a number → centi-MW. A cell's number is a binary float
 * (12.34 is 12.339999…), so it is read through its decimal text rounded to 8 places ('12.34000000')
 * and then by the same parser as typed text: 0.1 + 0.2 is 0.30 MW, 1.005 has too many decimals.
 */
export function atcMarginOfNumber(value: number): AtcMarginResult {
  if (!Number.isFinite(value)) return { ok: false, problem: 'notNumber' };
  if (value < 0) return { ok: false, problem: 'negative' };
  if (value >= 1e15) return { ok: false, problem: 'tooLarge' };
  return marginOf(parseDecimal(value.toFixed(8), MARGIN_RULE));
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  const iso = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
  return iso >= ATC_MIN_DATE && iso <= ATC_MAX_DATE ? iso : null;
}

/**
 * A margin date typed as text → 'YYYY-MM-DD', or null: DD/MM/YYYY (spec 000 §9; '-' and '.' also
 * separate, one-digit day and month allowed) or YYYY-MM-DD; a real calendar date in 2000–2099.
 */
export function parseAtcDate(text: string): string | null {
  const value = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (m) return isoDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/**
 * A date held by a spreadsheet cell (a Date at UTC midnight of the calendar day, as Excel date
 * cells are read) → 'YYYY-MM-DD', or null outside 2000–2099. Time of day is ignored.
 */
export function atcDateOfCell(value: Date): string | null {
  if (Number.isNaN(value.getTime())) return null;
  // Excel date cells carry no zone; a time 23:59:59.5 rounds up to the next day like Excel shows it.
  const rounded = new Date(Math.round(value.getTime() / 1000) * 1000);
  return isoDate(rounded.getUTCFullYear(), rounded.getUTCMonth() + 1, rounded.getUTCDate());
}

export type AtcColumn = { kind: 'date' } | { kind: 'element' } | { kind: 'block'; block: number };

const DATE_NAMES = new Set(['date', 'margin date', 'atc date']);
const ELEMENT_NAMES = new Set([
  'element',
  'transmission element',
  'substation',
  'element / substation',
  'element/substation',
  'transmission element / substation',
]);

function blockOfMinutes(start: number, end?: number): AtcColumn | null {
  if (start % 15 !== 0 || start < 0 || start >= 24 * 60) return null;
  if (end !== undefined && end !== start + 15) return null;
  return { kind: 'block', block: start / 15 + 1 };
}

/**
 * What a header cell names: the date, the element, or a block by its start time ('00:00', '0:15',
 * '00:15:00', '00:00-00:15') or its number ('Block 1' … 'Block 96', 'B1'). Null for anything else.
 */
export function atcColumnOf(header: string): AtcColumn | null {
  const name = header.trim().replace(/\s+/g, ' ').toLowerCase();
  if (DATE_NAMES.has(name)) return { kind: 'date' };
  if (ELEMENT_NAMES.has(name)) return { kind: 'element' };
  const time = /^(\d{1,2}):(\d{2})(?::00)?(?:\s*(?:-|–|to)\s*(\d{1,2}):(\d{2})(?::00)?)?$/.exec(name);
  if (time) {
    const [h, m] = [Number(time[1]), Number(time[2])];
    if (m > 59) return null;
    const end = time[3] === undefined ? undefined : Number(time[3]) * 60 + Number(time[4]);
    return blockOfMinutes(h * 60 + m, end);
  }
  const numbered = /^(?:block|blk|b)\s*[-#]?\s*(\d{1,2})$/.exec(name);
  if (numbered) {
    const block = Number(numbered[1]);
    return block >= 1 && block <= ATC_BLOCKS_PER_DAY ? { kind: 'block', block } : null;
  }
  return null;
}

/** A header cell holding a time (a fraction of a day, as Excel stores '00:15') → its column. */
export function atcColumnOfDayFraction(fraction: number): AtcColumn | null {
  if (!Number.isFinite(fraction) || fraction < 0 || fraction >= 1) return null;
  return blockOfMinutes(Math.round(fraction * 24 * 60));
}

/** An element name as kept: trimmed, inner white space collapsed to one space. */
export function normalizeAtcElement(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The identity of an element: its normalised name, case-insensitive ('Anand 132 kV' = 'ANAND  132 KV'). */
export function atcElementKey(text: string): string {
  return normalizeAtcElement(text).toLowerCase();
}
