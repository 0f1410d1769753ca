import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = (await login(ctx, await createUser(ctx, 'Admin'))).jwtToken;
});
afterAll(() => ctx.close());

async function upload(name: string, bytes: Buffer, token = admin) {
  const { body, headers } = multipart('uploadedFile', name, bytes);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=UserManual',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
  return res;
}

describe('user manuals', () => {
  it('the Admin uploads one PDF per role and per OA entity type; each user downloads their own', async () => {
    const oaManual = await upload('OA-both-manual.pdf', FIXTURES.pdf);
    expect(oaManual.statusCode, oaManual.body).toBe(200);
    const traderManual = await upload('trader-manual.pdf', FIXTURES.pdf);
    const save = (target: string, fileId: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/Configuration/UserManual/Save', headers: bearer(admin), payload: { target, fileId } });
    expect((await save('BothEntity', oaManual.json().data.id)).json().data).toMatchObject({
      target: 'BothEntity',
      fileName: 'OA-both-manual.pdf',
    });
    expect((await save('Trader', traderManual.json().data.id)).statusCode).toBe(200);

    const list = (await ctx.app.inject({ method: 'GET', url: '/api/Configuration/UserManual/GetAll', headers: bearer(admin) })).json().data
      .manualList;
    expect(list).toHaveLength(10);
    expect(list.find((m: { target: string }) => m.target === 'BothEntity')).toMatchObject({
      label: 'OA Applicant: Both Injecting and Drawee Entity',
      fileName: 'OA-both-manual.pdf',
    });

    const oa = await login(ctx, await createUser(ctx, 'OABusinessUser'));
    const got = await ctx.app.inject({
      method: 'GET',
      url: '/api/File/DownloadManuals?entitityType=BothEntity',
      headers: bearer(oa.jwtToken),
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('OA-both-manual.pdf');
    // Asking for another manual does not change which one the user gets.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/File/DownloadManuals?entitityType=Trader',
      headers: bearer(oa.jwtToken),
    });
    expect(other.headers['content-disposition']).toContain('OA-both-manual.pdf');

    const trader = await login(ctx, await createUser(ctx, 'Trader'));
    const t = await ctx.app.inject({
      method: 'GET',
      url: '/api/File/DownloadManuals?entitityType=Trader',
      headers: bearer(trader.jwtToken),
    });
    expect(t.headers['content-disposition']).toContain('trader-manual.pdf');

    const sldc = await login(ctx, await createUser(ctx, 'SLDCApproverII'));
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/File/DownloadManuals?entitityType=SLDCApproverII',
      headers: bearer(sldc.jwtToken),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ isSuccessful: false, code: 'NOT_FOUND' });
  });

  it('accepts only a PDF uploaded for it, and an unknown target is a field error', async () => {
    const png = await upload('manual.png', FIXTURES.png);
    expect(png.statusCode).toBe(400);
    expect(png.json().errorResponse[0].errorMessages[0]).toBe('Invalid file. Please upload pdf file');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Configuration/UserManual/Save',
      headers: bearer(admin),
      payload: { target: 'Nobody', fileId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorResponse[0].fieldName).toBe('target');
  });
});

describe('payment details', () => {
  it('lists the three modes and lets the Admin change one', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/Configuration/PaymentDetails/GetAll', headers: bearer(admin) })).json()
      .data.paymentDetailList;
    expect(list.map((p: { mode: string }) => p.mode)).toEqual(['Demand Draft', 'Bank Deposit', 'NEFT']);
    const upd = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/Configuration/PaymentDetails/Update',
      headers: bearer(admin),
      payload: { mode: 'Demand Draft', isEnabled: false, instructions: 'Not accepted from 1 April.' },
    });
    expect(upd.json().data).toMatchObject({ mode: 'Demand Draft', isEnabled: false });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/Configuration/PaymentDetails/Update',
      headers: bearer(admin),
      payload: { mode: 'Cash', isEnabled: true, instructions: '' },
    });
    expect(
      bad
        .json()
        .errorResponse.map((e: { fieldName: string }) => e.fieldName)
        .sort(),
    ).toEqual(['instructions', 'mode']);
  });
});
