import { LOAD_CENTRE_ROLES, type Role } from '../account/roles';
import { CHARGE_HEAD_INFO } from '../configuration/configuration.schemas';

/** The shapes of a report's definition and the helpers the report groups share (issue 15, decision 0066). */

/**
 * How a column's value is shown: amounts arrive in integer paise, quantities in 0.01 MW, energy in
 * 0.0001 MWh, shares (`percent`) in hundredths of a percent (1234 = 12.34 %).
 */
export type ReportColumnKind = 'text' | 'date' | 'datetime' | 'int' | 'paise' | 'centiMw' | 'mwhUnits' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** Summed into the totals row (amounts and quantities that add up). */
  total?: boolean;
  /** Codes shown with these labels (statuses, types). */
  labels?: Readonly<Record<string, string>>;
}

export type ReportFilterKind = 'dateFrom' | 'dateTo' | 'month' | 'select' | 'text';

export interface ReportFilter {
  /** The query parameter. */
  key: string;
  label: string;
  kind: ReportFilterKind;
  /** The column it filters (dateFrom/dateTo: on or after / on or before; text: contains). */
  column: string;
  options?: readonly { value: string; label: string }[];
  /** The call is refused (400) without it; the page starts with `defaultDays` set. */
  required?: boolean;
  /** A date filter's first value on the page: today (IST) plus this many days. */
  defaultDays?: number;
}

/**
 * A chart above the grid of a report whose rows are block ranges (decision 0072): for one value of each
 * `by` column (a date and an element), the named series over the day's 96 blocks, each series the sum
 * of its columns (centi-MW) over the rows' block range `fromBlock`…`toBlock`.
 */
export interface ReportBlockChart {
  by: readonly [date: string, element: string];
  fromBlock: string;
  toBlock: string;
  series: readonly { label: string; columns: readonly string[] }[];
}

/**
 * A chart above the grid of a report whose rows are per month (decision 0079: Financial Summary): the
 * `series` columns summed per value of the `month` column (yyyy-mm) over the rows that match the
 * filters, as bars for the latest `months` months.
 */
export interface ReportMonthChart {
  month: string;
  series: readonly { label: string; column: string }[];
  months: number;
}

export interface ReportDefinition {
  name: string;
  apiName: string;
  label: string;
  roles: readonly Role[];
  columns: readonly ReportColumn[];
  filters: readonly ReportFilter[];
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  /** The most days (both included) the dateFrom/dateTo pair may span (decision 0072: a bounded query). */
  maxDays?: number;
  /** The Excel sheet's name when the label is longer than Excel's 31 characters. */
  sheetName?: string;
  chart?: ReportBlockChart;
  monthChart?: ReportMonthChart;
}

export const SLDC = LOAD_CENTRE_ROLES;
export const OA_TRADER: Role[] = ['OABusinessUser', 'Trader'];
export const UTILITY: Role[] = ['DISCOMBusinessUser', 'TRANSCOBusinessUser'];

export const options = (values: readonly string[], labels: Readonly<Record<string, string>>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));
export const dateRange = (column: string, what: string): ReportFilter[] => [
  { key: 'fromDate', label: `${what} from`, kind: 'dateFrom', column },
  { key: 'toDate', label: `${what} to`, kind: 'dateTo', column },
];
export const entityFilter = (column: string, label = 'Entity'): ReportFilter => ({ key: 'entity', label, kind: 'text', column });
export const feeHeadLabels: Record<string, string> = Object.fromEntries(
  Object.entries(CHARGE_HEAD_INFO).map(([head, info]) => [head, info.label]),
);
