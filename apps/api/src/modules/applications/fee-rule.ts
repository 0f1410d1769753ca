/**
 * The application fee before scrutiny (DOMAIN.md §3, issue 13, decision 0044): while the operating
 * rule `feeBeforeScrutiny` is on (the default), the SLDC cannot Accept an application whose fee due
 * is not paid; the lists and the page show a "Fee unpaid" flag either way.
 */
import { istDate } from '@stoa/shared/common';
import { enApplications } from '@stoa/shared/messages';

import type { Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { ApplicationsDeps } from './applications.access';
import { applicationsRepository as repo, type ApplicationRecord } from './applications.repository';

/** A raised fee due that is still owed (a cancelled due is not; no due raised: nothing owed). */
export const feeUnpaid = (feeStatus: string | null | undefined): boolean => feeStatus === 'DUE';

/** 422 when the rule in force today requires the fee before acceptance and it is not paid. */
export async function checkFeePaid(deps: ApplicationsDeps, tx: Tx, row: ApplicationRecord): Promise<void> {
  if ((await deps.configuration.settingOn(tx, 'feeBeforeScrutiny', istDate(deps.clock.now()))) !== 'true') return;
  if (feeUnpaid(await repo.feeStatus(tx, row.feeDueId))) throw new AppError('BUSINESS_RULE', enApplications.errors.feeUnpaid);
}
