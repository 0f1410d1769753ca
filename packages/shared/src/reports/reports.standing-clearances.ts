import { enInterState } from '../messages/en.inter-state';
import { enPayments } from '../messages/en.payments';
import { dateRange, entityFilter, options, SLDC, type ReportColumn, type ReportDefinition, type ReportFilter } from './reports.common';

/**
 * The two inter-state standing-clearance application fee reports of spec 001 §2 "Reports" (issue 15,
 * decision 0079): per standing-clearance application of one transaction type (bilateral, power
 * exchange), its fee due (head STANDING_CLEARANCE_FEE, raised on applying, decision 0060) with what
 * was paid against it, when, and the receipts. SLDC roles only: the spec leaves them out of the
 * applicants', traders' and utilities' 13 and 2.
 */

const CLEARANCE_STATUS_LABELS: Record<string, string> = enInterState.standingClearance.statusLabels;
const FEE_STATUS_LABELS: Record<string, string> = enPayments.payments.dueStatuses;
/** What the clearance covers: buying, selling or both (`maxBuy`/`maxSell` set). */
export const CLEARED_FOR_LABELS: Record<string, string> = { Buy: 'Buy', Sell: 'Sell', BuyAndSell: 'Buy and sell' };

const columns: ReportColumn[] = [
  { key: 'applicationNo', label: 'Application No.', kind: 'text' },
  { key: 'appliedOn', label: 'Applied on', kind: 'datetime' },
  { key: 'entity', label: 'Entity', kind: 'text' },
  { key: 'clearedFor', label: 'Clearance type', kind: 'text', labels: CLEARED_FOR_LABELS },
  { key: 'validFrom', label: 'Valid from', kind: 'date' },
  { key: 'validTo', label: 'Valid to', kind: 'date' },
  { key: 'status', label: 'Status', kind: 'text', labels: CLEARANCE_STATUS_LABELS },
  { key: 'feeStatus', label: 'Fee status', kind: 'text', labels: FEE_STATUS_LABELS },
  { key: 'feeDue', label: 'Fee due (₹)', kind: 'paise', total: true },
  { key: 'paidAmount', label: 'Paid (₹)', kind: 'paise', total: true },
  { key: 'tdsAmount', label: 'TDS (₹)', kind: 'paise', total: true },
  { key: 'outstandingAmount', label: 'Outstanding (₹)', kind: 'paise', total: true },
  { key: 'datePaid', label: 'Date paid', kind: 'date' },
  { key: 'receiptNo', label: 'Receipt No.', kind: 'text' },
];
const filters: ReportFilter[] = [
  ...dateRange('appliedOn', 'Applied'),
  {
    key: 'status',
    label: 'Status',
    kind: 'select',
    column: 'status',
    options: options(Object.keys(CLEARANCE_STATUS_LABELS), CLEARANCE_STATUS_LABELS),
  },
  {
    key: 'feeStatus',
    label: 'Fee status',
    kind: 'select',
    column: 'feeStatus',
    options: options(Object.keys(FEE_STATUS_LABELS), FEE_STATUS_LABELS),
  },
  entityFilter('entity'),
];

export const STANDING_CLEARANCE_FEE_REPORTS = [
  {
    name: 'standing-clearance-bilateral-fees',
    apiName: 'StandingClearanceBilateralFees',
    label: 'Standing Clearance Fees (Inter-State Bilateral)',
    roles: SLDC,
    columns,
    filters,
    defaultSort: { column: 'appliedOn', direction: 'desc' },
    sheetName: 'SC Fees Bilateral',
  },
  {
    name: 'standing-clearance-power-exchange-fees',
    apiName: 'StandingClearancePowerExchangeFees',
    label: 'Standing Clearance Fees (Inter-State Power Exchange)',
    roles: SLDC,
    columns,
    filters,
    defaultSort: { column: 'appliedOn', direction: 'desc' },
    sheetName: 'SC Fees Power Exchange',
  },
] as const satisfies readonly ReportDefinition[];

/** The transaction type of each fee report's clearances. */
export const STANDING_CLEARANCE_FEE_REPORT_TYPES = {
  StandingClearanceBilateralFees: 'Bilateral',
  StandingClearancePowerExchangeFees: 'PowerExchange',
} as const;
