import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type StandingClearanceDetail, standingClearanceEndpoints as e } from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { approvedParty } from '../applications/applications.test-fixtures';
import { call, signIn, type SignedIn } from '../registrations/registrations.test-fixtures';
import { applyBody, clearanceIn } from './standing-clearance.test-fixtures';

/** Caps per block range of a standing clearance (decision 0077): the rules, every error on its field, the detail and the certificate. */
const NOW = new Date('2026-07-10T10:00:00+05:30');
const R = enInterState.standingClearance.rules;
const F = enInterState.standingClearance.fields;

let ctx: TestContext;
let applicant: SignedIn;

beforeAll(async () => {
  ctx = await buildTestApp();
  ctx.clock.set(NOW);
  applicant = await signIn(ctx, 'OABusinessUser');
});
afterAll(() => ctx.close());

type Res = Awaited<ReturnType<typeof call>>;
const fieldErrors = (res: Res) =>
  Object.fromEntries(
    ((res.json().errorResponse ?? []) as { fieldName: string; errorMessages: string[] }[]).map((f) => [f.fieldName, f.errorMessages]),
  );

/** The text of every text-showing operator of a pdfkit PDF (hex strings in TJ arrays). */
function textOf(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}

describe('StandingClearance/Apply with caps per block range', () => {
  it('reports every problem of the ranges on its field at once, with the other fields’ errors', async () => {
    const reg = await approvedParty(ctx, applicant.id, 'BothEntity');
    const res = await call(ctx, e.apply, applicant, {
      body: applyBody(ctx, reg.id, {
        maxBuyMw: '10',
        maxSellMw: '',
        remarks: 'x'.repeat(1001),
        blockCaps: [
          { fromBlock: 33, toBlock: 40, maxBuyMw: '6' }, // fine
          { fromBlock: 38, toBlock: 44, maxBuyMw: '12' }, // overlaps row 1, above the overall 10 MW
          { fromBlock: 50, toBlock: 45, maxSellMw: '2' }, // To before From; sell not cleared
          { fromBlock: 0, toBlock: '97', maxBuyMw: '' }, // blocks out of range, no MW
          { fromBlock: 60, toBlock: 61, maxBuyMw: '1.234' }, // malformed MW
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual({
      remarks: ['At most 1000 characters'],
      'blockCaps.1.fromBlock': [R.blockOverlap(1, 33, 40)],
      'blockCaps.1.maxBuyMw': [R.blockAboveOverall(F.maxBuyMw, '10.00')],
      'blockCaps.2.toBlock': [R.blockOrder],
      'blockCaps.2.maxSellMw': [R.blockSideNotCleared(F.maxSellMw)],
      'blockCaps.3.fromBlock': [R.blockInvalid(F.fromBlock)],
      'blockCaps.3.toBlock': [R.blockInvalid(F.toBlock)],
      'blockCaps.3.maxBuyMw': [R.blockMwRequired],
      'blockCaps.4.maxBuyMw': [R.mwInvalid(F.blockBuyMw)],
    });
  });

  it('stores the ranges by From Block, shows them on the detail and prints them on the certificate', async () => {
    const d = await clearanceIn(ctx, 'Issued', {
      applicantUserId: applicant.id,
      body: {
        maxBuyMw: '10',
        maxSellMw: '8',
        blockCaps: [
          { fromBlock: '73', toBlock: '96', maxSellMw: '0' },
          { fromBlock: 1, toBlock: 24, maxBuyMw: '4.5', maxSellMw: '8' },
        ],
      },
    });
    const detail = (await call(ctx, e.get, applicant, { params: { id: d.id } })).json().data as StandingClearanceDetail;
    expect(detail.blockCaps).toEqual([
      { fromBlock: 1, toBlock: 24, fromTime: '00:00', toTime: '06:00', maxBuyMw: '4.50', maxSellMw: '8.00' },
      { fromBlock: 73, toBlock: 96, fromTime: '18:00', toTime: '24:00', maxBuyMw: null, maxSellMw: '0.00' },
    ]);
    const pdf = await call(ctx, e.downloadCertificate, applicant, { params: { id: d.id } });
    expect(pdf.statusCode).toBe(200);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain(enInterState.standingClearance.pdf.blockCaps);
    expect(text).toContain('buy 4.50 MW, sell 8.00 MW');
    expect(text).toContain('sell 0.00 MW');
    expect(text).toContain('unless capped below');
    // The public check (signed out) states the same caps (decision 0088).
    const verified = await call(ctx, e.verify, null, { params: { code: d.verificationCode! } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ maxBuyMw: '10.00', maxSellMw: '8.00', blockCaps: detail.blockCaps });
  });
});
