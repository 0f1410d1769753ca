import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eBiddingEndpoints as e } from '@stoa/shared/e-bidding';

import { createUser, type TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { processingRunItems, processingRuns } from '../applications/applications.tables';
import { approvedParty, insertApplication } from '../applications/applications.test-fixtures';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { eBiddingInvitations, eBiddingProposals } from './e-bidding.tables';
import { CONGESTION_DAY, congestionRow, insertInvitation } from './e-bidding.test-fixtures';

/**
 * PostgreSQL only (npm run test:pg): 200 proposals, each sent twice at the same moment by two API
 * instances (separate connection pools), in waves that straddle the invitation's deadline on the
 * database clock. None is lost (every 200 has its row), none is duplicated (one row per invited
 * application, at most one 200 each), none is recorded after the deadline, and no refusal is a 500.
 */
const N = 200;

let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let bidder: SignedIn;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  bidder = await signIn(a, 'OABusinessUser');
});
afterAll(() => close?.());

describe('proposals racing the deadline on PostgreSQL', () => {
  it('loses none, duplicates none and records none after the deadline', async () => {
    expect(a.database.kind).toBe('postgres');
    const other = await createUser(a, 'OABusinessUser', { entityType: 'DraweeEntity' });
    const seller = await approvedParty(a, bidder.id, 'BothEntity');
    const buyer = await approvedParty(a, other.id, 'DraweeEntity');
    const now = a.clock.now();
    const [run] = await a.database.db
      .insert(processingRuns)
      .values({
        type: 'Advance',
        processingDate: `${CONGESTION_DAY.slice(0, 7)}-01`,
        status: 'Congested',
        startedBy: bidder.id,
        startedAt: now,
        finishedAt: now,
        result: { congestedElements: [], days: [CONGESTION_DAY] },
      })
      .returning();
    const apps: Awaited<ReturnType<typeof insertApplication>>[] = [];
    for (let k = 0; k < N; k++) {
      const app = await insertApplication(a, {
        type: 'Advance',
        status: 'PendingSTOAApproval',
        applicantUserId: bidder.id,
        sellerRegistrationId: seller.id,
        buyerRegistrationId: buyer.id,
        rows: [congestionRow('1')],
      });
      await a.database.db.insert(processingRunItems).values({
        runId: run!.id,
        applicationId: app.id,
        outcome: 'Congested',
        position: k + 1,
        requestedCentiBlocks: 800,
        grantedCentiBlocks: 0,
      });
      apps.push(app);
    }
    const sldc = await createUser(a, 'SLDCBusinessUser');
    const { invitation, invited } = await insertInvitation(
      a,
      sldc.id,
      apps.map((x) => ({ id: x.id, appliedCenti: 100 })),
    );
    // The deadline: 3 s from the database's now; the waves run over about 7 s.
    await a.database.db
      .update(eBiddingInvitations)
      .set({ deadlineAt: sql`now() + interval '3 seconds'` })
      .where(eq(eBiddingInvitations.id, invitation.id));

    const body = (k: number) => ({
      applicationId: apps[k]!.id,
      eBiddingInvitationId: invitation.id,
      eBiddingApplicationId: invited[k]!.id,
      quotedBidPrice: (0.1 + k / 100).toFixed(2), // prices take at most 2 decimals (decision 0016)
      place: 'Anand',
      authorizedPersonName: 'B. Bidder',
      authorizedPersonDesignation: 'Director',
      isDraft: false,
    });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const results = await Promise.all(
      apps.map(async (_, k) => {
        await sleep(k * 35);
        const [ra, rb] = await Promise.all([
          call(a, e.submitProposal, bidder, { body: body(k) }),
          call(b, e.submitProposal, bidder, { body: body(k) }),
        ]);
        return {
          k,
          codes: [ra.statusCode, rb.statusCode],
          messages: [ra, rb].filter((r) => r.statusCode !== 200).map((r) => r.json().message as string),
        };
      }),
    );

    const rows = await a.database.db
      .select({
        applicationId: eBiddingProposals.applicationId,
        status: eBiddingProposals.status,
        onTime: sql<boolean>`${eBiddingProposals.submittedAt} <= ${eBiddingInvitations.deadlineAt}`,
      })
      .from(eBiddingProposals)
      .innerJoin(eBiddingInvitations, eq(eBiddingInvitations.id, eBiddingProposals.invitationId))
      .where(eq(eBiddingProposals.invitationId, invitation.id));
    const accepted = results.filter((r) => r.codes.includes(200));
    // No 500s: every refusal is a 409 (already submitted, or the deadline passed).
    for (const r of results) for (const c of r.codes) expect([200, 409]).toContain(c);
    // None duplicated: at most one 200 per application, one row per application.
    for (const r of results) expect(r.codes.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    expect(new Set(rows.map((r) => r.applicationId)).size).toBe(rows.length);
    // None lost: every accepted submission has its row, and every row was accepted.
    expect(rows.length).toBe(accepted.length);
    expect(new Set(rows.map((r) => r.applicationId))).toEqual(new Set(accepted.map((r) => apps[r.k]!.id)));
    expect(rows.every((r) => r.status === 'Submitted')).toBe(true);
    // None after the deadline.
    expect(rows.every((r) => r.onTime)).toBe(true);
    // The race straddled the deadline: some in time, some refused for it.
    expect(accepted.length).toBeGreaterThan(0);
    expect(results.some((r) => r.messages.includes('The deadline for bid proposals has passed.') && !r.codes.includes(200))).toBe(true);
  }, 180_000);
});
