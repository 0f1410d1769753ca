import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { interStateConsentEndpoints as e, type InterStateConsentDetail } from '@stoa/shared/inter-state';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { auditLog } from '../audit/audit.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { interStateConsentDays } from './inter-state-consent.tables';
import { consentBody, consentParty, setInterStateMargin } from './inter-state-consent.test-fixtures';

/**
 * PostgreSQL only: two API instances, each with its own pool, consent at the same moment to two
 * applications at one connection point whose margin holds only one of them (decision 0068). The
 * per-point advisory lock serialises them: exactly one is granted, the other answers 422.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let sldc: SignedIn;
let approverA: SignedIn;
let approverB: SignedIn;
const DAY = '2026-07-11';

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  const now = new Date('2026-07-10T10:00:00+05:30');
  a.clock.set(now);
  b.clock.set(now);
  sldc = await signIn(a, 'SLDCBusinessUser');
  approverA = await signIn(a, 'SLDCApproverI');
  approverB = await signIn(a, 'SLDCApproverII');
});
afterAll(() => close?.());

describe('concurrent consents on PostgreSQL', () => {
  it('two consents racing for the last MW at one point: one granted, one refused, the margin never exceeded', async () => {
    expect(a.database.kind).toBe('postgres');
    for (let round = 0; round < 3; round++) {
      const applicant = await signIn(a, 'OABusinessUser');
      const reg = await consentParty(a, applicant.id);
      await setInterStateMargin(a, reg.point, DAY, 40);
      const verified: InterStateConsentDetail[] = [];
      for (let k = 0; k < 2; k++) {
        const applied = await call(a, e.apply, applicant, {
          body: consentBody(a, reg.id, {
            scheduleList: [{ oaFromDate: DAY, oaToDate: DAY, fromTimeBlock: '10:00', toTimeBlock: '12:00', oaRequirement: '30' }],
          }),
        });
        expect(applied.statusCode, applied.body).toBe(200);
        const d = applied.json().data as InterStateConsentDetail;
        const fwd = await call(a, e.forward, sldc, { params: { id: d.id }, body: { version: d.version, remarks: '' } });
        verified.push(fwd.json().data as InterStateConsentDetail);
      }
      const [r1, r2] = await Promise.all([
        call(a, e.consent, approverA, { params: { id: verified[0]!.id }, body: { version: verified[0]!.version, remarks: '' } }),
        call(b, e.consent, approverB, { params: { id: verified[1]!.id }, body: { version: verified[1]!.version, remarks: '' } }),
      ]);
      expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 422]);
      const days = await a.database.db.select().from(interStateConsentDays).where(eq(interStateConsentDays.day, DAY));
      const mine = days.filter((x) => verified.some((v) => v.id === x.consentId));
      expect(mine.filter((x) => x.granted).map((x) => x.granted![40])).toEqual([3000]);
      const granted = await a.database.db.select().from(auditLog).where(eq(auditLog.action, 'INTER_STATE_CONSENT_GRANTED'));
      expect(granted.filter((x) => verified.some((v) => v.id === x.entityId))).toHaveLength(1);
    }
  });
});
