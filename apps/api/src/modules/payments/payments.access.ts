import { enPayments } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { paymentsRepository } from './payments.repository';

/**
 * Who may see and change what in payments (record policy; the role lists are on the endpoints).
 * A TDS declaration belongs to the applicant who made it: another user gets the same 404 as for a
 * declaration that does not exist, so ids of others' declarations are not confirmed.
 */
export function assertOwnsTdsConfig<T extends { userId: string }>(actor: RequestUser, row: T | undefined): T {
  if (!row || row.userId !== actor.id) throw new AppError('NOT_FOUND', enPayments.tds.errors.notFound);
  return row;
}

const PAYER_ROLES: readonly string[] = ['OABusinessUser', 'Trader'];
export const isPayerRole = (actor: RequestUser) => PAYER_ROLES.includes(actor.role);

/**
 * A due and its payments: the payer (OA applicant or trader) sees and pays only its own — a trader
 * also the dues of the applications it acts for (decision 0071) — another's answers the same 404 as a
 * missing one; the SLDC roles see every payer's (the route lists who may call).
 */
export async function assertCanSeeDue<T extends { id: string; payerUserId: string }>(
  db: DbOrTx,
  actor: RequestUser,
  row: T | undefined,
): Promise<T> {
  const visible =
    row &&
    (!isPayerRole(actor) ||
      row.payerUserId === actor.id ||
      (actor.role === 'Trader' && (await paymentsRepository.mayPay(db, actor, row.id))));
  if (!visible) throw new AppError('NOT_FOUND', enPayments.payments.errors.dueNotFound);
  return row;
}

/** Maker-checker: the checker of a payment is never its maker. */
export function assertNotMaker(actor: RequestUser, payment: { madeBy: string }) {
  if (payment.madeBy === actor.id) throw new AppError('FORBIDDEN', enPayments.payments.errors.ownPayment);
}

/** Who may read a payment's proof file besides its uploader: the payer and the SLDC roles. */
export const canReadPaymentProof = (actor: RequestUser, payerUserId: string | undefined) =>
  ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'].includes(actor.role) || (!!payerUserId && payerUserId === actor.id);
