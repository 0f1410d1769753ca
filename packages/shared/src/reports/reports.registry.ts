import { LOAD_CENTRE_ROLES, type Role } from '../account/roles';
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, APPLICATION_TYPES } from '../applications/applications.workflow';
import { ENTITY_TYPES } from '../account/roles';
import { CHARGE_HEAD_INFO } from '../configuration/configuration.schemas';
import { enApplications } from '../messages/en.applications';
import { enCurtailment } from '../messages/en.curtailment';
import { enRevisions } from '../messages/en.revisions';
import { enPayments } from '../messages/en.payments';
import { REGISTRATION_STATUS_LABELS, REGISTRATION_STATUSES } from '../registrations/registrations.workflow';

/**
 * The reports of spec 001 §2 "Reports" (issue 15, decision 0066): one table that the menu, the web
 * page, the API's routes, the auth matrix and the exports all read. `name` is the web path segment
 * (`/reports/{name}`, kebab-case), `apiName` the API's (`GET /api/Report/{apiName}`, PascalCase like
 * the spec's calls). Only the reports listed here are built; the menu shows exactly these.
 */

/** How a column's value is shown: amounts arrive in integer paise, quantities in 0.01 MW, energy in 0.0001 MWh. */
export type ReportColumnKind = 'text' | 'date' | 'datetime' | 'int' | 'paise' | 'centiMw' | 'mwhUnits';

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
}

export interface ReportDefinition {
  name: string;
  apiName: string;
  label: string;
  roles: readonly Role[];
  columns: readonly ReportColumn[];
  filters: readonly ReportFilter[];
  defaultSort: { column: string; direction: 'asc' | 'desc' };
}

const SLDC = LOAD_CENTRE_ROLES;
const OA_TRADER: Role[] = ['OABusinessUser', 'Trader'];
const UTILITY: Role[] = ['DISCOMBusinessUser', 'TRANSCOBusinessUser'];

const APPLICATION_TYPE_LABELS: Record<string, string> = enApplications.typeLabels;
const ENTITY_TYPE_LABELS: Record<string, string> = {
  InjectingEntity: 'Injecting Entity',
  DraweeEntity: 'Drawee Entity',
  BothEntity: 'Both',
  Trader: 'Trader',
};
const DUE_STATUS_LABELS: Record<string, string> = enPayments.payments.dueStatuses;
const REFUND_STATUS_LABELS: Record<string, string> = { PENDING: 'Pending approval', PAID: 'Paid', RETURNED: 'Returned' };
const REFUND_SOURCE_LABELS: Record<string, string> = { OverPayment: 'Over-payment', Curtailment: 'Curtailment', Revision: 'Revision' };

/** Application statuses that wait on the SLDC (submitted, not yet decided). */
export const PENDING_APPLICATION_STATUSES = [
  'Submitted',
  'Returned',
  'PendingSTOAApproval',
  'STOAApproved',
  'SLDCApproverIApproved',
] as const;
/** Registration statuses that wait on the SLDC, a TRANSCO or a DISCOM. */
export const PENDING_REGISTRATION_STATUSES = [
  'Submitted',
  'PendingTRANSCOApproval',
  'PendingDISCOMApproval',
  'PendingSTOACheck',
  'STOAApproved',
  'SLDCApproverIApproved',
] as const;

const options = (values: readonly string[], labels: Readonly<Record<string, string>>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));
const applicationTypeFilter: ReportFilter = {
  key: 'type',
  label: 'Application type',
  kind: 'select',
  column: 'type',
  options: options(APPLICATION_TYPES, APPLICATION_TYPE_LABELS),
};
const dateRange = (column: string, what: string): ReportFilter[] => [
  { key: 'fromDate', label: `${what} from`, kind: 'dateFrom', column },
  { key: 'toDate', label: `${what} to`, kind: 'dateTo', column },
];
const entityFilter = (column: string, label = 'Entity'): ReportFilter => ({ key: 'entity', label, kind: 'text', column });
const feeHeadLabels: Record<string, string> = Object.fromEntries(
  Object.entries(CHARGE_HEAD_INFO).map(([head, info]) => [head, info.label]),
);

const applicationColumns: ReportColumn[] = [
  { key: 'applicationNo', label: 'Application No.', kind: 'text' },
  { key: 'type', label: 'Type', kind: 'text', labels: APPLICATION_TYPE_LABELS },
  { key: 'applicant', label: 'Applicant', kind: 'text' },
];

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

