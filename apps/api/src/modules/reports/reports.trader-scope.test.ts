import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ReportPage } from '@stoa/shared/reports';

import { bearer, buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../../platform/db/transaction';
import { applicantWithParties, associate, insertApplication } from '../applications/applications.test-fixtures';
import { insertRegistration, type SignedIn, signIn } from '../registrations/registrations.test-fixtures';
import { traderAssociations } from '../traders/traders.tables';

/**
 * A trader's reports (issue 15, decision 0079): besides what it filed or is named trader on, the rows of
 * its associated applicants as its Entities page lists them (an active association with its approved
 * Trader registration, the applicant approved), and never those of an applicant it is not associated with,
 * nor of one whose association was removed, nor an associated applicant's application not yet submitted (awaiting its own approval).
 */

const NOW = new Date('2026-07-10T10:05:00+05:30');

let ctx: TestContext;
let trader: SignedIn;
let associated: Awaited<ReturnType<typeof applicantWithParties>>;
let removed: Awaited<ReturnType<typeof applicantWithParties>>;
let unrelated: Awaited<ReturnType<typeof applicantWithParties>>;
const no: Record<string, string> = {};

async function page(report: string, who: { token: string }, query: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/Report/${report}?${new URLSearchParams({ pageNumber: '1', pageSize: '100', ...query })}`,
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportPage;
}

async function registrationFee(payerUserId: string, label: string) {
  await inTransaction(ctx.database.db, (tx) =>
    ctx.app.services.configuration.raiseDue(tx, {
      payerUserId,
      head: 'REGISTRATION_FEE',
      on: '2026-07-10',
      quantity: '1',
      recordType: 'Registration',
      recordId: `TS-${label}`,
      description: `Registration fee ${label}`,
    }),
  );
}

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  trader = await signIn(ctx, 'Trader');
  const traderReg = await insertRegistration(ctx, {
    ownerUserId: trader.id,
    entityType: 'Trader',
    status: 'Approved',
    data: { entityName: 'Scope Trader' },
    registrationNo: 'REG/TR/2026/TS0001',
  });
  associated = await applicantWithParties(ctx);
  removed = await applicantWithParties(ctx);
  unrelated = await applicantWithParties(ctx);
  await associate(ctx, associated.applicant.id, traderReg.id);
  const gone = await associate(ctx, removed.applicant.id, traderReg.id);
  await ctx.database.db.update(traderAssociations).set({ deletedOn: NOW }).where(eq(traderAssociations.id, gone.id));

  for (const [key, who, status] of [
    ['associated', associated, 'Submitted'],
    ['associatedUnsubmitted', associated, 'PendingApplicantApproval'],
    ['removed', removed, 'Submitted'],
    ['unrelated', unrelated, 'Submitted'],
  ] as const) {
    const app = await insertApplication(ctx, {
      status,
      applicantUserId: who.applicant.id,
      sellerRegistrationId: who.own.id,
      buyerRegistrationId: who.buyer.id,
    });
    no[key] = app.applicationNo;
  }
  // One the trader filed for the unrelated applicant's entity is the trader's own (its list shows it).
  no.filedByTrader = (
    await insertApplication(ctx, {
      status: 'Submitted',
      applicantUserId: unrelated.applicant.id,
      createdByUserId: trader.id,
      sellerRegistrationId: unrelated.own.id,
      buyerRegistrationId: unrelated.buyer.id,
    })
  ).applicationNo;
  await registrationFee(associated.applicant.id, 'associated');
  await registrationFee(removed.applicant.id, 'removed');
  await registrationFee(unrelated.applicant.id, 'unrelated');
  await registrationFee(trader.id, 'trader');
});

afterAll(async () => {
  await ctx?.close();
});

describe("A trader's reports", () => {
  it("show its associated applicant's applications, and not an unrelated applicant's, a removed one's or one not yet submitted", async () => {
    const p = await page('ApplicationStatus', trader);
    expect(p.rows.map((r) => r.applicationNo).sort()).toEqual([no.associated, no.filedByTrader].sort());
    const details = await page('ApplicationDetails', trader);
    expect(details.dataCount).toBe(2);
  });

  it("show its own and its associated applicant's dues, with totals over those only", async () => {
    const p = await page('RegistrationFees', trader);
    expect(p.rows.map((r) => r.description).sort()).toEqual(['Registration fee associated', 'Registration fee trader']);
    const one = p.rows[0]!.totalAmount as number;
    expect(p.totals).toMatchObject({ totalAmount: 2 * one, outstandingAmount: 2 * one });
    const summary = await page('FinancialSummary', trader, { head: 'REGISTRATION_FEE' });
    expect(summary.totals).toMatchObject({ raised: 2 * one });
  });

  it("show its associated applicant's registrations in Pending Registrations, not an unrelated one's", async () => {
    await insertRegistration(ctx, {
      ownerUserId: associated.applicant.id,
      entityType: 'BothEntity',
      status: 'Submitted',
      data: { entityName: 'Associated Pending Ltd' },
    });
    await insertRegistration(ctx, {
      ownerUserId: unrelated.applicant.id,
      entityType: 'BothEntity',
      status: 'Submitted',
      data: { entityName: 'Unrelated Pending Ltd' },
    });
    const p = await page('PendingRegistrations', trader);
    expect(p.rows.map((r) => r.entityName)).toEqual(['Associated Pending Ltd']);
  });

  it("leave the applicant's own scope as it was: its own rows only", async () => {
    const p = await page('ApplicationStatus', associated.applicant);
    expect(p.rows.map((r) => r.applicationNo).sort()).toEqual([no.associated, no.associatedUnsubmitted].sort());
  });
});
