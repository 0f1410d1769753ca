/**
 * Test fixtures of standing clearances (API tests and the auth matrix): an applicant with an approved
 * registration, a valid application body on the test clock, the fee paid, and a clearance taken to
 * any status through the service.
 */
import { eq } from 'drizzle-orm';

import { addDays } from '@stoa/shared/applications';
import { istDate } from '@stoa/shared/common';
import { standingClearanceApplySchema, type StandingClearanceDetail, type StandingClearanceType } from '@stoa/shared/inter-state';
import type { Role } from '@stoa/shared/account';

import { createUser, createUtility, type TestContext } from '../../../test/build-test-app';
import { approvedParty, associate } from '../applications/applications.test-fixtures';
import { dues } from '../configuration/configuration.tables';
import { insertRegistration } from '../registrations/registrations.test-fixtures';
import { users } from '../users/users.tables';
import { standingClearances } from './standing-clearance.tables';

let n = 0;

/** The IST date `days` after the test clock's today. */
export const dayFromToday = (ctx: TestContext, days: number) => addDays(istDate(ctx.clock.now()), days);

export function applyBody(ctx: TestContext, registrationId: string, overrides: Record<string, unknown> = {}) {
  return {
    registrationId,
    transactionType: 'PowerExchange',
    maxBuyMw: '10',
    maxSellMw: '',
    validFrom: dayFromToday(ctx, 1),
    validTo: dayFromToday(ctx, 90),
    declaration: true,
    remarks: 'Quarterly power exchange purchases',
    ...overrides,
  };
}

/** Marks the clearance's fee due paid (as an approved payment would). */
export async function payFee(ctx: TestContext, clearanceId: string) {
  const [row] = await ctx.database.db.select().from(standingClearances).where(eq(standingClearances.id, clearanceId));
  await ctx.database.db.update(dues).set({ status: 'PAID' }).where(eq(dues.id, row!.feeDueId!));
}

const user = (id: string, role: Role) => ({ id, role, familyId: null });

/**
 * A clearance of a fresh OA applicant's entity (or of `applicantUserId`'s), taken through the service to
 * `to`: Submitted, Verified (fee paid), Issued, Refused or Revoked. Each call uses a fresh entity, so
 * clearances never overlap.
 */
export async function clearanceIn(
  ctx: TestContext,
  to: 'Submitted' | 'Verified' | 'Issued' | 'Refused' | 'Revoked',
  opts: {
    applicantUserId?: string;
    createdBy?: { id: string; role: Role };
    transactionType?: StandingClearanceType;
    /** More of the application body (e.g. blockCaps, maxSellMw). */
    body?: Record<string, unknown>;
  } = {},
): Promise<StandingClearanceDetail> {
  n++;
  const s = ctx.app.services.interState;
  const applicantUserId = opts.applicantUserId ?? (await createUser(ctx, 'OABusinessUser')).id;
  const reg = await approvedParty(ctx, applicantUserId, 'BothEntity');
  const by = opts.createdBy ?? { id: applicantUserId, role: 'OABusinessUser' as Role };
  const meta = { requestId: `fixture-${n}` };
  let d = await s.apply(
    user(by.id, by.role),
    standingClearanceApplySchema.parse(applyBody(ctx, reg.id, { transactionType: opts.transactionType ?? 'PowerExchange', ...opts.body })),
    meta,
  );
  if (to === 'Submitted') return d;
  const sldc = await createUser(ctx, 'SLDCBusinessUser');
  if (to === 'Refused')
    return s.decide(user(sldc.id, 'SLDCBusinessUser'), d.id, 'Refuse', { version: d.version, remarks: 'Incomplete' }, meta);
  await payFee(ctx, d.id);
  d = await s.decide(user(sldc.id, 'SLDCBusinessUser'), d.id, 'Forward', { version: d.version, remarks: '' }, meta);
  if (to === 'Verified') return d;
  const approver = await createUser(ctx, 'SLDCApproverI');
  d = await s.decide(user(approver.id, 'SLDCApproverI'), d.id, 'Issue', { version: d.version, remarks: '' }, meta);
  if (to === 'Issued') return d;
  return s.decide(user(approver.id, 'SLDCApproverI'), d.id, 'Revoke', { version: d.version, remarks: 'Dues outstanding' }, meta);
}

/** Makes `traderUserId` a trader (an Approved Trader registration) for a fresh OA applicant; returns the applicant's id. */
export async function applicantOfTrader(ctx: TestContext, traderUserId: string): Promise<string> {
  n++;
  const trader = await insertRegistration(ctx, {
    ownerUserId: traderUserId,
    entityType: 'Trader',
    status: 'Approved',
    data: { entityName: `Trader ${n}` },
    registrationNo: `REG/TR/2026/SC${n}-${Math.random().toString(36).slice(2, 6)}`,
  });
  const applicant = await createUser(ctx, 'OABusinessUser');
  await associate(ctx, applicant.id, trader.id);
  return applicant.id;
}

/**
 * Asks the consent of a DISCOM/TRANSCO user's utility for the clearance, as a Forward under the
 * operating rule standingClearanceConsentRequired records it (the user is tied to a fresh utility when it
 * has none); with `pending`, the clearance is put back to ConsentPending.
 */
export async function consentAskedOf(ctx: TestContext, u: { id: string; role: Role }, clearanceId: string, pending = false) {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, u.id));
  let utilityId = user!.utilityId;
  if (!utilityId) {
    const utility = await createUtility(ctx, u.role === 'DISCOMBusinessUser' ? 'DISCOM' : 'TRANSCO', 'Matrix Zone');
    utilityId = utility.id;
    await ctx.database.db.update(users).set({ utilityId, zone: utility.zone }).where(eq(users.id, u.id));
  }
  await ctx.database.db
    .update(standingClearances)
    .set({ consentUtilityId: utilityId, consentRole: u.role, ...(pending ? { status: 'ConsentPending' as const } : {}) })
    .where(eq(standingClearances.id, clearanceId));
}

/**
 * A clearance in `to` that the user sees: an OA applicant's own, one a trader applied for, one whose
 * consent was asked of a DISCOM/TRANSCO user's utility, any for the other roles.
 */
export async function clearanceVisibleTo(
  ctx: TestContext,
  u: { id: string; role: Role },
  to: 'Submitted' | 'Verified' | 'Issued' | 'Refused' | 'Revoked',
): Promise<StandingClearanceDetail> {
  if (u.role === 'OABusinessUser') return clearanceIn(ctx, to, { applicantUserId: u.id });
  if (u.role === 'DISCOMBusinessUser' || u.role === 'TRANSCOBusinessUser') {
    const d = await clearanceIn(ctx, to);
    await consentAskedOf(ctx, u, d.id);
    return d;
  }
  if (u.role === 'Trader') return clearanceIn(ctx, to, { applicantUserId: await applicantOfTrader(ctx, u.id), createdBy: u });
  return clearanceIn(ctx, to);
}
