import { type CurtailmentOrder, enCurtailment } from '@stoa/shared';

const amount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₹ 11,800.00' for an amount in paise (Indian digit grouping); '—' when none is due. */
export function formatRefund(paise: number | null): string {
  return paise === null ? '—' : `₹ ${amount.format(paise / 100)}`;
}

export const orderLabel = (order: CurtailmentOrder) => enCurtailment.orderLabels[order];
