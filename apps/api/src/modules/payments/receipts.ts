import { randomBytes } from 'node:crypto';

import { istDate } from '@stoa/shared/common';
import { enPayments } from '@stoa/shared/messages';
import { RECEIPT_CODE_ALPHABET, RECEIPT_CODE_LENGTH, type ReceiptVerification } from '@stoa/shared/payments';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { isPayerRole } from './payments.access';
import type { PaymentsDeps } from './payments.deps';
import { receiptsRepository as repo } from './receipts.repository';

/**
 * Payment receipts (issue 13, decision 0049): on approval, in the approval's transaction, the payment
 * gets a receipt number sequential per financial year and a verification code; the payer and the SLDC
 * download it as PDF; anyone checks a code on the public /verify page.
 */

const E = enPayments.payments.errors;
const R = enPayments.receipts.errors;

/** The Indian financial year (April to March) of an ISO date: '2026-11-16' → '2026-27'. */
export function financialYear(isoDate: string): string {
  const y = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const receiptNumber = (fy: string, serial: number) => `RCPT/${fy}/${String(serial).padStart(5, '0')}`;

/** 12 characters of Crockford base32 from the CSPRNG (60 bits; 256 is a multiple of 32, so unbiased). */
export function newVerificationCode(): string {
  return [...randomBytes(RECEIPT_CODE_LENGTH)].map((b) => RECEIPT_CODE_ALPHABET[b & 31]).join('');
}

/** Issues the receipt of a payment being approved (call inside the approval's transaction). */
export async function issueReceipt(tx: Tx, paymentId: string, now: Date) {
  const fy = financialYear(istDate(now));
  const serial = await repo.nextSerial(tx, fy);
  return repo.insert(tx, {
    paymentId,
    financialYear: fy,
    serial,
    receiptNo: receiptNumber(fy, serial),
    verificationCode: newVerificationCode(),
    issuedAt: now,
  });
}

/**
 * What the receipt PDF shows. The payer sees only its own payment (another's answers the same 404 as
 * a missing one); the SLDC roles see every payer's; a payment not approved has no receipt (409).
 */
export async function receiptForDownload(deps: Pick<PaymentsDeps, 'db'>, actor: RequestUser, paymentId: string) {
  const row = await repo.forPayment(deps.db, paymentId);
  if (!row || (isPayerRole(actor) && row.payment.payerUserId !== actor.id)) throw new AppError('NOT_FOUND', E.paymentNotFound);
  if (row.payment.status !== 'APPROVED' || !row.receipt) throw new AppError('CONFLICT', R.notApproved);
  return { ...row, receipt: row.receipt };
}
export type ReceiptData = Awaited<ReturnType<typeof receiptForDownload>>;

/** The public check: the receipt number, payer, amount and dates of a code, nothing else. */
export async function verifyReceipt(deps: Pick<PaymentsDeps, 'db'>, code: string): Promise<ReceiptVerification> {
  const row = await repo.byCode(deps.db, code);
  if (!row || row.status !== 'APPROVED' || !row.approvedAt) throw new AppError('NOT_FOUND', R.codeNotFound);
  return {
    receiptNo: row.receiptNo,
    payerName: row.payerName,
    amount: row.amount,
    paymentDate: row.paymentDate,
    approvedAt: row.approvedAt.toISOString(),
  };
}
