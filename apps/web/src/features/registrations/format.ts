import {
  REGISTRATION_STATUS_LABELS,
  REJECTED_STATUSES,
  type RegistrationStatus,
  RETURNED_STATUSES,
} from '@stoa/shared';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });

/** '₹ 11,800.00' for an amount in paise (Indian digit grouping). */
export { formatPaise } from '../../lib/money';

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
