import type { ChargeUnit } from '@stoa/shared/configuration';
import { formatRupeeRate, formatRupees, istDate } from '@stoa/shared/common';

const plain = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 4 });

/** A configured value with its unit: '₹5,000.00', '₹0.08/kWh', '₹1,250.00/MW/day', '0.04% per day'. */
export function formatChargeValue(amount: string, unit: ChargeUnit): string {
  switch (unit) {
    case 'INR':
      return formatRupees(amount);
    case 'INR_PER_KWH':
      return formatRupeeRate(amount, 'kWh');
    case 'INR_PER_MW_DAY':
      return formatRupeeRate(amount, 'MW/day');
    case 'INR_PER_DAY':
      return `${formatRupees(amount)} per day per transaction`;
    case 'PERCENT_PER_DAY':
      return `${plain.format(Number(amount))}% per day`;
  }
}

/** '18%' */
export function formatPercent(value: string): string {
  return `${plain.format(Number(value))}%`;
}

/** Today's business date (IST, 'YYYY-MM-DD'), as the server counts it. */
export function todayIst(): string {
  return istDate(new Date());
}

/** A dated row the server still lets the Admin change: it takes effect after today. */
export function isFutureDate(date: string, today = todayIst()): boolean {
  return date > today;
}
