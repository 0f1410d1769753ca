import { formatPaise, type FieldError } from '@stoa/shared/common';
import { enPayments } from '@stoa/shared/messages';
import { maxTdsPaise, TDS_SECTION_RATE_BP, type TdsSection } from '@stoa/shared/payments';

import type { DbOrTx } from '../../platform/db/client';
import { type DueRecord, paymentsRepository } from './payments.repository';
import { tdsRepository } from './tds.repository';

/**
 * The TDS a payer claims on Make Payment. An OA applicant's claim is checked against its own TDS
 * declaration (decision 0040): only under the declaration on the due's charge head in force on the
 * payment date, under the declared section. A trader has no TDS Configuration (spec 001 §2) and
 * deducts under its own TAN on the payments it makes (decision 0071): it names the section on the
 * payment. Either way the amount is more than 0 and at most `maxTdsPaise` — the section's rate on the
 * due's amount before GST less the TDS already claimed on the due by payments not reverted. Every
 * field error at once.
 */

const E = enPayments.payments.errors;
const SECTIONS = enPayments.tds.sections;

export interface TdsClaim {
  paymentDate: string;
  tdsSection?: TdsSection | null;
  tdsAmountPaise?: number | null;
}
/** Who claims: the signed-in payer making the payment. */
export interface TdsClaimant {
  id: string;
  role: string;
}

/** The rate (basis points) the claim is capped by, or null when nothing may be claimed; with the section's errors. */
async function rateOf(
  db: DbOrTx,
  claimant: TdsClaimant,
  head: string,
  claim: TdsClaim,
): Promise<{ rate: number | null; errors: FieldError[] }> {
  if (claimant.role === 'Trader') {
    if (!claim.tdsSection) return { rate: null, errors: [{ fieldName: 'tdsSection', errorMessages: [E.tdsSectionRequired] }] };
    return { rate: TDS_SECTION_RATE_BP[claim.tdsSection], errors: [] };
  }
  const declared = await tdsRepository.declarationOn(db, claimant.id, head, claim.paymentDate);
  if (!declared) return { rate: null, errors: [{ fieldName: 'tdsSection', errorMessages: [E.tdsNotDeclared] }] };
  const errors: FieldError[] = [];
  if (claim.tdsSection && claim.tdsSection !== declared.section)
    errors.push({ fieldName: 'tdsSection', errorMessages: [E.tdsWrongSection(SECTIONS[declared.section as TdsSection])] });
  return { rate: declared.rateBasisPoints, errors };
}

export async function tdsClaimErrors(
  db: DbOrTx,
  claimant: TdsClaimant,
  due: Pick<DueRecord, 'id' | 'head' | 'baseAmountPaise'>,
  claim: TdsClaim,
): Promise<FieldError[]> {
  const amount = claim.tdsAmountPaise ?? 0;
  if (!claim.tdsSection && amount === 0) return []; // no TDS claimed
  const { rate, errors } = await rateOf(db, claimant, due.head, claim);
  if (claimant.role !== 'Trader' && rate === null) return errors; // no declaration: nothing may be claimed
  if (amount <= 0) errors.push({ fieldName: 'tdsAmountPaise', errorMessages: [E.tdsAmountRequired] });
  else if (rate !== null) {
    const max = maxTdsPaise(due.baseAmountPaise, rate, await paymentsRepository.claimedTds(db, due.id));
    if (amount > max) errors.push({ fieldName: 'tdsAmountPaise', errorMessages: [E.tdsOverMax(formatPaise(max))] });
  }
  return errors;
}
