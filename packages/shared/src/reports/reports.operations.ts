import { APPLICATION_STATUS_LABELS } from '../applications/applications.workflow';
import { enCurtailment } from '../messages/en.curtailment';
import { enRevisions } from '../messages/en.revisions';
import { APPLICATION_TYPE_LABELS, applicationTypeFilter } from './reports.applications';
import {
  dateRange,
  entityFilter,
  OA_TRADER,
  options,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilter,
  SLDC,
} from './reports.common';

/**
 * The operations reports (issue 15, decision 0066): Revision Summary, Curtailment, Under-Utilized
 * STOA (decision 0069: the energy approved at processing against the final schedule after revisions and
 * curtailment, per approved application; only those with unused energy, by unused share) and STOA
 * Margin Availability intra-state and inter-state (decision 0072).
 */

/** The longest date range of a margin availability report, both dates included (decision 0072). */
export const MARGIN_REPORT_MAX_DAYS = 31;

/**
 * STOA Margin Availability (decision 0072), SLDC roles only: per date, ATC element and run of blocks
 * with equal figures, the margin uploaded, what the holders of margin have of it, the margin still
 * available (never below 0) and the excess granted over the margin. Intra-state: the applications'
 * granted MW, approved (Approved, Partially Approved) and processed awaiting the approvers apart;
 * inter-state: the consents' granted MW. The date range is required and at most 31 days.
 */
const marginColumns = (held: readonly ReportColumn[]): ReportColumn[] => [
  { key: 'marginDate', label: 'Date', kind: 'date' },
  { key: 'element', label: 'Element', kind: 'text' },
  { key: 'fromBlock', label: 'From block', kind: 'int' },
  { key: 'toBlock', label: 'To block', kind: 'int' },
  { key: 'timeRange', label: 'Time (IST)', kind: 'text' },
  { key: 'margin', label: 'Margin (MW)', kind: 'centiMw' },
  ...held,
  { key: 'available', label: 'Available (MW)', kind: 'centiMw' },
  { key: 'overAllocated', label: 'Over-allocated (MW)', kind: 'centiMw' },
];
const marginFilters: ReportFilter[] = [
  { key: 'fromDate', label: 'Date from', kind: 'dateFrom', column: 'marginDate', required: true, defaultDays: 0 },
  { key: 'toDate', label: 'Date to', kind: 'dateTo', column: 'marginDate', required: true, defaultDays: 6 },
  { key: 'element', label: 'Element', kind: 'text', column: 'element' },
];
const marginChart = (held: readonly string[]) => ({
  by: ['marginDate', 'element'] as const,
  fromBlock: 'fromBlock',
  toBlock: 'toBlock',
  series: [
    { label: 'Margin', columns: ['margin'] },
    { label: 'Booked', columns: held },
  ],
});

export const MARGIN_AVAILABILITY_REPORTS = [
  {
    name: 'stoa-margin-availability-intra-state',
    apiName: 'StoaMarginAvailabilityIntraState',
    label: 'STOA Margin Availability (Intra-State)',
    sheetName: 'Margin Availability Intra-State',
    roles: SLDC,
    columns: marginColumns([
      { key: 'approved', label: 'Approved (MW)', kind: 'centiMw' },
      { key: 'awaitingApproval', label: 'Awaiting approval (MW)', kind: 'centiMw' },
    ]),
    filters: marginFilters,
    defaultSort: { column: 'marginDate', direction: 'asc' },
    maxDays: MARGIN_REPORT_MAX_DAYS,
    chart: marginChart(['approved', 'awaitingApproval']),
  },
  {
    name: 'stoa-margin-availability-inter-state',
    apiName: 'StoaMarginAvailabilityInterState',
    label: 'STOA Margin Availability (Inter-State)',
    sheetName: 'Margin Availability Inter-State',
    roles: SLDC,
    columns: marginColumns([{ key: 'consented', label: 'Consented (MW)', kind: 'centiMw' }]),
    filters: marginFilters,
    defaultSort: { column: 'marginDate', direction: 'asc' },
    maxDays: MARGIN_REPORT_MAX_DAYS,
    chart: marginChart(['consented']),
  },
] as const satisfies readonly ReportDefinition[];

export const OPERATIONS_REPORTS = [
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
    name: 'under-utilized-stoa',
    apiName: 'UnderUtilizedStoa',
    label: 'Under-Utilized STOA',
    roles: [...OA_TRADER, ...SLDC],
    columns: [
      { key: 'applicationNo', label: 'Application No.', kind: 'text' },
      { key: 'type', label: 'Type', kind: 'text', labels: APPLICATION_TYPE_LABELS },
      { key: 'applicant', label: 'Applicant', kind: 'text' },
      { key: 'fromDate', label: 'From date', kind: 'date' },
      { key: 'toDate', label: 'To date', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'text', labels: APPLICATION_STATUS_LABELS },
      { key: 'approvedEnergy', label: 'Approved (MWh)', kind: 'mwhUnits', total: true },
      { key: 'revisedEnergy', label: 'Revised down (MWh)', kind: 'mwhUnits', total: true },
      { key: 'curtailedEnergy', label: 'Curtailed (MWh)', kind: 'mwhUnits', total: true },
      { key: 'scheduledEnergy', label: 'Final schedule (MWh)', kind: 'mwhUnits', total: true },
      { key: 'unusedEnergy', label: 'Unused (MWh)', kind: 'mwhUnits', total: true },
      { key: 'unusedShare', label: 'Unused share', kind: 'percent' },
      { key: 'underUtilizedBlocks', label: 'Blocks under-utilized', kind: 'int', total: true },
    ],
    filters: [
      applicationTypeFilter,
      ...dateRange('fromDate', 'Schedule'),
      { key: 'month', label: 'Month', kind: 'month', column: 'month' },
      entityFilter('applicant', 'Applicant'),
    ],
    defaultSort: { column: 'unusedShare', direction: 'desc' },
  },
] as const satisfies readonly ReportDefinition[];
