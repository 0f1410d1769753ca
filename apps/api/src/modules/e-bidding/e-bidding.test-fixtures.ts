/**
 * Test fixtures of e-bidding (API tests and the auth matrix): congested Advance applications (as a
 * Congested processing run leaves them, decision 0011), invitations in any status inserted directly,
 * and moving an invitation's deadline on the database clock (tests cannot move PostgreSQL's now()).
 */
import { eq, sql } from 'drizzle-orm';

import type { ApplicationStatus } from '@stoa/shared/applications';
import { priceToTenThousandths } from '@stoa/shared/common';
import type { Role } from '@stoa/shared/account';

import { createUser, type TestContext } from '../../../test/build-test-app';
import { processingRunItems, processingRuns } from '../applications/applications.tables';
import { approvedParty, insertApplication, type Row } from '../applications/applications.test-fixtures';
import { eBiddingApplications, eBiddingInvitations, eBiddingProposals, type InvitationRecord } from './e-bidding.tables';

/** The congestion month of the fixtures: far enough ahead that the congestion never starts during a test. */
export const CONGESTION_MONTH = '2031-05';
export const CONGESTION_DAY = '2031-05-10';

let n = 0;

/** A row of the congestion day (10:00–12:00 by default; the congestion window of the fixtures is 10:00–12:00). */
export const congestionRow = (mw: string, overrides: Partial<Row> = {}): Row => ({
  oaFromDate: CONGESTION_DAY,
  oaToDate: CONGESTION_DAY,
  fromTimeBlock: '10:00',
  toTimeBlock: '12:00',
  oaRequirement: mw,
  ...overrides,
});

/** The Congested Advance run of the month (one per month), created on first use. */
async function congestedRun(ctx: TestContext, startedBy: string, month: string) {
  const processingDate = `${month}-01`;
  const now = ctx.clock.now();
  await ctx.database.db
    .insert(processingRuns)
    .values({
      type: 'Advance',
      processingDate,
      status: 'Congested',
      startedBy,
      startedAt: now,
      finishedAt: now,
      congestedBlockCount: 8,
      result: { congestedElements: ['anand 132 kv'], days: [CONGESTION_DAY] },
    })
    .onConflictDoNothing();
  const [run] = await ctx.database.db
    .select()
    .from(processingRuns)
    .where(sql`${processingRuns.type} = 'Advance' and ${processingRuns.processingDate} = ${processingDate}`);
  return run!;
}

/**
 * An Advance application in PendingSTOAApproval recorded Congested by a run. `bidder` is the OA
 * applicant (its own application) or a trader (who filed it for a fresh applicant).
 */
export async function congestedApplication(
  ctx: TestContext,
  bidder: { id: string; role: Role } | null,
  rows: Row[] = [congestionRow('10')],
  status: ApplicationStatus = 'PendingSTOAApproval',
) {
  n++;
  const applicant = bidder?.role === 'OABusinessUser' ? { id: bidder.id } : await createUser(ctx, 'OABusinessUser');
  const other = await createUser(ctx, 'OABusinessUser', { entityType: 'DraweeEntity' });
  const seller = await approvedParty(ctx, applicant.id, 'BothEntity');
  const buyer = await approvedParty(ctx, other.id, 'DraweeEntity');
  const app = await insertApplication(ctx, {
    type: 'Advance',
    status,
    applicantUserId: applicant.id,
    createdByUserId: bidder?.role === 'Trader' ? bidder.id : applicant.id,
    sellerRegistrationId: seller.id,
    buyerRegistrationId: buyer.id,
    rows,
  });
  const run = await congestedRun(ctx, applicant.id, CONGESTION_MONTH);
  await ctx.database.db
    .insert(processingRunItems)
    .values({ runId: run.id, applicationId: app.id, outcome: 'Congested', position: n, requestedCentiBlocks: 0, grantedCentiBlocks: 0 });
  return app;
}

