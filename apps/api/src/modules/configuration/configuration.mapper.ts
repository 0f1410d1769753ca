import { CHARGE_HEAD_INFO, type ChargeHead, type ChargeRate, type ChargeUnit, type Due } from '@stoa/shared/configuration';
import { trimDecimals } from '@stoa/shared/common';

import type { BankDetailRecord, ChargeRateRecord, DueRecord } from './configuration.repository';

export const mapCharge = (r: ChargeRateRecord, state: ChargeRate['state']): ChargeRate => ({
  id: r.id,
  head: r.head as ChargeHead,
  kind: CHARGE_HEAD_INFO[r.head as ChargeHead].kind,
  unit: r.unit as ChargeUnit,
  amount: trimDecimals(r.amount),
  gstRatePercent: trimDecimals(r.gstRatePercent),
  effectiveFrom: r.effectiveFrom,
  state,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
});

export const mapDue = (d: DueRecord): Due => ({
  id: d.id,
  head: d.head as ChargeHead,
  description: d.description,
  recordType: d.recordType,
  recordId: d.recordId,
  quantity: trimDecimals(d.quantity),
  rate: trimDecimals(d.rate),
  unit: d.unit as ChargeUnit,
  baseAmount: d.baseAmountPaise,
  gstRatePercent: trimDecimals(d.gstRatePercent),
  gstAmount: d.gstAmountPaise,
  totalAmount: d.totalPaise,
  dueDate: d.dueDate,
  status: d.status as Due['status'],
  createdAt: d.createdAt.toISOString(),
});

export function mapBank(r: BankDetailRecord, state: 'PAST' | 'CURRENT' | 'FUTURE') {
  return {
    id: r.id,
    bankName: r.bankName,
    accountName: r.accountName,
    accountNumber: r.accountNumber,
    ifsc: r.ifsc,
    branch: r.branch,
    effectiveFrom: r.effectiveFrom,
    state,
  };
}
