/**
 * Test fixtures of consents for inter-state STOA (API tests and the auth matrix): an entity with its own
 * connection point (so tests do not share margin), the inter-state ATC margin of a point, a valid body
 * on the test clock, and an application taken to any status through the service.
 */
import { eq, sql } from 'drizzle-orm';

import type { Role } from '@stoa/shared/account';
import { atcElementKey } from '@stoa/shared/atc';
import { type InterStateConsentDetail, interStateConsentApplySchema, interStateConsentDecisionSchema } from '@stoa/shared/inter-state';

import { createUser, type TestContext } from '../../../test/build-test-app';
import { approvedParty } from '../applications/applications.test-fixtures';
import { atcMargins } from '../atc/atc.tables';
import { registrations } from '../registrations/registrations.tables';
import { applicantOfTrader, dayFromToday } from './standing-clearance.test-fixtures';

let n = 0;

/** An approved BothEntity of `ownerUserId` whose injection and drawal points are its own (`Point N 220 kV`). */
export async function consentParty(ctx: TestContext, ownerUserId: string, quanta: { injection?: number; drawal?: number } = {}) {
  n++;
  const point = `Consent Point ${n}-${Math.random().toString(36).slice(2, 6)} 220 kV`;
  const reg = await approvedParty(ctx, ownerUserId, 'BothEntity', quanta);
  await ctx.database.db
    .update(registrations)
    .set({
      data: sql`${registrations.data} || jsonb_build_object('injectionSubstation', ${point}::text, 'drawalSubstation', ${point}::text)`,
    })
    .where(eq(registrations.id, reg.id));
  return { ...reg, point };
}

/** Sets the inter-state ATC margin of `point` on `date`: every block `mw` (or the 96 blocks given in MW). */
export async function setInterStateMargin(ctx: TestContext, point: string, date: string, mw: number | number[]) {
  const blocks = Array.isArray(mw) ? mw.map((v) => Math.round(v * 100)) : Array.from({ length: 96 }, () => Math.round(mw * 100));
  await ctx.database.db
    .insert(atcMargins)
    .values({ mode: 'InterState', marginDate: date, element: point, elementKey: atcElementKey(point), blocks, updatedOn: ctx.clock.now() })
    .onConflictDoUpdate({ target: [atcMargins.mode, atcMargins.marginDate, atcMargins.elementKey], set: { blocks } });
}

/** A valid application body: one row of `mw` MW on the day after today (test clock), 10:00–12:00, a sale. */
export function consentBody(ctx: TestContext, registrationId: string, overrides: Record<string, unknown> = {}) {
  const day = dayFromToday(ctx, 1);
  return {
    registrationId,
    direction: 'Sale',
    counterpartyState: 'Maharashtra',
    counterpartyEntity: 'MSEDCL',
    traderName: '',
    scheduleList: [{ oaFromDate: day, oaToDate: day, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' }],
    remarks: 'Bilateral sale to Maharashtra',
    submit: true,
    ...overrides,
  };
}

const user = (id: string, role: Role) => ({ id, role, familyId: null });

export type ConsentStatus = 'Draft' | 'Submitted' | 'Verified' | 'Consented' | 'Refused';

/**
 * An application of a fresh entity (or of `applicantUserId`'s) taken through the service to `to`. A
 * margin of 50 MW is uploaded for its point on its day, so it can be consented.
 */
export async function consentIn(
  ctx: TestContext,
  to: ConsentStatus,
  opts: { applicantUserId?: string; createdBy?: { id: string; role: Role } } = {},
): Promise<InterStateConsentDetail> {
  const s = ctx.app.services.interState;
  const applicantUserId = opts.applicantUserId ?? (await createUser(ctx, 'OABusinessUser')).id;
  const reg = await consentParty(ctx, applicantUserId);
  await setInterStateMargin(ctx, reg.point, dayFromToday(ctx, 1), 50);
  const by = opts.createdBy ?? { id: applicantUserId, role: 'OABusinessUser' as Role };
  const meta = { requestId: `consent-fixture-${++n}` };
  let d = await s.applyConsent(
    user(by.id, by.role),
    interStateConsentApplySchema.parse(consentBody(ctx, reg.id, { submit: to !== 'Draft' })),
    meta,
  );
  if (to === 'Draft' || to === 'Submitted') return d;
  const sldc = await createUser(ctx, 'SLDCBusinessUser');
  const decision = (version: number, remarks = '') => interStateConsentDecisionSchema.parse({ version, remarks });
  if (to === 'Refused') return s.decideConsent(user(sldc.id, 'SLDCBusinessUser'), d.id, 'Refuse', decision(d.version, 'No margin'), meta);
  d = await s.decideConsent(user(sldc.id, 'SLDCBusinessUser'), d.id, 'Forward', decision(d.version), meta);
  if (to === 'Verified') return d;
  const approver = await createUser(ctx, 'SLDCApproverI');
  return s.decideConsent(user(approver.id, 'SLDCApproverI'), d.id, 'Consent', decision(d.version), meta);
}

/** An application in `to` that the user sees: an OA applicant's own, one a trader applied for, any for the SLDC roles. */
export async function consentVisibleTo(ctx: TestContext, u: { id: string; role: Role }, to: ConsentStatus) {
  if (u.role === 'OABusinessUser') return consentIn(ctx, to, { applicantUserId: u.id });
  if (u.role === 'Trader') return consentIn(ctx, to, { applicantUserId: await applicantOfTrader(ctx, u.id), createdBy: u });
  return consentIn(ctx, to);
}

/** The entity the user may apply with: its own, or a fresh applicant's it trades for. */
export async function consentEntityFor(ctx: TestContext, u: { id: string; role: Role }) {
  const owner = u.role === 'Trader' ? await applicantOfTrader(ctx, u.id) : u.id;
  const reg = await consentParty(ctx, owner);
  await setInterStateMargin(ctx, reg.point, dayFromToday(ctx, 1), 50);
  return reg;
}
