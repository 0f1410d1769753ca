import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { standingClearanceEndpoints as e, type StandingClearanceDetail } from '@stoa/shared/inter-state';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { approvedParty } from '../applications/applications.test-fixtures';
import { auditLog } from '../audit/audit.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { standingClearances } from './standing-clearance.tables';
import { applyBody, clearanceIn } from './standing-clearance.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool, act at the same moment. The entity's
 * advisory lock makes the second application see the first (one clearance per entity, period and
 * direction), and the row lock and version make exactly one of two decisions on a clearance apply.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let approverA: SignedIn;
let approverB: SignedIn;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-07-10T10:00:00+05:30');
  a.clock.set(now);
  b.clock.set(now);
  approverA = await signIn(a, 'SLDCApproverI');
  approverB = await signIn(a, 'SLDCApproverII');
});
afterAll(() => close?.());

describe('concurrent standing clearances on PostgreSQL', () => {
  it('two overlapping applications for one entity at once: one is recorded, the other refused', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const applicant = await signIn(a, 'OABusinessUser');
      const reg = await approvedParty(a, applicant.id, 'BothEntity');
      const [r1, r2] = await Promise.all([
        call(a, e.apply, applicant, { body: applyBody(a, reg.id) }),
        call(b, e.apply, applicant, { body: applyBody(b, reg.id, { validFrom: applyBody(b, reg.id).validTo }) }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 422]);
      const rows = await a.database.db.select().from(standingClearances).where(eq(standingClearances.registrationId, reg.id));
      expect(rows).toHaveLength(1);
    }
  });

  it('two approvers issue the same clearance at once: one certificate, one 409', async () => {
    const d = await clearanceIn(a, 'Verified');
    const body = { version: d.version, remarks: '' };
    const [r1, r2] = await Promise.all([
      call(a, e.issue, approverA, { params: { id: d.id }, body }),
      call(b, e.issue, approverB, { params: { id: d.id }, body }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 409]);
    const ok = (r1.statusCode === 200 ? r1 : r2).json().data as StandingClearanceDetail;
    const [row] = await a.database.db.select().from(standingClearances).where(eq(standingClearances.id, d.id));
    expect(row).toMatchObject({ status: 'Issued', certificateNo: ok.certificateNo, verificationCode: ok.verificationCode });
    const issued = await a.database.db.select().from(auditLog).where(eq(auditLog.entityId, d.id));
    expect(issued.filter((x) => x.action === 'STANDING_CLEARANCE_ISSUED')).toHaveLength(1);
  });
});
