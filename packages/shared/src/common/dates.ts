/** India Standard Time: UTC+05:30, no daylight saving. Business dates and cut-offs are IST. */
export const IST_OFFSET_MINUTES = 330;

/** The IST calendar date (YYYY-MM-DD) of an instant. */
export function istDate(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** PAST / CURRENT / FUTURE of one effective-dated row among the rows of the same key. */
export function effectiveState(effectiveFrom: string, currentFrom: string | undefined, today: string): 'PAST' | 'CURRENT' | 'FUTURE' {
  if (effectiveFrom > today) return 'FUTURE';
  return effectiveFrom === currentFrom ? 'CURRENT' : 'PAST';
}