export const REPORTS = [
  {
    name: 'pending-applications',
    apiName: 'PendingApplications',
    label: 'Pending Applications',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      ...applicationColumns,
      { key: 'seller', label: 'Seller', kind: 'text' },
      { key: 'buyer', label: 'Buyer', kind: 'text' },
      { key: 'fromDate', label: 'From date', kind: 'date' },
      { key: 'toDate', label: 'To date', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'text', labels: APPLICATION_STATUS_LABELS },
      { key: 'submittedAt', label: 'Submitted on', kind: 'datetime' },
      { key: 'daysPending', label: 'Days pending', kind: 'int' },
    ],
    filters: [
      applicationTypeFilter,
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(PENDING_APPLICATION_STATUSES, APPLICATION_STATUS_LABELS),
      },
      ...dateRange('submittedAt', 'Submitted'),
      entityFilter('applicant', 'Applicant'),
    ],
    defaultSort: { column: 'submittedAt', direction: 'asc' },
  },
  {
    name: 'application-status',
    apiName: 'ApplicationStatus',
    label: 'Application Status',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      ...applicationColumns,
      { key: 'month', label: 'Month', kind: 'text' },
      { key: 'fromDate', label: 'From date', kind: 'date' },
      { key: 'toDate', label: 'To date', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'text', labels: APPLICATION_STATUS_LABELS },
      { key: 'statusSince', label: 'Status since', kind: 'datetime' },
    ],
    filters: [
      applicationTypeFilter,
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS),
      },
      { key: 'month', label: 'Month', kind: 'month', column: 'month' },
      entityFilter('applicant', 'Applicant'),
    ],
    defaultSort: { column: 'statusSince', direction: 'desc' },
  },
  {
    name: 'application-details',
    apiName: 'ApplicationDetails',
    label: 'Application Details',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      ...applicationColumns,
      { key: 'seller', label: 'Seller', kind: 'text' },
      { key: 'buyer', label: 'Buyer', kind: 'text' },
      { key: 'trader', label: 'Trader', kind: 'text' },
      { key: 'fromDate', label: 'From date', kind: 'date' },
      { key: 'toDate', label: 'To date', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'text', labels: APPLICATION_STATUS_LABELS },
      { key: 'requestedEnergy', label: 'Requested (MWh)', kind: 'mwhUnits', total: true },
      { key: 'grantedEnergy', label: 'Approved (MWh)', kind: 'mwhUnits', total: true },
    ],
    filters: [
      applicationTypeFilter,
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS),
      },
      ...dateRange('fromDate', 'Schedule'),
      entityFilter('applicant', 'Applicant'),
    ],
    defaultSort: { column: 'applicationNo', direction: 'desc' },
  },
  {
    name: 'pending-registrations',
    apiName: 'PendingRegistrations',
    label: 'Pending Registrations',
    roles: [...OA_TRADER, ...SLDC, ...UTILITY],
    columns: [
      { key: 'entityName', label: 'Entity', kind: 'text' },
      { key: 'entityType', label: 'Entity type', kind: 'text', labels: ENTITY_TYPE_LABELS },
      { key: 'kind', label: 'Kind', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text', labels: REGISTRATION_STATUS_LABELS },
      { key: 'submittedOn', label: 'Submitted on', kind: 'datetime' },
      { key: 'daysPending', label: 'Days pending', kind: 'int' },
    ],
    filters: [
      { key: 'entityType', label: 'Entity type', kind: 'select', column: 'entityType', options: options(ENTITY_TYPES, ENTITY_TYPE_LABELS) },
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(PENDING_REGISTRATION_STATUSES, REGISTRATION_STATUS_LABELS),
      },
      ...dateRange('submittedOn', 'Submitted'),
      entityFilter('entityName'),
    ],
    defaultSort: { column: 'submittedOn', direction: 'asc' },
  },
  {
    name: 'registration-application-status',
    apiName: 'RegistrationApplicationStatus',
    label: 'Registration Application Status',
    roles: [...SLDC, ...UTILITY],
    columns: [
      { key: 'registrationNo', label: 'Registration No.', kind: 'text' },
      { key: 'entityName', label: 'Entity', kind: 'text' },
      { key: 'entityType', label: 'Entity type', kind: 'text', labels: ENTITY_TYPE_LABELS },
      { key: 'kind', label: 'Kind', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text', labels: REGISTRATION_STATUS_LABELS },
      { key: 'submittedOn', label: 'Submitted on', kind: 'datetime' },
      { key: 'validFrom', label: 'Valid from', kind: 'date' },
      { key: 'expiredOn', label: 'Valid to', kind: 'date' },
    ],
    filters: [
      { key: 'entityType', label: 'Entity type', kind: 'select', column: 'entityType', options: options(ENTITY_TYPES, ENTITY_TYPE_LABELS) },
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(
          REGISTRATION_STATUSES.filter((s) => s !== 'Draft'),
          REGISTRATION_STATUS_LABELS,
        ),
      },
      ...dateRange('submittedOn', 'Submitted'),
      entityFilter('entityName'),
    ],
    defaultSort: { column: 'submittedOn', direction: 'desc' },
  },
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
  {
    name: 'revision-summary',
    apiName: 'RevisionSummary',
    label: 'Revision Summary',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      { key: 'revisionNo', label: 'Revision No.', kind: 'text' },
      { key: 'applicationNo', label: 'Application No.', kind: 'text' },
      { key: 'applicant', label: 'Applicant', kind: 'text' },
      { key: 'requestedAt', label: 'Requested on', kind: 'datetime' },
      { key: 'effectiveDate', label: 'Effective from', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'text', labels: enRevisions.statusLabels },
      { key: 'reducedEnergy', label: 'Reduced (MWh)', kind: 'mwhUnits', total: true },
      { key: 'releasedEnergy', label: 'Released (MWh)', kind: 'mwhUnits', total: true },
      { key: 'refund', label: 'Refund (₹)', kind: 'paise', total: true },
    ],
    filters: [
      ...dateRange('requestedAt', 'Requested'),
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        column: 'status',
        options: options(Object.keys(enRevisions.statusLabels), enRevisions.statusLabels),
      },
      entityFilter('applicant', 'Applicant'),
    ],
    defaultSort: { column: 'requestedAt', direction: 'desc' },
  },
  {
    name: 'curtailment',
    apiName: 'Curtailment',
    label: 'Curtailment',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      { key: 'curtailmentNo', label: 'Curtailment No.', kind: 'text' },
      { key: 'curtailmentDate', label: 'Date', kind: 'date' },
      { key: 'element', label: 'Element', kind: 'text' },
      { key: 'cause', label: 'Cause', kind: 'text', labels: enCurtailment.causeLabels },
      { key: 'applicationNo', label: 'Application No.', kind: 'text' },
      { key: 'applicant', label: 'Applicant', kind: 'text' },
      { key: 'curtailedEnergy', label: 'Curtailed (MWh)', kind: 'mwhUnits', total: true },
      { key: 'refund', label: 'Refund (₹)', kind: 'paise', total: true },
    ],
    filters: [
      ...dateRange('curtailmentDate', 'Curtailment date'),
      {
        key: 'cause',
        label: 'Cause',
        kind: 'select',
        column: 'cause',
        options: options(Object.keys(enCurtailment.causeLabels), enCurtailment.causeLabels),
      },
      { key: 'element', label: 'Element', kind: 'text', column: 'element' },
      entityFilter('applicant', 'Applicant'),
    ],
    defaultSort: { column: 'curtailmentDate', direction: 'desc' },
  },
  {
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
  },
] as const satisfies readonly ReportDefinition[];

