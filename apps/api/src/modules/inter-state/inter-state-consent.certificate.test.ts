import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { interStateConsentEndpoints as e } from '@stoa/shared/inter-state';
import { enInterStateConsent } from '@stoa/shared/messages';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { interStateConsents } from './inter-state-consent.tables';
import { consentIn } from './inter-state-consent.test-fixtures';
import { applicantOfTrader } from './standing-clearance.test-fixtures';

/** The consent certificate PDF and its public check (decision 0068), on the injected clock (Friday 2026-07-10 10:00 IST). */
const NOW = new Date('2026-07-10T10:00:00+05:30');
const C = enInterStateConsent;

let ctx: TestContext;
let sldc: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  sldc = await signIn(ctx, 'SLDCApproverII');
});
afterAll(() => ctx.close());

/** The text of every text-showing operator (pdfkit writes hex strings in TJ arrays), as in standing-clearance.routes.test.ts. */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}

const codeOf = async (id: string) =>
  (await ctx.database.db.select().from(interStateConsents).where(eq(interStateConsents.id, id)))[0]!.verificationCode!;

describe('GET /api/InterStateConsent/Certificate/{id}', () => {
  it('streams the consent certificate to the applicant, its trader and the SLDC; 404 for another applicant, 409 before consent', async () => {
    const applicant = await signIn(ctx, 'OABusinessUser');
    const d = await consentIn(ctx, 'Consented', { applicantUserId: applicant.id });
    const res = await call(ctx, e.downloadCertificate, applicant, { params: { id: d.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`consent-${d.certificateNo!.replace(/\//g, '-')}.pdf`);
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = textOf(res.rawPayload);
    const code = await codeOf(d.id);
    for (const s of [
      C.pdf.title,
      d.certificateNo!,
      d.applicationNo,
      d.entityName,
      d.counterpartyState,
      d.counterpartyEntity,
      C.directionLabels[d.direction],
      d.point,
      'MW',
      C.pdf.consentedOn,
      '10/07/2026',
      `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
      `/verify/${code}`,
    ])
      expect(text, s).toContain(s);

    expect((await call(ctx, e.downloadCertificate, sldc, { params: { id: d.id } })).statusCode).toBe(200);
    const stranger = await signIn(ctx, 'OABusinessUser');
    const other = await call(ctx, e.downloadCertificate, stranger, { params: { id: d.id } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(C.errors.notFound);
    expect((await call(ctx, e.downloadCertificate, null, { params: { id: d.id } })).statusCode).toBe(401);
    const discom = await signIn(ctx, 'DISCOMBusinessUser');
    expect((await call(ctx, e.downloadCertificate, discom, { params: { id: d.id } })).statusCode).toBe(403);

    const pending = await consentIn(ctx, 'Verified', { applicantUserId: applicant.id });
    const none = await call(ctx, e.downloadCertificate, applicant, { params: { id: pending.id } });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(C.errors.notConsented);
    const refused = await consentIn(ctx, 'Refused', { applicantUserId: applicant.id });
    expect((await call(ctx, e.downloadCertificate, applicant, { params: { id: refused.id } })).statusCode).toBe(409);
  });

  it('lets the trader download what it applied for', async () => {
    const trader = await signIn(ctx, 'Trader');
    const applicantUserId = await applicantOfTrader(ctx, trader.id);
    const d = await consentIn(ctx, 'Consented', { applicantUserId, createdBy: { id: trader.id, role: 'Trader' } });
    expect((await call(ctx, e.downloadCertificate, trader, { params: { id: d.id } })).statusCode).toBe(200);
  });
});

describe('GET /api/InterStateConsent/Verify/{code}', () => {
  it('answers signed out: consent number, applicant, period and consented, then deemed; only "not found" otherwise', async () => {
    const d = await consentIn(ctx, 'Consented');
    const code = await codeOf(d.id);
    const ok = await call(ctx, e.verify, null, { params: { code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({
      type: 'InterStateConsent',
      certificateNo: d.certificateNo,
      entityName: d.entityName,
      direction: d.direction,
      counterpartyState: d.counterpartyState,
      fromDate: d.fromDate,
      toDate: d.toDate,
      status: 'Consented',
      partial: false,
      deemed: false,
      consentedOn: NOW.toISOString(),
      revokedOn: null,
    });
    await ctx.database.db.update(interStateConsents).set({ deemed: true }).where(eq(interStateConsents.id, d.id));
    expect((await call(ctx, e.verify, null, { params: { code } })).json().data.status).toBe('Deemed');

    const missing = await call(ctx, e.verify, null, { params: { code: 'ABCD-EFGH-JKMN' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(C.errors.codeNotFound);
    expect((await call(ctx, e.verify, null, { params: { code: 'not a code!' } })).statusCode).toBe(400);
  });
});
