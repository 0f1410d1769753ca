/**
 * Test fixtures of refunds (API tests, the PostgreSQL test and the auth matrix): a payer's registered
 * bank account (an approved registration with its bank step), an over-payment credit (an approved
 * payment beyond a fee, written straight to the tables the payment desk writes), a curtailment
 * refund (an approved application whose transmission charge is paid, then curtailed), and an
 * application with its transmission charge raised at a known rate, for revision refunds.
 */
import { eq } from 'drizzle-orm';

import { curtailmentInputSchema } from '@stoa/shared/curtailment';

import type { TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { dues } from '../configuration/configuration.tables';
import { approvedApplication, curtailmentBody, marginsOn } from '../curtailment/curtailment.test-fixtures';
import { insertRegistration } from '../registrations/registrations.test-fixtures';
import { approvedApplication as revisableApplication } from '../revisions/revisions.test-fixtures';
import { paymentCredits, payments } from './payments.tables';

export const BANK = {
  accountHolderName: 'Sunrise Power Ltd',
  bankName: 'State Bank of India',
  accountNumber: '30012345678',
  ifsc: 'SBIN0001234',
};

/** An approved registration of `userId` whose bank step is BANK (the registered bank account). */
export const withBank = (ctx: TestContext, userId: string) =>
  insertRegistration(ctx, {
    ownerUserId: userId,
    entityType: 'BothEntity',
    status: 'Approved',
    data: { entityName: 'Sunrise Power Ltd', ...BANK },
  });

let seq = 0;
/** A fee of ₹5,900.00 paid with `creditPaise` more, approved: the due is PAID and the excess an AVAILABLE credit. */
export async function overPaymentCredit(ctx: TestContext, payerUserId: string, creditPaise = 10_000) {
  seq++;
  return inTransaction(ctx.database.db, async (tx) => {
    const due = await ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head: 'APPLICATION_FEE',
      on: '2026-11-16',
      quantity: '1',
      recordType: 'Application',
      recordId: `RF-${seq}-${Date.now()}`,
      description: `Application fee RF-${seq}`,
    });
    const [p] = await tx
      .insert(payments)
      .values({
        dueId: due.id,
        payerUserId,
        mode: 'NEFT',
        reference: `RF${seq}X${Date.now()}`.slice(0, 30),
        paymentDate: '2026-11-16',
        bankName: 'State Bank of India',
        amountPaise: due.totalAmount + creditPaise,
        excessPaise: creditPaise,
        status: 'APPROVED',
        madeBy: payerUserId,
        madeAt: ctx.clock.now(),
      })
      .returning();
    await tx.update(dues).set({ status: 'PAID' }).where(eq(dues.id, due.id));
    const [credit] = await tx
      .insert(paymentCredits)
      .values({ payerUserId, paymentId: p!.id, dueId: due.id, amountPaise: creditPaise, createdAt: ctx.clock.now() })
      .returning();
    return { due, credit: credit!, key: { sourceType: 'OverPayment' as const, sourceId: credit!.id, recordId: due.recordId } };
  });
}

/**
 * An approved application (6 MW, 10:00–12:00 on `date`) whose STU transmission charge is raised and
 * paid (`paid` false: left due), curtailed by 5 MW for a transmission constraint 10:00–11:00 by a
 * fresh SLDC user: a curtailment refund of its applicant.
 */
export async function curtailmentRefund(ctx: TestContext, date: string, sldcUserId: string, paid = true) {
  await marginsOn(ctx, date, 2000);
  const { applicant, app } = await approvedApplication(ctx, date, '6');
  await inTransaction(ctx.database.db, async (tx) => {
    const due = await ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: applicant.id,
      head: 'STU_TRANSMISSION_CHARGE',
      on: date,
      quantity: '30000',
      recordType: 'Application',
      recordId: app.id,
      description: `STU transmission charge ${app.applicationNo}`,
    });
    if (paid) await tx.update(dues).set({ status: 'PAID' }).where(eq(dues.id, due.id));
  });
  const made = await ctx.app.services.curtailment.create(
    { id: sldcUserId, role: 'SLDCBusinessUser', familyId: null },
    curtailmentInputSchema.parse(curtailmentBody(date)),
    { requestId: 'fixture' },
  );
  return { applicant, app, curtailmentId: made.id, key: { sourceType: 'Curtailment' as const, sourceId: made.id, recordId: app.id } };
}

/**
 * Decision 0061: an approved application of `applicantUserId` (12–13 July 2026, 10:00–14:00, 10 MW)
 * whose STU transmission charge was raised at Rs 0.5/kWh + 18 % GST — the rate a revision refund is
 * priced at, whatever the rate table says later — and paid (`paid` false: left due).
 */
export async function transmissionChargedApplication(ctx: TestContext, applicantUserId: string, paid = true) {
  const app = await revisableApplication(ctx, { applicantUserId });
  const due = await inTransaction(ctx.database.db, async (tx) => {
    const raised = await ctx.app.services.configuration.raiseDue(tx, {
      payerUserId: applicantUserId,
      head: 'STU_TRANSMISSION_CHARGE',
      on: '2026-07-10',
      quantity: '40000',
      recordType: 'Application',
      recordId: app.id,
      description: `STU transmission charge ${app.applicationNo}`,
    });
    const billed = { rate: '0.5000', unit: 'INR_PER_KWH', gstRatePercent: '18.00', status: paid ? 'PAID' : 'DUE' };
    return (await tx.update(dues).set(billed).where(eq(dues.id, raised.id)).returning())[0]!;
  });
  return { app, due };
}
