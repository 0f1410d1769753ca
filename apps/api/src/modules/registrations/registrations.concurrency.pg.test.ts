import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RegistrationDetail } from '@stoa/shared/registrations';

import type { TestContext } from '../../../test/build-test-app';
import { twoInstances } from '../../../test/two-instances';
import { dues } from '../configuration/configuration.tables';
import { registrationActions } from './registrations.tables';
import {
  act,
  createOwner,
  createParties,
  type Parties,
  readRegistration,
  renew,
  signIn,
  submit,
  validData,
} from './registrations.test-fixtures';

/**
 * PostgreSQL only (npm run test:pg): two API instances on the same database, each with its own
 * connection pool, take the same action on the same record at the same moment. The row lock and
 * the version check let exactly one win; the other gets 409.
 */
let a: TestContext;
let b: TestContext;
let close: () => Promise<void>;
let parties: Parties;

beforeAll(async () => {
  ({ a, b, close } = await twoInstances());
  parties = await createParties(a);
});
afterAll(() => close?.());

async function submittedTrader() {
  const owner = await createOwner(a, 'Trader');
  const res = await submit(a, owner, 'Trader', { data: await validData(a, owner, 'Trader', {}) });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, detail: res.json().data as RegistrationDetail };
}

describe('concurrent actions on PostgreSQL (separate processes\u2019 connections)', () => {
  it('two approvals of the same record at once: exactly one 200, the other 409', async () => {
    expect(a.database.kind).toBe('postgres');
    const approver2b = await signIn(a, 'SLDCApproverII');
    for (let round = 0; round < 5; round++) {
      const { detail } = await submittedTrader();
      await act(a, parties.sldc, detail.id, 'Trader', 'Forward');
      await act(a, parties.sldc, detail.id, 'Trader', 'Forward');
      await act(a, parties.approver1, detail.id, 'Trader', 'Approve');
      const version = (await readRegistration(a, detail.id)).version;
      const results = await Promise.all([
        act(a, parties.approver2, detail.id, 'Trader', 'Approve', { version }),
        act(b, approver2b, detail.id, 'Trader', 'Approve', { version }),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
        'This registration has changed since you opened it. Reload to see its current status.',
      );
      const row = await readRegistration(a, detail.id);
      expect(row).toMatchObject({ status: 'Approved', version: version + 1 });
      const approvals = (
        await a.database.db.select().from(registrationActions).where(eq(registrationActions.registrationId, detail.id))
      ).filter((x) => x.toStatus === 'Approved');
      expect(approvals).toHaveLength(1);
    }
  });

  it('approve and reject at once: one wins, the record has one history', async () => {
    const { detail } = await submittedTrader();
    const version = (await readRegistration(a, detail.id)).version;
    const results = await Promise.all([
      act(a, parties.sldc, detail.id, 'Trader', 'Forward', { version }),
      act(b, parties.sldc, detail.id, 'Trader', 'Reject', { version, remarks: 'Duplicate' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const row = await readRegistration(a, detail.id);
    expect(['PendingSTOACheck', 'SLDCRejected']).toContain(row.status);
    expect(await a.database.db.select().from(registrationActions).where(eq(registrationActions.registrationId, detail.id))).toHaveLength(2);
  });

  it('two first registrations of one owner at once: one is taken, the other refused', async () => {
    const owner = await createOwner(a, 'DraweeEntity');
    const utilities = { discomId: parties.discom.id };
    const [d1, d2] = [await validData(a, owner, 'DraweeEntity', utilities), await validData(a, owner, 'DraweeEntity', utilities)];
    const results = await Promise.all([submit(a, owner, 'DraweeEntity', { data: d1 }), submit(b, owner, 'DraweeEntity', { data: d2 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const won = results.find((r) => r.statusCode === 200)!.json().data.id as string;
    expect(await a.database.db.select().from(dues).where(eq(dues.recordId, won))).toHaveLength(1);
  });

  it('two renewals of one registration at once: one is taken, the other refused', async () => {
    const { owner, detail } = await submittedTrader();
    for (const step of [
      [parties.sldc, 'Forward'],
      [parties.sldc, 'Forward'],
      [parties.approver1, 'Approve'],
      [parties.approver2, 'Approve'],
    ] as const) {
      expect((await act(a, step[0], detail.id, 'Trader', step[1])).statusCode).toBe(200);
    }
    const data = (await readRegistration(a, detail.id)).data;
    const results = await Promise.all([
      renew(a, owner, 'Trader', { previousRegistrationId: detail.id, data }),
      renew(b, owner, 'Trader', { previousRegistrationId: detail.id, data }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().message).toBe('A renewal of this registration is already in progress.');
  });
});
