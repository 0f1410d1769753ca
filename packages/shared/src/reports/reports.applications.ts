import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES, APPLICATION_TYPES } from '../applications/applications.workflow';
import { enApplications } from '../messages/en.applications';
import {
  dateRange,
  entityFilter,
  OA_TRADER,
  options,
  SLDC,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilter,
} from './reports.common';

/** The applications reports (issue 15, decision 0066): Pending Applications, Application Status, Application Details. */

export const APPLICATION_TYPE_LABELS: Record<string, string> = enApplications.typeLabels;

/** Application statuses that wait on the SLDC (submitted, not yet decided). */
export const PENDING_APPLICATION_STATUSES = [
  'Submitted',
  'Returned',
  'PendingSTOAApproval',
  'STOAApproved',
  'SLDCApproverIApproved',
] as const;

export const applicationTypeFilter: ReportFilter = {
  key: 'type',
  label: 'Application type',
  kind: 'select',
  column: 'type',
  options: options(APPLICATION_TYPES, APPLICATION_TYPE_LABELS),
};

const applicationColumns: ReportColumn[] = [
  { key: 'applicationNo', label: 'Application No.', kind: 'text' },
  { key: 'type', label: 'Type', kind: 'text', labels: APPLICATION_TYPE_LABELS },
  { key: 'applicant', label: 'Applicant', kind: 'text' },
];

export const APPLICATION_REPORTS = [
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
] as const satisfies readonly ReportDefinition[];
