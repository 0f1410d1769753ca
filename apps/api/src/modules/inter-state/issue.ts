import { enInterState } from '@stoa/shared/messages';

import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { certificateNumber, newVerificationCode } from './standing-clearance.access';
import { type StandingClearanceRecord, standingClearanceRepository as repo } from './standing-clearance.repository';

const S = enInterState.standingClearance;

/**
 * What issuing a clearance writes (an approver's Issue, or the deemed-issue job): the overlap with an
 * issued clearance re-checked under the entity's lock (the caller holds it), a certificate number and
 * a verification code. Throws BUSINESS_RULE when the period has ended or an issued clearance overlaps.
 */
export async function issuePatch(
  tx: Tx,
  row: StandingClearanceRecord,
  today: string,
  now: Date,
  issuedByUserId: string | null,
): Promise<Partial<StandingClearanceRecord>> {
  if (row.validTo < today) throw new AppError('BUSINESS_RULE', S.errors.expiredBeforeIssue);
  const clash = (
    await repo.overlapping(tx, {
      registrationId: row.registrationId,
      transactionType: row.transactionType,
      from: row.validFrom,
      to: row.validTo,
      buy: row.maxBuyCenti !== null,
      sell: row.maxSellCenti !== null,
      excludeId: row.id,
    })
  ).find((c) => c.status === 'Issued');
  if (clash) {
    const direction = row.maxBuyCenti !== null && clash.maxBuyCenti !== null ? S.directions.buy : S.directions.sell;
    throw new AppError('BUSINESS_RULE', S.rules.overlap(clash.certificateNo ?? clash.applicationNo, direction));
  }
  const certificateNo = certificateNumber(row.transactionType, today.slice(0, 4), await repo.nextCertificateNo(tx));
  return { certificateNo, verificationCode: newVerificationCode(), issuedAt: now, issuedByUserId };
}