export type ReportApiName = (typeof REPORTS)[number]['apiName'];
export type ReportName = (typeof REPORTS)[number]['name'];

export const reportByName = (name: string): ReportDefinition | undefined => REPORTS.find((r) => r.name === name);
export const reportByApiName = (apiName: string): ReportDefinition | undefined => REPORTS.find((r) => r.apiName === apiName);
/** The web path of a report. */
export const reportPath = (r: Pick<ReportDefinition, 'name'>) => `/reports/${r.name}`;

/**
 * The 18 reports of spec 001 §2 in the spec's order (the menu's order). Those not in REPORTS are not
 * built yet and appear nowhere (no menu entry, no page): STOA Margin Availability (intra-state,
 * inter-state), Under-Utilized STOA and the two standing-clearance application fee reports.
 */
export const SPEC_REPORT_ORDER = [
  'application-details',
  'financial-summary',
  'payment-receipt',
  'refund-report',
  'revision-summary',
  'pending-registrations',
  'pending-applications',
  'stoa-margin-availability-intra-state',
  'stoa-margin-availability-inter-state',
  'stu-charges',
  'operating-charges',
  'under-utilized-stoa',
  'registration-fees',
  'application-status',
  'curtailment',
  'registration-application-status',
  'standing-clearance-bilateral-fees',
  'standing-clearance-power-exchange-fees',
] as const;

/** The built reports in the spec's order. */
export const REPORTS_IN_MENU_ORDER: readonly ReportDefinition[] = SPEC_REPORT_ORDER.flatMap((name) => {
  const r = reportByName(name);
  return r ? [r] : [];
});
