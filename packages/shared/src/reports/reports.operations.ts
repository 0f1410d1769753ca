import { enCurtailment } from '../messages/en.curtailment';
import { enRevisions } from '../messages/en.revisions';
import { dateRange, entityFilter, OA_TRADER, options, SLDC, type ReportDefinition } from './reports.common';

/** The operations reports (issue 15, decision 0066): Revision Summary, Curtailment. */

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
] as const satisfies readonly ReportDefinition[];
