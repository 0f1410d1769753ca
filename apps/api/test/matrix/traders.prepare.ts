import type { EntityType } from '@stoa/shared/account';

import { registrations } from '../../src/modules/registrations/registrations.tables';
import { traderAssociations } from '../../src/modules/traders/traders.tables';
import type { Prepare } from '../auth-matrix';
import { createUser, type TestContext } from '../build-test-app';

let n = 0;

/** A registration straight in the database (test factory): Approved with a number and a year's validity by default. */
export async function createRegistration(
  ctx: TestContext,
  ownerUserId: string,
  entityType: EntityType,
  overrides: Partial<typeof registrations.$inferInsert> = {},
) {
  n++;
  const trader = entityType === 'Trader';
  const [row] = await ctx.database.db
    .insert(registrations)
    .values({
      entityType,
      ownerUserId,
      status: 'Approved',
      registrationNo: `REG/${trader ? 'TR' : 'OA'}/2026/${String(n).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
      entityName: `${trader ? 'Trader' : 'Applicant'} ${n} Pvt Ltd`,
      issuingAuthority: trader ? 'CERC' : null,
      tradingLicenceNo: trader ? `TL/${n}` : null,
      data: trader
        ? { representativeName: `Rep ${n}`, email: `rep${n}@trader.in` }
        : { representativeName: `Contact ${n}`, email: `contact${n}@applicant.in` },
      validFrom: '2026-01-01',
      expiredOn: '2026-12-31',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A trader user with an approved Trader registration. */
export async function createApprovedTrader(ctx: TestContext, overrides: Partial<typeof registrations.$inferInsert> = {}) {
  const user = await createUser(ctx, 'Trader');
  const registration = await createRegistration(ctx, user.id, 'Trader', overrides);
  return { user, registration };
}

export async function associate(ctx: TestContext, applicantUserId: string, traderRegistrationId: string, entityName = 'Trader') {
  const [row] = await ctx.database.db.insert(traderAssociations).values({ applicantUserId, traderRegistrationId, entityName }).returning();
  return row!;
}

export const prepare: Record<string, Prepare> = {
  'TraderManagement.GetAllRegisteredTraders': () => ({}),
  'TraderManagement.UserBasedTraders.GetAll': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
  'TraderManagement.TraderBasedOnUser.Add': async (c) => {
    const { registration } = await createApprovedTrader(c);
    return { body: { traderId: registration.id, entityName: registration.entityName } };
  },
  'TraderManagement.UserBasedTraders.Delete': async (c, u) => {
    const { registration } = await createApprovedTrader(c);
    const association = await associate(c, u.id, registration.id, registration.entityName);
    return { params: { id: association.id }, body: {} };
  },
  'TraderManagement.EntityBasedOnTrader.GetAll': () => ({ query: { pageNumber: '1', pageSize: '10' } }),
};
