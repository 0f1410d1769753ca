import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { interStateRegistrationEndpoints as e } from '@stoa/shared/inter-state';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { auditLog } from '../audit/audit.tables';
import { call, signIn, uploadPdf } from '../registrations/registrations.test-fixtures';
import { interStateRegistrations } from './inter-state-registrations.tables';
import { eligibleParty, isrBody, isrIn } from './inter-state-registrations.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool (decision 0076). Two submissions for one
 * entity at the same moment open one inter-state registration, not two; the deemed-consent job run by both
 * at once moves each waiting record exactly once (one history step, one audit row).
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-07-06T10:00:00+05:30');
  a.clock.set(now);
  b.clock.set(now);
});
afterAll(() => close?.());

describe('inter-state registrations on PostgreSQL, two instances', () => {
  it('two submissions for one entity at once: one opens it, the other is refused', async () => {
    expect(a.database.kind).toBe('postgres');
    const applicant = await signIn(a, 'OABusinessUser');
    const reg = await eligibleParty(a, applicant.id);
    const files = async () => ({ noar: await uploadPdf(a, applicant), meter: await uploadPdf(a, applicant) });
    const [f1, f2] = [await files(), await files()];
    const [r1, r2] = await Promise.all([
      call(a, e.submitRegistration, applicant, { body: isrBody(reg.id, f1) }),
      call(b, e.submitRegistration, applicant, { body: isrBody(reg.id, f2) }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 400]);
    const rows = await a.database.db.select().from(interStateRegistrations).where(eq(interStateRegistrations.registrationId, reg.id));
    expect(rows).toHaveLength(1);
  });

  it('the deemed-consent job run by both instances at once moves each record once', async () => {
    const waiting = [await isrIn(a, 'PendingDISCOMApproval'), await isrIn(a, 'PendingDISCOMApproval')];
    const later = new Date('2026-07-10T01:00:00+05:30');
    a.clock.set(later);
    b.clock.set(later);
    await Promise.all([
      a.app.services.interStateRegistrations.runDeemedConsent(),
      b.app.services.interStateRegistrations.runDeemedConsent(),
    ]);
    const ids = waiting.map((w) => w.id);
    const rows = await a.database.db.select().from(interStateRegistrations).where(inArray(interStateRegistrations.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['PendingSLDCApproval', 'PendingSLDCApproval']);
    const audits = await a.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'INTER_STATE_REGISTRATION_DEEMED_CONSENT'), inArray(auditLog.entityId, ids)));
    expect(audits).toHaveLength(2);
  });
});
