import dayjs from 'dayjs';

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
