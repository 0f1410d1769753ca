import { ENTITY_TYPES } from '../account/roles';
import { REGISTRATION_STATUS_LABELS, REGISTRATION_STATUSES } from '../registrations/registrations.workflow';
import { dateRange, entityFilter, OA_TRADER, options, SLDC, UTILITY, type ReportDefinition } from './reports.common';

/** The registrations reports (issue 15, decision 0066): Pending Registrations, Registration Application Status. */

const ENTITY_TYPE_LABELS: Record<string, string> = {
  InjectingEntity: 'Injecting Entity',
  DraweeEntity: 'Drawee Entity',
  BothEntity: 'Both',
  Trader: 'Trader',
};

/** Registration statuses that wait on the SLDC, a TRANSCO or a DISCOM. */
export const PENDING_REGISTRATION_STATUSES = [
  'Submitted',
  'PendingTRANSCOApproval',
  'PendingDISCOMApproval',
  'PendingSTOACheck',
  'STOAApproved',
  'SLDCApproverIApproved',
] as const;

export const REGISTRATION_REPORTS = [
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
] as const satisfies readonly ReportDefinition[];
