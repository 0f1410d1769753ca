import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { interStateConsentApplySchema } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import { createUser, type TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { interStateConsentActions, interStateConsentDays, interStateConsents } from './inter-state-consent.tables';
import { consentBody, consentParty, setInterStateMargin } from './inter-state-consent.test-fixtures';

/**
 * PostgreSQL only (decision 0077): two API processes run the `inter-state.deemed-consent` job at the same
 * moment (two pg-boss workers, or 'Run now' during the scheduled run). Each application is locked and
 * re-checked in its own transaction under its connection point's margin lock, so each is deemed exactly
 * once (one consent number, one audit row, one history row, one notice), and two on one point never take
 * more than the margin between them.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
const IST = (date: string, time = '10:00') => new Date(`${date}T${time}:00+05:30`);
const DAY = '2026-07-20';
const setClock = (d: Date) => {
  a.clock.set(d);
  b.clock.set(d);
};

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  setClock(IST('2026-07-06'));
});
afterAll(() => close?.());

/** A submitted application of 10 MW, 10:00–12:00 on DAY, of the entity `reg`. */
async function submit(applicantId: string, registrationId: string) {
  const body = consentBody(a, registrationId, {
    scheduleList: [{ oaFromDate: DAY, oaToDate: DAY, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '10' }],
  });
  return a.app.services.interState.applyConsent(
    { id: applicantId, role: 'OABusinessUser', familyId: null },
    interStateConsentApplySchema.parse(body),
    { requestId: 'pg-deemed' },
  );
}

describe('the deemed-consent job on two API processes (PostgreSQL)', () => {
  it('deems each overdue application exactly once, and two on one point within its margin', async () => {
    expect(a.database.kind).toBe('postgres');
    // Two entities with a point of their own (50 MW), and one entity applying twice on a point with 15 MW.
    const ids: string[] = [];
    const applicants: string[] = [];
    for (let i = 0; i < 2; i++) {
      const applicant = await createUser(a, 'OABusinessUser');
      const reg = await consentParty(a, applicant.id);
      await setInterStateMargin(a, reg.point, DAY, 50);
      ids.push((await submit(applicant.id, reg.id)).id);
      applicants.push(applicant.id);
    }
    const shared = await createUser(a, 'OABusinessUser');
    const sharedReg = await consentParty(a, shared.id);
    await setInterStateMargin(a, sharedReg.point, DAY, 15);
    const onShared = [(await submit(shared.id, sharedReg.id)).id, (await submit(shared.id, sharedReg.id)).id];
    const all = [...ids, ...onShared];

    // Submitted Monday 6 July: deemed from Friday the 10th (3 working days).
    setClock(IST('2026-07-10', '00:30'));
    const [n1, n2] = await Promise.all([a.app.services.interState.runDeemedConsent(), b.app.services.interState.runDeemedConsent()]);
    expect(n1 + n2).toBe(4);

    const rows = await a.database.db.select().from(interStateConsents).where(inArray(interStateConsents.id, all));
    expect(rows.every((r) => r.deemed && (r.status === 'Consented' || r.status === 'PartiallyConsented'))).toBe(true);
    expect(new Set(rows.map((r) => r.certificateNo)).size).toBe(4);
    expect(new Set(rows.map((r) => r.verificationCode)).size).toBe(4);
    const audits = await a.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.entityId, all), eq(auditLog.action, 'INTER_STATE_CONSENT_DEEMED')))
      .orderBy(asc(auditLog.id));
    expect(audits.map((x) => x.entityId).sort()).toEqual([...all].sort());
    const history = await a.database.db
      .select()
      .from(interStateConsentActions)
      .where(and(inArray(interStateConsentActions.consentId, all), eq(interStateConsentActions.action, 'DeemedConsent')));
    expect(history).toHaveLength(4);
    for (const [i, applicant] of applicants.entries()) {
      const row = rows.find((r) => r.id === ids[i])!;
      const notices = await a.database.db.select().from(notifications).where(eq(notifications.userId, applicant));
      expect(notices.filter((x) => x.message === enInterStateConsent.notifications.deemed(row.certificateNo!, 3))).toHaveLength(1);
    }

    // The point with 15 MW: 10 + 5 between the two, whichever came first.
    const days = await a.database.db.select().from(interStateConsentDays).where(inArray(interStateConsentDays.consentId, onShared));
    const block41 = days.map((d) => d.granted![40]!).sort((x, y) => x - y);
    expect(block41).toEqual([500, 1000]);
    expect(
      rows
        .filter((r) => onShared.includes(r.id))
        .map((r) => r.status)
        .sort(),
    ).toEqual(['Consented', 'PartiallyConsented']);

    // Running again (either process) finds nothing left.
    const again = await Promise.all([a.app.services.interState.runDeemedConsent(), b.app.services.interState.runDeemedConsent()]);
    expect(again).toEqual([0, 0]);
  });
});
