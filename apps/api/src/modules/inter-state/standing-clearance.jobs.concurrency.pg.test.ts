import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { standingClearanceActions, standingClearances } from './standing-clearance.tables';
import { clearanceIn } from './standing-clearance.test-fixtures';

/**
 * PostgreSQL only: two API processes run the deemed-issue and expiry jobs at the same moment (as two
 * pg-boss workers or a 'Run now' during the scheduled run could). Each clearance is locked and
 * re-checked in its own transaction, so each is deemed issued (one certificate number, one audit row,
 * one notice) and expired exactly once (decision 0062).
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
const IST = (date: string, time = '10:00') => new Date(`${date}T${time}:00+05:30`);
const setClock = (d: Date) => {
  a.clock.set(d);
  b.clock.set(d);
};

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  setClock(IST('2026-07-06'));
});
afterAll(() => close?.());

const auditCount = async (ids: string[], action: string) =>
  (
    await a.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, ids), eq(auditLog.action, action)))
  ).length;

describe('standing clearance jobs on two API processes (PostgreSQL)', () => {
  it('deem each overdue clearance issued exactly once', async () => {
    expect(a.database.kind).toBe('postgres');
    const ds = [
      await clearanceIn(a, 'Verified'),
      await clearanceIn(a, 'Verified'),
      await clearanceIn(a, 'Verified', { transactionType: 'Bilateral' }),
    ];
    const ids = ds.map((d) => d.id);
    setClock(IST('2026-07-16', '00:35'));
    const [n1, n2] = await Promise.all([a.app.services.interState.runDeemedIssue(), b.app.services.interState.runDeemedIssue()]);
    expect(n1 + n2).toBeGreaterThanOrEqual(3);
    const rows = await a.database.db.select().from(standingClearances).where(inArray(standingClearances.id, ids));
    expect(rows.map((r) => [r.status, r.deemed])).toEqual(ids.map(() => ['Issued', true]));
    expect(new Set(rows.map((r) => r.certificateNo)).size).toBe(3);
    expect(await auditCount(ids, 'STANDING_CLEARANCE_DEEMED_ISSUED')).toBe(3);
    const history = await a.database.db
      .select()
      .from(standingClearanceActions)
      .where(and(inArray(standingClearanceActions.standingClearanceId, ids), eq(standingClearanceActions.action, 'DeemedIssue')));
    expect(history).toHaveLength(3);
    const notices = await a.database.db.select().from(notifications).where(eq(notifications.userId, rows[0]!.applicantUserId));
    expect(notices.filter((x) => x.message.includes('deemed issued'))).toHaveLength(1);
  });

  it('expire each issued clearance past its Valid To exactly once', async () => {
    setClock(IST('2026-07-06'));
    const ds = [await clearanceIn(a, 'Issued'), await clearanceIn(a, 'Issued')];
    const ids = ds.map((d) => d.id);
    setClock(IST('2026-12-01', '00:40'));
    await Promise.all([a.app.services.interState.runExpiry(), b.app.services.interState.runExpiry()]);
    const rows = await a.database.db.select().from(standingClearances).where(inArray(standingClearances.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['Expired', 'Expired']);
    expect(await auditCount(ids, 'STANDING_CLEARANCE_EXPIRED')).toBe(2);
  });
});
