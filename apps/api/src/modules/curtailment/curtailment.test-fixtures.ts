/**
 * Test fixtures of curtailment (API tests and the auth matrix): approved applications holding
 * margin on the fixtures' path ('Anand 132 kV' → 'Vadodara 66 kV') on a given date, with the
 * margins uploaded. Built on the applications fixtures (read-only use).
 */
import type { ApplicationStatus, ApplicationType } from '@stoa/shared/applications';
import type { CurtailmentOrder } from '@stoa/shared/curtailment';

import type { TestContext } from '../../../test/build-test-app';
import { applicantWithParties, insertApplication, type Row, setMargin } from '../applications/applications.test-fixtures';
import { settings } from '../configuration/configuration.tables';

export const INJECTION = 'Anand 132 kV';
export const DRAWAL = 'Vadodara 66 kV';

/** Margins of both fixture elements on a date (MW × 100 in every block). */
export async function marginsOn(ctx: TestContext, date: string, centi = 5000) {
  await setMargin(ctx, date, INJECTION, centi);
  await setMargin(ctx, date, DRAWAL, centi);
}

export const scheduleRow = (date: string, mw: string, from = '10:00', to = '12:00'): Row => ({
  oaFromDate: date,
  oaToDate: date,
  fromTimeBlock: from,
  toTimeBlock: to,
  oaRequirement: mw,
});

/**
 * An Approved application granted in full (a fresh applicant and buyer), submitted one millisecond
 * after the previous one; `applicantUserId` / `createdByUserId` to make it someone's in particular,
 * `status` for another status (e.g. one still before the approvers).
 */
export async function approvedApplication(
  ctx: TestContext,
  date: string,
  mw: string,
  opts: {
    type?: ApplicationType;
    status?: ApplicationStatus;
    applicantUserId?: string;
    createdByUserId?: string;
    traderRegistrationId?: string;
    from?: string;
    to?: string;
  } = {},
) {
  ctx.clock.advance(1);
  const { applicant, own, buyer } = await applicantWithParties(ctx);
  const app = await insertApplication(ctx, {
    type: opts.type ?? 'DayAhead',
    status: opts.status ?? 'Approved',
    applicantUserId: opts.applicantUserId ?? applicant.id,
    createdByUserId: opts.createdByUserId,
    traderRegistrationId: opts.traderRegistrationId,
    sellerRegistrationId: own.id,
    buyerRegistrationId: buyer.id,
    rows: [scheduleRow(date, mw, opts.from, opts.to)],
    grantedPercent: 100,
  });
  return { applicant, app };
}

/** Sets the curtailment order in force from `date`. */
export async function setCurtailmentOrder(ctx: TestContext, order: CurtailmentOrder, date: string) {
  await ctx.database.db
    .insert(settings)
    .values({ key: 'curtailmentOrder', value: order, effectiveFrom: date })
    .onConflictDoUpdate({ target: [settings.key, settings.effectiveFrom], set: { value: order } });
}

/** A valid curtailment body. */
export const curtailmentBody = (date: string, overrides: Record<string, unknown> = {}) => ({
  element: INJECTION,
  curtailmentDate: date,
  fromTimeBlock: '10:00',
  toTimeBlock: '11:00',
  basis: 'Reduction',
  quantum: '5',
  cause: 'TransmissionConstraint',
  remarks: 'Line outage',
  ...overrides,
});
