import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eBiddingEndpoints as e } from '@stoa/shared/e-bidding';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { readApplication, setFeeBeforeScrutiny, setMargin } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { dues } from '../configuration/configuration.tables';
import { notifications } from '../notifications/notifications.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { CONGESTION_DAY, congestedApplication, congestionRow, insertInvitation, insertProposal } from './e-bidding.test-fixtures';

/**
 * An application e-bidding rejects (decision 0064): processing an invitation gives nothing to the
 * lowest bidder when the margin runs out (no margin, NoSTOARejected) and deems a non-bidder
 * withdrawn (NoSTOARejected too). Like every other rejection, each one's unpaid dues — here the
 * application fee, left unpaid while the fee-before-scrutiny rule is off — are cancelled in the
 * processing transaction with a DUE_CANCELLED audit row and a notice to the payer; the winner's fee
 * stays due and the allocation is unchanged.
 */
let ctx: TestContext;
let sldc: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(new Date('2026-11-16T06:00:00Z'));
  sldc = await signIn(ctx, 'SLDCBusinessUser');
  await setMargin(ctx, CONGESTION_DAY, 'Anand 132 kV', 10_000);
  await setFeeBeforeScrutiny(ctx, false);
});
afterAll(() => ctx.close());

/** An OA bidder's congested application (10 MW in the window) with its application fee raised and unpaid. */
async function bidderWithUnpaidFee() {
  const user = await signIn(ctx, 'OABusinessUser');
  const app = await congestedApplication(ctx, user, [congestionRow('10')]);
  const fee = await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: user.id,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: app.id,
      description: `Application fee: ${app.applicationNo}`,
    }),
  );
  return { user, app, fee };
}
const dueStatus = async (id: string) => (await ctx.database.db.select().from(dues).where(eq(dues.id, id)))[0]!.status;
const auditsOf = (entityIds: string[]) =>
  ctx.database.db
    .select({
      action: auditLog.action,
      entityId: auditLog.entityId,
      actorId: auditLog.actorId,
      after: auditLog.after,
      occurredAt: auditLog.occurredAt,
    })
    .from(auditLog)
    .where(inArray(auditLog.entityId, entityIds))
    .orderBy(asc(auditLog.id));

describe('e-bidding rejection (no margin, deemed withdrawn) cancels the unpaid dues (decision 0064)', () => {
  it('cancels the unpaid fee of the applications given nothing, with a DUE_CANCELLED audit row; the winner keeps its fee due', async () => {
    const winner = await bidderWithUnpaidFee();
    const loser = await bidderWithUnpaidFee();
    const silent = await bidderWithUnpaidFee();
    // 10 MW of margin for two 10 MW bids: the higher price takes it all, the lower gets nothing.
    const { invitation, invited } = await insertInvitation(
      ctx,
      sldc.id,
      [winner, loser, silent].map((b) => ({ id: b.app.id, appliedCenti: 1000 })),
      { marginCenti: 1000, deadlineInMinutes: -1 },
    );
    await insertProposal(ctx, invitation.id, invited[0]!.id, winner.app.id, winner.user.id, '0.30', 120);
    await insertProposal(ctx, invitation.id, invited[1]!.id, loser.app.id, loser.user.id, '0.20', 120);

    const view = await call(ctx, e.getProposalsOfInvitation, sldc, { params: { id: invitation.id } });
    expect(view.statusCode, view.body).toBe(200);
    const proposalList = (view.json().data as { proposalList: { allocatedQuantum: string }[] }).proposalList;
    expect(proposalList.map((p) => p.allocatedQuantum)).toEqual(['10.00', '0.00']);
    const res = await call(ctx, e.processEBiddingRequest, sldc, {
      body: { bidInvitationId: invitation.id, applicationDetails: proposalList },
    });
    expect(res.statusCode, res.body).toBe(200);

    // The allocation as before: the winner STOAApproved with its price due, the others NoSTOARejected.
    expect((await readApplication(ctx, winner.app.id)).status).toBe('STOAApproved');
    expect((await readApplication(ctx, loser.app.id)).status).toBe('NoSTOARejected');
    expect((await readApplication(ctx, silent.app.id)).status).toBe('NoSTOARejected');
    const priceDues = await ctx.database.db
      .select()
      .from(dues)
      .where(and(eq(dues.recordType, 'EBiddingApplication'), inArray(dues.payerUserId, [winner.user.id, loser.user.id, silent.user.id])));
    expect(priceDues.map((d) => [d.payerUserId, d.status])).toEqual([[winner.user.id, 'DUE']]);

    // Nobody is asked to pay for a rejected application: the rejected ones' fees are cancelled, the winner's stays due.
    expect(await dueStatus(winner.fee.id)).toBe('DUE');
    expect(await dueStatus(loser.fee.id)).toBe('CANCELLED');
    expect(await dueStatus(silent.fee.id)).toBe('CANCELLED');
    for (const b of [loser, silent]) {
      const rows = await auditsOf([b.fee.id, b.app.id]);
      const cancelled = rows.filter((r) => r.action === 'DUE_CANCELLED');
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]).toMatchObject({
        entityId: b.fee.id,
        actorId: sldc.id,
        after: { status: 'CANCELLED', reason: `Application ${b.app.applicationNo} rejected` },
      });
      expect(cancelled[0]!.occurredAt).toBeInstanceOf(Date);
      // In the processing step's transaction, before the application's own audit row (as applyTransition does).
      expect(rows.map((r) => r.action)).toEqual(['DUE_RAISED', 'DUE_CANCELLED', 'APPLICATION_PROCESSED']);
      expect(rows.at(-1)!.after).toMatchObject({ status: 'NoSTOARejected' });
      // No refund: only a fee was owed, and it was not paid.
      expect(rows.some((r) => r.action === 'REFUND_DUE_RAISED')).toBe(false);
      const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, b.user.id));
      expect(bell.some((n) => n.message.includes(`The unpaid dues of application ${b.app.applicationNo} are cancelled.`))).toBe(true);
    }
    expect((await auditsOf([winner.fee.id])).map((r) => r.action)).toEqual(['DUE_RAISED']);
  });
});
