import { CHARGE_HEAD_INFO, type ChargeHead } from '@stoa/shared/configuration';
import {
  basisPointsToPercent,
  type Payment,
  type PaymentDue,
  type PaymentMode,
  type PaymentStatus,
  type TdsConfig,
  type TdsInterest,
  type TdsSection,
} from '@stoa/shared/payments';

import type { DueWithTotals, PaymentWithNames } from './payments.repository';
import type { TdsConfigRecord, TdsInterestRecord } from './tds.repository';

type State = TdsConfig['state'];

export const mapTdsConfig = (r: TdsConfigRecord, state: State): TdsConfig => ({
  id: r.id,
  head: r.head as ChargeHead,
  headLabel: CHARGE_HEAD_INFO[r.head as ChargeHead]?.label ?? r.head,
  section: r.section as TdsSection,
  rateBasisPoints: r.rateBasisPoints,
  ratePercent: basisPointsToPercent(r.rateBasisPoints),
  effectiveFrom: r.effectiveFrom,
  state,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const mapTdsInterest = (r: TdsInterestRecord, state: State): TdsInterest => ({
  id: r.id,
  rateBasisPoints: r.rateBasisPoints,
  ratePercent: basisPointsToPercent(r.rateBasisPoints),
  effectiveFrom: r.effectiveFrom,
  state,
  remarks: r.remarks,
  createdAt: r.createdAt.toISOString(),
});

export const mapPayment = (x: PaymentWithNames): Payment => ({
  id: x.payment.id,
  dueId: x.payment.dueId,
  payerUserId: x.payment.payerUserId,
  payerName: x.payerName,
  mode: x.payment.mode as PaymentMode,
  reference: x.payment.reference,
  paymentDate: x.payment.paymentDate,
  bankName: x.payment.bankName,
  amount: x.payment.amountPaise,
  tdsSection: (x.payment.tdsSection as TdsSection | null) ?? null,
  tdsAmount: x.payment.tdsAmountPaise,
  excessAmount: x.payment.excessPaise,
  proofFileId: x.payment.proofFileId,
  proofFileName: x.proofFileName,
  status: x.payment.status as PaymentStatus,
  madeBy: x.payment.madeBy,
  madeAt: x.payment.madeAt.toISOString(),
  checkedBy: x.payment.checkedBy,
  checkedAt: x.payment.checkedAt?.toISOString() ?? null,
  remarks: x.payment.remarks,
  receiptNo: x.receiptNo,
});

export const mapPaymentDue = (x: DueWithTotals): PaymentDue => ({
  id: x.due.id,
  payerUserId: x.due.payerUserId,
  payerName: x.payerName,
  head: x.due.head as ChargeHead,
  description: x.due.description,
  recordType: x.due.recordType,
  recordId: x.due.recordId,
  dueDate: x.due.dueDate,
  status: x.due.status as PaymentDue['status'],
  grossAmount: x.due.baseAmountPaise,
  gstAmount: x.due.gstAmountPaise,
  totalAmount: x.due.totalPaise,
  tdsAmount: x.tds,
  paidAmount: x.paid,
  pendingAmount: x.pending,
  balanceAmount: Math.max(0, x.due.totalPaise - x.paid - x.tds),
  creditAmount: x.credit,
  pendingCount: x.pendingCount,
  createdAt: x.due.createdAt.toISOString(),
});
