import type { EntityType } from '@stoa/shared/account';
import { REGISTRATION_STATUS_LABELS, REJECTED_STATUSES, type RegistrationStatus, RETURNED_STATUSES } from '@stoa/shared/registrations';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });

/** '18%' for a decimal string. */
export function formatPercent(value: string): string {
  return `${percent.format(Number(value))}%`;
}

/** The label of a status (spec 001 §4 filter labels; the others show their own name). */
export function statusLabel(status: RegistrationStatus | null | undefined): string {
  return status ? REGISTRATION_STATUS_LABELS[status] : '';
}

export type StatusTone = 'success' | 'error' | 'warning' | 'info' | 'default';

/** Colour family of a status: approved green, refusals red, returns amber, pending blue, the rest grey. */
export function statusTone(status: RegistrationStatus): StatusTone {
  if (status === 'Approved') return 'success';
  if ((REJECTED_STATUSES as readonly string[]).includes(status)) return 'error';
  if ((RETURNED_STATUSES as readonly string[]).includes(status)) return 'warning';
  if (status === 'Draft' || status === 'Expired' || status === 'Renewed') return 'default';
  return 'info';
}

/** Statuses that keep an owner from starting another registration: anything but a refusal or an expiry. */
export function blocksNewRegistration(status: RegistrationStatus): boolean {
  return !(REJECTED_STATUSES as readonly string[]).includes(status) && status !== 'Expired' && status !== 'Renewed';
}

/** The entity grid's own columns (spec 001 §2), in order. */
export const ENTITY_GRID_COLUMNS = [
  'consumerNumber',
  'dateOfOpenAccessStart',
  'stoaInjectionQuantum',
  'stoaDrawlQuantum',
  'connectivity',
  'transmissionZone',
  'distributionZone',
] as const;
export type EntityGridColumn = (typeof ENTITY_GRID_COLUMNS)[number];
export type TraderGridColumn = 'issuingAuthority' | 'tradingLicenceNo';

/** Spec 001 §2: consumer number and both zones hidden for Both, injection quantum for Drawee, drawal quantum for Injecting. */
const HIDDEN_BY_TYPE: Record<EntityType, readonly EntityGridColumn[]> = {
  BothEntity: ['consumerNumber', 'transmissionZone', 'distributionZone'],
  DraweeEntity: ['stoaInjectionQuantum'],
  InjectingEntity: ['stoaDrawlQuantum'],
  Trader: ENTITY_GRID_COLUMNS,
};

/** Whether a column of the registrations grid applies to a row of this entity type. */
export function columnApplies(entityType: EntityType, column: EntityGridColumn | TraderGridColumn): boolean {
  if (column === 'issuingAuthority' || column === 'tradingLicenceNo') return entityType === 'Trader';
  return !HIDDEN_BY_TYPE[entityType].includes(column);
}

/**
 * The type-specific columns of a list holding rows of these entity types: each entity grid column
 * that applies to at least one of them, then the trader columns when traders are listed.
 */
export function gridColumnsFor(entityTypes: readonly EntityType[]): (EntityGridColumn | TraderGridColumn)[] {
  const entity = ENTITY_GRID_COLUMNS.filter((c) => entityTypes.some((t) => columnApplies(t, c)));
  return entityTypes.includes('Trader') ? [...entity, 'issuingAuthority', 'tradingLicenceNo'] : entity;
}

const mw = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
/** '1,250.5' for a quantum in MW. */
export function formatMw(value: number): string {
  return mw.format(value);
}
