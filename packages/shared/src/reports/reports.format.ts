import { centiToMw, formatMwhUnits, formatPaise, MWH_SCALE, PAISE_PER_RUPEE } from '../common/units';
import type { ReportColumn } from './reports.registry';

/**
 * How a report cell reads (the grid, the PDF) and what number it is in a spreadsheet, from the wire's
 * integer units through the shared unit helpers: paise → ₹, 0.01 MW → MW, 0.0001 MWh → MWh, 0.01 % → %.
 */

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const IST_MS = 330 * 60_000;

/** dd/mm/yyyy hh:mm in IST of an ISO instant. */
export function formatIstDateTime(iso: string): string {
  const t = new Date(Date.parse(iso) + IST_MS).toISOString();
  return `${dmy(t.slice(0, 10))} ${t.slice(11, 16)}`;
}

export function formatReportCell(column: ReportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'paise':
      return formatPaise(Number(value));
    case 'centiMw':
      return centiToMw(Number(value));
    case 'mwhUnits':
      return formatMwhUnits(Number(value));
    case 'int':
      return String(value);
    case 'percent':
      return `${(Number(value) / 100).toFixed(2)} %`;
    case 'date':
      return dmy(String(value));
    case 'datetime':
      return formatIstDateTime(String(value));
    case 'text':
      return column.labels?.[String(value)] ?? String(value);
  }
}

/** The cell of a spreadsheet: a number in the display unit (₹, MW, MWh), else the text shown. */
export function reportSheetValue(column: ReportColumn, value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'paise':
      return Number(value) / PAISE_PER_RUPEE;
    case 'centiMw':
      return Number(value) / 100;
    case 'mwhUnits':
      return Number(value) / MWH_SCALE;
    case 'int':
      return Number(value);
    case 'percent':
      return Number(value) / 100;
    default:
      return formatReportCell(column, value);
  }
}

/** Whether a column holds a number (right-aligned, summed in the totals row). */
export const isNumericColumn = (c: ReportColumn) =>
  c.kind === 'paise' || c.kind === 'centiMw' || c.kind === 'mwhUnits' || c.kind === 'int' || c.kind === 'percent';
