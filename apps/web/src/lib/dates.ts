import dayjs from 'dayjs';

import { IST_OFFSET_MINUTES } from '@stoa/shared/common';

/** Date formats of spec 000 §9. */
export const DISPLAY_DATE = 'MMM DD, YYYY';
export const ENTRY_DATE = 'DD/MM/YYYY';
export const WIRE_DATE = 'YYYY-MM-DD';

/** 'MMM DD, YYYY' for a wire date or timestamp; empty string when missing or invalid. */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DISPLAY_DATE) : '';
}

/** Date-time format of spec 000 §9. */
export const DISPLAY_DATE_TIME = 'MMM DD, YYYY h:mm A';

/**
 * 'MMM DD, YYYY h:mm A' of an instant in India Standard Time (UTC+05:30, no daylight saving),
 * whatever the browser's own time zone; empty string when missing or invalid.
 */
export function formatIstDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const ist = new Date(time + IST_OFFSET_MINUTES * 60_000);
  // A local date with the IST wall-clock fields, for dayjs to format.
  const wall = new Date(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), ist.getUTCHours(), ist.getUTCMinutes());
  return dayjs(wall).format(DISPLAY_DATE_TIME);
}
