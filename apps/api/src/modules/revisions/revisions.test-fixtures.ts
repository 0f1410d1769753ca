/**
 * Test fixtures of revisions (API tests and the auth matrix): an approved application granted in
 * full, owned by a given applicant (or filed by a given trader), and a revision request body.
 */
import { eq } from 'drizzle-orm';

import type { TestContext } from '../../../test/build-test-app';
import { createUser } from '../../../test/build-test-app';
import { approvedParty, insertApplication, type Row } from '../applications/applications.test-fixtures';
import { applicationDays } from '../applications/applications.tables';

/** A schedule row of `mw` MW over [from, to] on the dates (defaults: 12–13 July 2026, 10:00–14:00, 10 MW). */
export const scheduleRow = (over: Partial<Row> = {}): Row => ({
  oaFromDate: '2026-07-12',
  oaToDate: '2026-07-13',
  fromTimeBlock: '10:00',
  toTimeBlock: '14:00',
  oaRequirement: '10',
  ...over,
});

/**
 * An `Approved` application (granted = requested) of an applicant; `createdByUserId` a trader who
 * filed it. Its seller is the applicant's own BothEntity registration, its buyer another applicant's.
 */
export async function approvedApplication(
  ctx: TestContext,
  who: { applicantUserId?: string; createdByUserId?: string; status?: 'Approved' | 'PartiallyApproved'; rows?: Row[] } = {},
) {
  const applicantUserId = who.applicantUserId ?? (await createUser(ctx, 'OABusinessUser')).id;
  const other = await createUser(ctx, 'OABusinessUser', { entityType: 'DraweeEntity' });
  const seller = await approvedParty(ctx, applicantUserId, 'BothEntity');
  const buyer = await approvedParty(ctx, other.id, 'DraweeEntity');
  return insertApplication(ctx, {
    status: who.status ?? 'Approved',
    applicantUserId,
    createdByUserId: who.createdByUserId ?? applicantUserId,
    sellerRegistrationId: seller.id,
    buyerRegistrationId: buyer.id,
    rows: who.rows ?? [scheduleRow()],
    grantedPercent: 100,
  });
}

/** A revision request body: one row (defaults: 13 July 10:00–12:00 down to 6 MW). */
export function revisionBody(applicationId: string, rows: Record<string, unknown>[] = [{}], remarks?: string) {
  return {
    applicationId,
    revisionList: rows.map((r) => ({
      oaFromDate: '2026-07-13',
      oaToDate: '2026-07-13',
      fromTimeBlock: '10:00',
      toTimeBlock: '12:00',
      revisedRequirement: '6',
      ...r,
    })),
    ...(remarks ? { remarks } : {}),
  };
}

/** The granted values of an application per day. */
export async function grantedDays(ctx: TestContext, applicationId: string): Promise<Map<string, number[] | null>> {
  const rows = await ctx.database.db.select().from(applicationDays).where(eq(applicationDays.applicationId, applicationId));
  return new Map(rows.map((r) => [r.day, r.granted]));
}
