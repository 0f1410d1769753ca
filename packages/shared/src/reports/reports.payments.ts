import { enPayments } from '../messages/en.payments';
import {
  dateRange,
  entityFilter,
  feeHeadLabels,
  OA_TRADER,
  options,
  SLDC,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilter,
} from './reports.common';

/**
 * The payments and charges reports (issue 15, decision 0066): Payment Receipt, Refund Report, the dues
 * reports (Registration Fees, STU Charges, Operating Charges) and Financial Summary.
 */

const DUE_STATUS_LABELS: Record<string, string> = enPayments.payments.dueStatuses;
const REFUND_STATUS_LABELS: Record<string, string> = { PENDING: 'Pending approval', PAID: 'Paid', RETURNED: 'Returned' };
const REFUND_SOURCE_LABELS: Record<string, string> = { OverPayment: 'Over-payment', Curtailment: 'Curtailment', Revision: 'Revision' };

/** The dues of some charge heads with what was paid against them (Registration Fees, STU Charges, Operating Charges). */
const duesColumns: ReportColumn[] = [
  { key: 'payer', label: 'Payer', kind: 'text' },
  { key: 'head', label: 'Charge head', kind: 'text', labels: feeHeadLabels },
  { key: 'description', label: 'Description', kind: 'text' },
  { key: 'dueDate', label: 'Due date', kind: 'date' },
  { key: 'status', label: 'Status', kind: 'text', labels: DUE_STATUS_LABELS },
  { key: 'baseAmount', label: 'Amount (₹)', kind: 'paise', total: true },
  { key: 'gstAmount', label: 'GST (₹)', kind: 'paise', total: true },
  { key: 'totalAmount', label: 'Total (₹)', kind: 'paise', total: true },
  { key: 'paidAmount', label: 'Received (₹)', kind: 'paise', total: true },
  { key: 'tdsAmount', label: 'TDS (₹)', kind: 'paise', total: true },
  { key: 'outstandingAmount', label: 'Outstanding (₹)', kind: 'paise', total: true },
];
const duesFilters = (heads: readonly string[]): ReportFilter[] => [
  ...dateRange('dueDate', 'Due date'),
  ...(heads.length > 1
    ? [{ key: 'head', label: 'Charge head', kind: 'select', column: 'head', options: options(heads, feeHeadLabels) } as const]
    : []),
  { key: 'status', label: 'Status', kind: 'select', column: 'status', options: options(Object.keys(DUE_STATUS_LABELS), DUE_STATUS_LABELS) },
  entityFilter('payer', 'Payer'),
];
/** The charge heads of each dues report. */
export const DUES_REPORT_HEADS = {
  RegistrationFees: ['REGISTRATION_FEE', 'RENEWAL_FEE'],
  StuCharges: ['STU_TRANSMISSION_CHARGE'],
  OperatingCharges: ['SLDC_OPERATING_CHARGE'],
} as const;

