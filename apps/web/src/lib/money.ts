const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₹ 5,900.00' for an amount in paise (Indian digit grouping, always 2 decimals). */
export function formatPaise(paise: number): string {
  return `₹ ${amount.format(paise / 100)}`;
}
