import { formatPaise, type FieldError } from '@stoa/shared/common';
import { enPayments } from '@stoa/shared/messages';
import { maxTdsPaise, type TdsSection } from '@stoa/shared/payments';

import type { DbOrTx } from '../../platform/db/client';
import { type DueRecord, paymentsRepository } from './payments.repository';
import { tdsRepository } from './tds.repository';

/**
 * The TDS a payer claims on Make Payment, checked against its own TDS declaration (decision 0040):
 * TDS may be claimed only under the declaration on the due's charge head in force on the payment
 * date, under the declared section, more than 0 and at most `maxTdsPaise` of the due's amount before
 * GST less the TDS already claimed on the due by payments not reverted. Every field error at once.
 */

const E = enPayments.payments.errors;
const SECTIONS = enPayments.tds.sections;

export interface TdsClaim {
  paymentDate: string;
  tdsSection?: TdsSection | null;
  tdsAmountPaise?: number | null;
}

export async function tdsClaimErrors(
  db: DbOrTx,
  due: Pick<DueRecord, 'id' | 'payerUserId' | 'head' | 'baseAmountPaise'>,
  claim: TdsClaim,
): Promise<FieldError[]> {
  const amount = claim.tdsAmountPaise ?? 0;
  if (!claim.tdsSection && amount === 0) return []; // no TDS claimed
  const declared = await tdsRepository.declarationOn(db, due.payerUserId, due.head, claim.paymentDate);
  if (!declared) return [{ fieldName: 'tdsSection', errorMessages: [E.tdsNotDeclared] }];
  const errors: FieldError[] = [];
  if (claim.tdsSection && claim.tdsSection !== declared.section)
    errors.push({ fieldName: 'tdsSection', errorMessages: [E.tdsWrongSection(SECTIONS[declared.section as TdsSection])] });
  const max = maxTdsPaise(due.baseAmountPaise, declared.rateBasisPoints, await paymentsRepository.claimedTds(db, due.id));
  if (amount <= 0) errors.push({ fieldName: 'tdsAmountPaise', errorMessages: [E.tdsAmountRequired] });
  else if (amount > max) errors.push({ fieldName: 'tdsAmountPaise', errorMessages: [E.tdsOverMax(formatPaise(max))] });
  return errors;
}
