import { eq } from 'drizzle-orm';

import { priceToTenThousandths } from '@stoa/shared/common';

import { createUser, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { congestedApplication, insertInvitation } from '../e-bidding/e-bidding.test-fixtures';
import { eBiddingApplications } from '../e-bidding/e-bidding.tables';

/**
 * An e-bidding allocation of `payerUserId` with its price due, written directly (the processing
 * that raises it is tested in the e-bidding module): 12.50 MW at ₹0.2500/kWh, 25,000 kWh.
 */
export async function allocatedDue(ctx: TestContext, payerUserId: string, role: 'OABusinessUser' | 'Trader' = 'OABusinessUser') {
  const app = await congestedApplication(ctx, role === 'OABusinessUser' ? { id: payerUserId, role } : null);
  const sldc = await createUser(ctx, 'SLDCBusinessUser');
  const { invitation, invited } = await insertInvitation(ctx, sldc.id, [{ id: app.id, appliedCenti: 1250 }], { status: 'Completed' });
  const due = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head: 'STU_TRANSMISSION_CHARGE',
      on: '2026-11-16',
      quantity: '25000',
      recordType: 'EBiddingApplication',
      recordId: invited[0]!.id,
      description: `E-bidding price (${invitation.bidInvitationNo}): ${app.applicationNo}`,
      priced: () => ({ quantity: '25000', basePaise: 625_000 }),
    }),
  );
  await ctx.database.db
    .update(eBiddingApplications)
    .set({ status: 'Allocated', allocatedCenti: 1250, applicablePriceTt: priceToTenThousandths('0.25'), dueId: due.id })
    .where(eq(eBiddingApplications.id, invited[0]!.id));
  return { app, invitation, allocationId: invited[0]!.id, due };
}