/** A valid Form ST2 body for the applications (deadline tomorrow 18:00 IST, opening the day after, congestion on CONGESTION_DAY 10:00–12:00). */
export function invitationBody(applicationIds: string[], overrides: Record<string, unknown> = {}) {
  const tomorrow = new Date(Date.now() + 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const dayAfter = new Date(Date.now() + 2 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
  return {
    isDraft: false,
    eBiddedApplications: applicationIds.map((applicationId) => ({ applicationId })),
    subStationDetails: 'Anand 132/66 kV, 2 × 50 MVA',
    transmissionSystemDetails: '132 kV Anand–Vadodara line',
    nameOfTransmissionSystem: 'Anand 132 kV',
    availableMarginSubstation: '100 MW',
    availableMargin: '100',
    congestionFromDate: CONGESTION_DAY,
    congestionToDate: CONGESTION_DAY,
    congestionFromTime: '10:00',
    congestionToTime: '12:00',
    lastDateOfSubmission: tomorrow,
    deadLine: '18:00',
    bidOpeningDate: dayAfter,
    bidOpeningTime: '10:00',
    floorPrice: '0.10',
    place: 'Vadodara',
    date: tomorrow,
    authorizedPersonName: 'A. Engineer',
    authorizedPersonDesignation: 'Chief Engineer (SLDC)',
    ...overrides,
  };
}

/**
 * Inserts a sent invitation naming `applicationIds` directly (status, margin and floor price as
 * given). `deadlineInMinutes` (default 1 day) sets the deadline against the database clock; the bid
 * opening is at the deadline.
 */
export async function insertInvitation(
  ctx: TestContext,
  createdBy: string,
  applicationIds: { id: string; appliedCenti: number }[],
  opts: { status?: InvitationRecord['status']; marginCenti?: number; floorPrice?: string; deadlineInMinutes?: number } = {},
) {
  n++;
  const minutes = opts.deadlineInMinutes ?? 24 * 60;
  const [inv] = await ctx.database.db
    .insert(eBiddingInvitations)
    .values({
      bidInvitationNo: `EB/TS/${String(n).padStart(6, '0')}-${Math.random().toString(36).slice(2, 6)}`,
      status: opts.status ?? 'Initiated',
      dateOfInvitation: '2026-11-20',
      congestionFromDate: CONGESTION_DAY,
      congestionToDate: CONGESTION_DAY,
      congestionFromTime: '10:00',
      congestionToTime: '12:00',
      availableMarginCenti: opts.marginCenti ?? 10_000,
      lastDateOfSubmission: '2026-11-21',
      deadLine: '18:00',
      deadlineAt: sql`now() + make_interval(mins => ${minutes})`,
      bidOpeningDate: '2026-11-22',
      bidOpeningTime: '10:00',
      bidOpeningAt: sql`now() + make_interval(mins => ${minutes})`,
      floorPriceTt: priceToTenThousandths(opts.floorPrice ?? '0.10'),
      texts: {
        subStationDetails: 'S/S',
        transmissionSystemDetails: 'Line',
        nameOfTransmissionSystem: 'Anand 132 kV',
        availableMarginSubstation: null,
        place: 'Vadodara',
        date: null,
        authorizedPersonName: 'A',
        authorizedPersonDesignation: 'B',
      },
      createdBy,
      sentBy: createdBy,
      sentAt: ctx.clock.now(),
    })
    .returning();
  const invited = await ctx.database.db
    .insert(eBiddingApplications)
    .values(applicationIds.map((a, k) => ({ invitationId: inv!.id, applicationId: a.id, position: k + 1, appliedCenti: a.appliedCenti })))
    .returning();
  return { invitation: inv!, invited };
}

/** Moves the deadline (and the bid opening) of an invitation to `minutes` from the database's now (negative: passed). */
export async function moveDeadline(ctx: TestContext, invitationId: string, minutes: number) {
  await ctx.database.db
    .update(eBiddingInvitations)
    .set({ deadlineAt: sql`now() + make_interval(mins => ${minutes})`, bidOpeningAt: sql`now() + make_interval(mins => ${minutes})` })
    .where(eq(eBiddingInvitations.id, invitationId));
}

/** A submitted proposal inserted directly (submission time: the database clock minus `secondsAgo`). */
export async function insertProposal(
  ctx: TestContext,
  invitationId: string,
  eBiddingApplicationId: string,
  applicationId: string,
  createdBy: string,
  price: string,
  secondsAgo = 0,
) {
  const [row] = await ctx.database.db
    .insert(eBiddingProposals)
    .values({
      invitationId,
      eBiddingApplicationId,
      applicationId,
      status: 'Submitted',
      quotedPriceTt: priceToTenThousandths(price),
      place: 'Anand',
      authorizedPersonName: 'B. Bidder',
      authorizedPersonDesignation: 'Director',
      createdBy,
      submittedBy: createdBy,
      submittedAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    })
    .returning();
  await ctx.database.db
    .update(eBiddingInvitations)
    .set({ status: 'Submitted' })
    .where(sql`${eBiddingInvitations.id} = ${invitationId} and ${eBiddingInvitations.status} = 'Initiated'`);
  return row!;
}

export async function readInvitation(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(eBiddingInvitations).where(eq(eBiddingInvitations.id, id));
  return row!;
}
