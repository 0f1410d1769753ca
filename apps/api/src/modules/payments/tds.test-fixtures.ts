/**
 * Test fixture of TDS claims (decision 0040): a payer's TDS declaration written straight to its table,
 * so it can be in force on a past payment date (the API takes only today or later).
 */
import type { TdsSection } from '@stoa/shared/payments';
import { TDS_SECTION_RATE_BP } from '@stoa/shared/payments';

import type { DbOrTx } from '../../platform/db/client';
import { tdsConfigurations } from './payments.tables';

export async function declareTds(db: DbOrTx, userId: string, head: string, section: TdsSection, effectiveFrom = '2020-01-01') {
  await db
    .insert(tdsConfigurations)
    .values({ userId, head, section, rateBasisPoints: TDS_SECTION_RATE_BP[section], effectiveFrom })
    .onConflictDoNothing();
}
