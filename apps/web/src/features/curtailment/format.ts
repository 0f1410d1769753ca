import { type CurtailmentOrder, enCurtailment } from '@stoa/shared';

import { formatPaise } from '../../lib/money';

/** '₹ 11,800.00' for an amount in paise (Indian digit grouping); '—' when none is due. */
export function formatRefund(paise: number | null): string {
  return paise === null ? '—' : formatPaise(paise);
}

export const orderLabel = (order: CurtailmentOrder) => enCurtailment.orderLabels[order];
