import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { atcElementKey } from '@stoa/shared/atc';
import { interStateConsentEndpoints as e } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { remainingMargin } from './inter-state-consent.margin';
import { interStateConsents } from './inter-state-consent.tables';
import { consentIn } from './inter-state-consent.test-fixtures';
import { applicantOfTrader } from './standing-clearance.test-fixtures';

/** Revocation of a consent for inter-state STOA and its expiry (decision 0077), on the injected clock (Friday 2026-07-10 10:00 IST). */
const NOW = new Date('2026-07-10T10:00:00+05:30');
const C = enInterStateConsent;

let ctx: TestContext;
let approver: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  approver = await signIn(ctx, 'SLDCApproverI');
});
afterAll(() => ctx.close());

const messagesOf = async (userId: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
const codeOf = async (id: string) =>
  (await ctx.database.db.select().from(interStateConsents).where(eq(interStateConsents.id, id)))[0]!.verificationCode!;
const revoke = (who: SignedIn | null, id: string, body: Record<string, unknown>) => call(ctx, e.revoke, who, { params: { id }, body });

describe('POST /api/InterStateConsent/Revoke/{id}', () => {
  it('revokes a consent with the reason: history, audit, the applicant and its trader told, margin given back, verifies as revoked', async () => {
    const trader = await signIn(ctx, 'Trader');
    const applicantUserId = await applicantOfTrader(ctx, trader.id);
    const d = await consentIn(ctx, 'Consented', { applicantUserId, createdBy: { id: trader.id, role: 'Trader' } });
    const margin = async () =>
      (await remainingMargin(ctx.database.db, d.point, atcElementKey(d.point), [d.fromDate])).get(d.fromDate)![40]! / 100;
    expect(await margin()).toBe(40);

    const res = await revoke(approver, d.id, { version: d.version, remarks: '  Schedule not honoured  ' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after).toMatchObject({
      status: 'Revoked',
      statusDescription: 'Revoked',
      revokedOn: NOW.toISOString(),
      revocationReason: 'Schedule not honoured',
      expired: false,
      actions: [],
      version: d.version + 1,
    });
    expect(after.history.at(-1)).toMatchObject({
      action: 'Revoke',
      fromStatus: 'Consented',
      toStatus: 'Revoked',
      remarks: 'Schedule not honoured',
    });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, d.id), eq(auditLog.action, 'INTER_STATE_CONSENT_REVOKED')))
      .orderBy(asc(auditLog.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(approver.id);
    expect(audits[0]!.occurredAt.toISOString()).toBe(NOW.toISOString());
    const message = C.notifications.revoked(d.certificateNo!, d.entityName, 'Schedule not honoured');
    expect(await messagesOf(applicantUserId)).toContain(message);
    expect(await messagesOf(trader.id)).toContain(message);
    // The revoked consent no longer takes the connection point's margin.
    expect(await margin()).toBe(50);

    const verified = await call(ctx, e.verify, null, { params: { code: await codeOf(d.id) } });
    expect(verified.json().data).toMatchObject({ status: 'Revoked', revokedOn: NOW.toISOString(), deemed: false, partial: false });
    // The certificate stays downloadable, marked revoked.
    const pdf = await call(ctx, e.downloadCertificate, trader, { params: { id: d.id } });
    expect(pdf.statusCode).toBe(200);
    // Once revoked, nothing more to revoke.
    expect((await revoke(approver, d.id, { version: after.version, remarks: 'Again' })).statusCode).toBe(409);
  });

  it('needs a reason (every field error), the version seen and a consent in force; approvers only', async () => {
    const d = await consentIn(ctx, 'Consented');
    const empty = await revoke(approver, d.id, { remarks: '   ' });
    expect(empty.statusCode).toBe(400);
    const errors = empty.json().errorResponse as { fieldName: string; errorMessages: string[] }[];
    expect(Object.fromEntries(errors.map((f) => [f.fieldName, f.errorMessages]))).toEqual({
      remarks: [C.errors.reasonRequired],
      version: [C.errors.versionRequired],
    });
    const stale = await revoke(approver, d.id, { version: d.version - 1, remarks: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(C.errors.statusConflict);
    for (const role of ['SLDCBusinessUser', 'OABusinessUser', 'Trader', 'DISCOMBusinessUser'] as const)
      expect((await revoke(await signIn(ctx, role), d.id, { version: d.version, remarks: 'No' })).statusCode, role).toBe(403);
    expect((await revoke(null, d.id, { version: d.version, remarks: 'No' })).statusCode).toBe(401);
    const pending = await consentIn(ctx, 'Verified');
    expect((await revoke(approver, pending.id, { version: pending.version, remarks: 'No' })).statusCode).toBe(409);
    const unknown = await revoke(approver, '00000000-0000-4000-8000-000000000000', { version: 1, remarks: 'No' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(C.errors.notFound);
    const approver2 = await signIn(ctx, 'SLDCApproverII');
    expect((await revoke(approver2, d.id, { version: d.version, remarks: 'Dues unpaid' })).json().data.status).toBe('Revoked');
  });
});

describe('a consent past its period', () => {
  /** The ids the list shows the user with the status filter (or none), and the row of `id`. */
  const listed = async (who: SignedIn, status: string | undefined, id: string) => {
    const query = { pageNumber: '1', pageSize: '100', ...(status ? { status } : {}) };
    const res = await call(ctx, e.getAll, who, { query });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.consentList as { id: string; status: string; statusDescription: string }[];
    return rows.find((r) => r.id === id);
  };

  it('expires after its last day (IST): list, filters, detail and verification all say Expired; cannot be revoked', async () => {
    const d = await consentIn(ctx, 'Consented');
    const code = await codeOf(d.id);
    try {
      // The last day itself (23:59 IST) is still in force.
      ctx.clock.set(new Date(`${d.toDate}T23:59:00+05:30`));
      // A session signed in on the moved clock.
      let sldc = await signIn(ctx, 'SLDCApproverII');
      expect((await call(ctx, e.verify, null, { params: { code } })).json().data.status).toBe('Consented');
      expect((await call(ctx, e.get, sldc, { params: { id: d.id } })).json().data).toMatchObject({
        status: 'Consented',
        expired: false,
        actions: ['Revoke'],
      });
      expect(await listed(sldc, undefined, d.id)).toMatchObject({ status: 'Consented', statusDescription: 'Consented' });
      expect(await listed(sldc, 'Consented', d.id)).toBeDefined();
      expect(await listed(sldc, 'Expired', d.id)).toBeUndefined();

      ctx.clock.set(new Date(new Date(`${d.toDate}T23:59:00+05:30`).getTime() + 2 * 60_000));
      sldc = await signIn(ctx, 'SLDCApproverII');
      expect((await call(ctx, e.verify, null, { params: { code } })).json().data.status).toBe('Expired');
      expect((await call(ctx, e.get, sldc, { params: { id: d.id } })).json().data).toMatchObject({
        status: 'Expired',
        statusDescription: 'Expired',
        expired: true,
        actions: [],
      });
      expect(await listed(sldc, undefined, d.id)).toMatchObject({ status: 'Expired', statusDescription: 'Expired' });
      expect(await listed(sldc, 'Expired', d.id)).toBeDefined();
      expect(await listed(sldc, 'Consented', d.id)).toBeUndefined();
      // The certificate of an expired consent stays downloadable (as one revoked).
      expect((await call(ctx, e.downloadCertificate, sldc, { params: { id: d.id } })).statusCode).toBe(200);
      const late = await revoke(sldc, d.id, { version: d.version, remarks: 'Too late' });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(C.errors.revokeEnded);
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('a consent for less and a revoked one: the first reads Expired after its period, the second stays Revoked', async () => {
    const partial = await consentIn(ctx, 'Consented');
    await ctx.database.db.update(interStateConsents).set({ status: 'PartiallyConsented' }).where(eq(interStateConsents.id, partial.id));
    const revoked = await consentIn(ctx, 'Consented');
    expect((await revoke(approver, revoked.id, { version: revoked.version, remarks: 'Dues unpaid' })).statusCode).toBe(200);
    try {
      ctx.clock.set(new Date(new Date(`${partial.toDate}T23:59:00+05:30`).getTime() + 2 * 60_000));
      const sldc = await signIn(ctx, 'SLDCBusinessUser');
      expect(await listed(sldc, 'Expired', partial.id)).toMatchObject({ status: 'Expired' });
      expect(await listed(sldc, 'PartiallyConsented', partial.id)).toBeUndefined();
      expect((await call(ctx, e.verify, null, { params: { code: await codeOf(partial.id) } })).json().data).toMatchObject({
        status: 'Expired',
        partial: true,
      });
      expect(await listed(sldc, undefined, revoked.id)).toMatchObject({ status: 'Revoked' });
      expect(await listed(sldc, 'Revoked', revoked.id)).toBeDefined();
      expect(await listed(sldc, 'Expired', revoked.id)).toBeUndefined();
    } finally {
      ctx.clock.set(NOW);
    }
  });
});
