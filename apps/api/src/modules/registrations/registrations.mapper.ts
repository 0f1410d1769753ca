import {
  type Actor as WorkflowActor,
  availableActions,
  canEditTraderDetails,
  canRenew,
  type FileValidation,
  formMode,
  REGISTRATION_STATUS_LABELS,
  type RegistrationDetail,
  type RegistrationRow,
  type RegistrationStatus,
  type WorkflowSubject,
} from '@stoa/shared/registrations';
import type { EntityType, Role } from '@stoa/shared/account';
import type { FieldError } from '@stoa/shared/common';

import type { UtilitySummary } from '../reference/reference.repository';
import type { registrationsRepository, RegistrationRecord, Viewer } from './registrations.repository';

/** A form value as trimmed text, or null when empty or not text. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A form value as a finite number (a number or numeric text), else null. */
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Field errors as the flat items `groupFieldErrors` takes. */
export const flatten = (errors: FieldError[]) =>
  errors.flatMap((e) => e.errorMessages.map((message) => ({ fieldName: e.fieldName, message })));

/** What the audit rows keep of a record before and after a change. */
export const summary = (row: RegistrationRecord) => ({
  entityType: row.entityType,
  status: row.status,
  version: row.version,
  registrationNo: row.registrationNo,
  entityName: row.entityName,
  discomId: row.discomId,
  transcoId: row.transcoId,
  isRenewal: row.isRenewal,
  previousRegistrationId: row.previousRegistrationId,
  validFrom: row.validFrom,
  expiredOn: row.expiredOn,
});

/**
 * The entity grid's columns of a list row (spec 001 §2; decision 0019a), from the form values: the
 * consumer number, quanta and connection points of the steps the entity type has, the open-access
 * start (validity start), the TRANSCO's zone and the drawal zones (else the DISCOM's zone).
 */
export function entityGridFields(
  entityType: EntityType,
  data: Record<string, unknown>,
  validFrom: string | null,
  utilityZones: { transco: string | null; discom: string | null },
): Pick<
  RegistrationRow,
  | 'consumerNumber'
  | 'dateOfOpenAccessStart'
  | 'stoaInjectionQuantum'
  | 'stoaDrawlQuantum'
  | 'connectivity'
  | 'transmissionZone'
  | 'distributionZone'
> {
  const injecting = entityType === 'InjectingEntity' || entityType === 'BothEntity';
  const drawee = entityType === 'DraweeEntity' || entityType === 'BothEntity';
  const point = (substation: unknown, voltage: unknown) => {
    const name = str(substation);
    const kv = str(voltage);
    return name && kv ? `${name} (${kv} kV)` : (name ?? (kv ? `${kv} kV` : null));
  };
  const points = [
    injecting ? point(data.injectionSubstation, data.injectionVoltage) : null,
    drawee ? point(data.drawalSubstation, data.drawalVoltage) : null,
  ].filter((p): p is string => p !== null);
  const zoneRows =
    drawee && Array.isArray(data.zones)
      ? data.zones.map((z) => str((z as { zone?: unknown } | null)?.zone)).filter((z): z is string => z !== null)
      : [];
  return {
    consumerNumber: drawee ? str(data.consumerNumber) : null,
    dateOfOpenAccessStart: entityType === 'Trader' ? null : validFrom,
    stoaInjectionQuantum: injecting ? num(data.stoaInjectionQuantum) : null,
    stoaDrawlQuantum: drawee ? num(data.stoaDrawlQuantum) : null,
    connectivity: points.length > 0 ? points.join('; ') : null,
    transmissionZone: injecting ? utilityZones.transco : null,
    distributionZone: drawee ? [...new Set(zoneRows)].join(', ') || utilityZones.discom : null,
  };
}

type ListRecord = Awaited<ReturnType<typeof registrationsRepository.list>>['rows'][number];

/** One row of a registration list, for the viewer; `zones` holds the zone of each utility id. */
export function toListRow(x: ListRecord, viewerId: string, zones: Map<string, string>): RegistrationRow {
  return {
    ...entityGridFields(x.entityType as EntityType, x.data, x.validFrom, {
      transco: x.transcoId ? (zones.get(x.transcoId) ?? null) : null,
      discom: x.discomId ? (zones.get(x.discomId) ?? null) : null,
    }),
    id: x.id,
    entityType: x.entityType as EntityType,
    registrationNo: x.registrationNo,
    entityName: x.entityName,
    issuingAuthority: x.issuingAuthority,
    tradingLicenceNo: x.tradingLicenceNo,
    updatedOn: x.updatedOn.toISOString(),
    expiredOn: x.expiredOn,
    status: { status: x.status as RegistrationStatus, statusDescription: REGISTRATION_STATUS_LABELS[x.status as RegistrationStatus] },
    isRenewal: x.isRenewal,
    previousRegistrationId: x.previousRegistrationId,
    canRenew: x.ownerUserId === viewerId && canRenew(x.status as RegistrationStatus) && !x.hasOpenRenewal,
  };
}

/** What a detail shows besides the record itself (loaded by detail.ts). */
export interface DetailParts {
  history: Awaited<ReturnType<typeof registrationsRepository.history>>;
  fileList: FileValidation[];
  utilities: UtilitySummary[];
  owner: Pick<Viewer, 'firstName' | 'lastName'> | undefined;
  /** A renewal of the record in progress (only looked up when the viewer owns a renewable record). */
  openRenewal: RegistrationRecord | undefined;
}

/** The detail of a record as the viewer sees it: the actions, form mode and renewal it is offered. */
export function toDetail(row: RegistrationRecord, v: Viewer, parts: DetailParts): RegistrationDetail {
  const subject: WorkflowSubject = { status: row.status as RegistrationStatus, entityType: row.entityType as EntityType };
  const owner = row.ownerUserId === v.id;
  const actor: WorkflowActor = owner ? 'Owner' : v.role;
  const utility = (id: string | null) => {
    const u = id ? parts.utilities.find((x) => x.id === id) : undefined;
    return u ? { id: u.id, name: u.name, type: u.type, zone: u.zone } : null;
  };
  return {
    id: row.id,
    entityType: subject.entityType,
    status: subject.status,
    statusDescription: REGISTRATION_STATUS_LABELS[subject.status],
    registrationNo: row.registrationNo,
    version: row.version,
    data: row.data,
    validFrom: row.validFrom,
    expiredOn: row.expiredOn,
    isRenewal: row.isRenewal,
    previousRegistrationId: row.previousRegistrationId,
    submittedOn: row.submittedOn?.toISOString() ?? null,
    updatedOn: row.updatedOn.toISOString(),
    ownerName: parts.owner ? `${parts.owner.firstName} ${parts.owner.lastName}`.trim() : '',
    discom: utility(row.discomId),
    transco: utility(row.transcoId),
    allowedActions: availableActions(subject, actor),
    formMode: owner ? formMode(subject, 'Owner') : 'ReadOnly',
    canRenew: owner && canRenew(subject.status) && !parts.openRenewal,
    canEditTraderDetails: canEditTraderDetails(subject, actor),
    history: parts.history.map((h) => ({
      action: h.action,
      fromStatus: (h.fromStatus as RegistrationStatus | null) ?? null,
      toStatus: h.toStatus as RegistrationStatus,
      actorName: h.firstName !== null ? `${h.firstName} ${h.lastName ?? ''}`.trim() : null,
      role: (h.actorRole as Role | null) ?? null,
      remarks: h.remarks,
      at: h.createdOn.toISOString(),
    })),
    fileList: parts.fileList,
  };
}