export const PAYMENT_REPORTS = [
  {
    name: 'payment-receipt',
    apiName: 'PaymentReceipt',
    label: 'Payment Receipt',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      { key: 'receiptNo', label: 'Receipt No.', kind: 'text' },
      { key: 'issuedAt', label: 'Issued on', kind: 'datetime' },
      { key: 'payer', label: 'Payer', kind: 'text' },
      { key: 'head', label: 'Charge head', kind: 'text', labels: feeHeadLabels },
      { key: 'description', label: 'Description', kind: 'text' },
      { key: 'mode', label: 'Mode', kind: 'text' },
      { key: 'reference', label: 'Reference', kind: 'text' },
      { key: 'paymentDate', label: 'Payment date', kind: 'date' },
      { key: 'amount', label: 'Amount (₹)', kind: 'paise', total: true },
      { key: 'tdsAmount', label: 'TDS (₹)', kind: 'paise', total: true },
    ],
    filters: [
      ...dateRange('paymentDate', 'Payment date'),
      { key: 'head', label: 'Charge head', kind: 'select', column: 'head', options: options(Object.keys(feeHeadLabels), feeHeadLabels) },
      entityFilter('payer', 'Payer'),
    ],
    defaultSort: { column: 'issuedAt', direction: 'desc' },
  },
  {
    name: 'refund-report',
    apiName: 'RefundReport',
    label: 'Refund Report',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      { key: 'payer', label: 'Payer', kind: 'text' },
      { key: 'source', label: 'Source', kind: 'text', labels: REFUND_SOURCE_LABELS },
      { key: 'description', label: 'Description', kind: 'text' },
      { key: 'madeAt', label: 'Proposed on', kind: 'datetime' },
      { key: 'status', label: 'Status', kind: 'text', labels: REFUND_STATUS_LABELS },
      { key: 'payoutReference', label: 'Payout reference', kind: 'text' },
      { key: 'payoutDate', label: 'Payout date', kind: 'date' },
      { key: 'amount', label: 'Amount (₹)', kind: 'paise', total: true },
    ],
    filters: [
      ...dateRange('madeAt', 'Proposed'),
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(Object.keys(REFUND_STATUS_LABELS), REFUND_STATUS_LABELS),
      },
      {
        key: 'source',
        label: 'Source',
        kind: 'select',
        column: 'source',
        options: options(Object.keys(REFUND_SOURCE_LABELS), REFUND_SOURCE_LABELS),
      },
      entityFilter('payer', 'Payer'),
    ],
    defaultSort: { column: 'madeAt', direction: 'desc' },
  },
  {
    name: 'registration-fees',
    apiName: 'RegistrationFees',
    label: 'Registration Fees',
    roles: [...OA_TRADER, ...SLDC],
    columns: duesColumns,
    filters: duesFilters(DUES_REPORT_HEADS.RegistrationFees),
    defaultSort: { column: 'dueDate', direction: 'desc' },
  },
  {
    name: 'stu-charges',
    apiName: 'StuCharges',
    label: 'STU Charges',
    roles: [...OA_TRADER, ...SLDC],
    columns: duesColumns,
    filters: duesFilters(DUES_REPORT_HEADS.StuCharges),
    defaultSort: { column: 'dueDate', direction: 'desc' },
  },
  {
    name: 'operating-charges',
    apiName: 'OperatingCharges',
    label: 'Operating Charges',
    roles: [...OA_TRADER, ...SLDC],
    columns: duesColumns,
    filters: duesFilters(DUES_REPORT_HEADS.OperatingCharges),
    defaultSort: { column: 'dueDate', direction: 'desc' },
  },
] as const satisfies readonly ReportDefinition[];

export const FINANCIAL_SUMMARY_REPORT = {
  name: 'financial-summary',
  apiName: 'FinancialSummary',
  label: 'Financial Summary',
  roles: [...OA_TRADER, ...SLDC],
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    { key: 'head', label: 'Charge head', kind: 'text', labels: feeHeadLabels },
    { key: 'raised', label: 'Dues raised (₹)', kind: 'paise', total: true },
    { key: 'received', label: 'Received (₹)', kind: 'paise', total: true },
    { key: 'tds', label: 'TDS (₹)', kind: 'paise', total: true },
    { key: 'refunded', label: 'Refunded (₹)', kind: 'paise', total: true },
    { key: 'outstanding', label: 'Outstanding (₹)', kind: 'paise', total: true },
  ],
  filters: [
    { key: 'month', label: 'Month', kind: 'month', column: 'month' },
    { key: 'head', label: 'Charge head', kind: 'select', column: 'head', options: options(Object.keys(feeHeadLabels), feeHeadLabels) },
  ],
  defaultSort: { column: 'month', direction: 'desc' },
  // Decision 0079: the amounts per month (the charge heads added up) as bars above the grid.
  monthChart: {
    month: 'month',
    months: 12,
    series: [
      { label: 'Dues raised', column: 'raised' },
      { label: 'Received', column: 'received' },
      { label: 'TDS', column: 'tds' },
      { label: 'Refunded', column: 'refunded' },
      { label: 'Outstanding', column: 'outstanding' },
    ],
  },
} as const satisfies ReportDefinition;
