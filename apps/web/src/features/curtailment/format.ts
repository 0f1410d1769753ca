import type { CurtailmentOrder } from '@stoa/shared/curtailment';
import { enCurtailment } from '@stoa/shared/messages';
import { formatPaise } from '@stoa/shared/common';

/** '₹11,800.00' for an amount in paise (Indian digit grouping); '—' when none is due. */
export function formatRefund(paise: number | null): string {
  return paise === null ? '—' : formatPaise(paise);
}

export const orderLabel = (order: CurtailmentOrder) => enCurtailment.orderLabels[order];
