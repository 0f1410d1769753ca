import { readFileSync } from 'node:fs';

import { type Page } from '@playwright/test';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import { UTILISATION_FORM_NAME } from '@stoa/shared/inter-state';
import { enInterState, enUtilisation } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { apiCall, apiToken, DEMO, FIXTURE_FILES, istDateIn, logIn, pdfText, snap, uniqueSuffix } from './helpers';

/**
 * Standing clearance (issue 14, decisions 0060 and 0062): the demo seller applies in the browser for a
 * power-exchange standing clearance, pays its fee (API: payment and the SLDC's approval), the SLDC
 * business user verifies and forwards it, the seller's TRANSCO consents (the Admin has turned the
 * operating rule standingClearanceConsentRequired on), Approver I issues it; the applicant downloads the certificate,
 * whose verification address is checked signed out (valid); Approver I revokes it and the same address
 * then says revoked.
 */

const S = enInterState.standingClearance;
const U = enUtilisation.web;
const SELLER = { userName: 'oa.seller', password: 'Seller#Demo26' };

test.use({ actionTimeout: 15_000 });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** 'DD/MM/YYYY' of an ISO date. */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function act(page: Page, action: string, reason?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}?` });
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an applicant gets a power-exchange standing clearance that anyone can verify, until the SLDC revokes it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const validTo = istDateIn(90);

  // The Admin asks for DISCOM/TRANSCO consent from today (a second run on the same server finds it set: 409).
  const adminToken = await apiToken(request, DEMO.Admin.userName, DEMO.Admin.password);
  const rule = await request.post('/api/Configuration/Settings/Add', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { key: 'standingClearanceConsentRequired', value: 'true', effectiveFrom: istDateIn(0) },
  });
  expect([200, 409], await rule.text()).toContain(rule.status());

  // The applicant: Transactions → Standing Clearance of Inter-State Power Exchange Transaction → Apply.
  await logIn(page, SELLER.userName, SELLER.password);
  await mainMenu(page).getByRole('link', { name: S.titles.PowerExchange, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: S.titles.PowerExchange })).toBeVisible();
  await page.getByRole('link', { name: 'Apply for Standing Clearance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for Standing Clearance' })).toBeVisible();
  await page.getByRole('combobox', { name: /Entity \(registration\)/ }).click();
  await page.getByRole('option', { name: /Kutch Wind Power Ltd/ }).click();
  await page.getByRole('textbox', { name: 'Maximum Sell (MW)' }).fill('15');
  const to = page.getByRole('group', { name: /Valid To/ });
  await to.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(validTo).replaceAll('/', ''));
  await expect(to.getByRole('spinbutton', { name: 'Year' })).toHaveText(validTo.slice(0, 4));
  await page.getByRole('checkbox', { name: /no other contract for the sale or purchase/ }).check();
  await snap(page, 'standing-clearance-apply');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Standing Clearance SCA\/\d{4}\/\d{6}$/ })).toBeVisible();
  const clearanceUrl = new URL(page.url()).pathname;
  const id = clearanceUrl.split('/').at(-1)!;
  await expect(page.getByText(S.statusLabels.Submitted, { exact: true })).toBeVisible();
  await expect(page.getByText('Fee unpaid').first()).toBeVisible();

  // The fee: the applicant pays its due (NEFT with proof), the SLDC business user approves the payment.
  const token = await apiToken(request, SELLER.userName, SELLER.password);
  const dues = await apiCall<{ paymentList: { id: string; recordId: string; balanceAmount: number }[] }>(
    request,
    token,
    'GET',
    '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100',
  );
  const fee = dues.paymentList.find((d) => d.recordId === id)!;
  expect(fee.balanceAmount).toBe(590_000);
  const upload = await request.post('/api/File/Upload?formName=Payment', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { uploadedFile: { name: 'neft.pdf', mimeType: 'application/pdf', buffer: readFileSync(FIXTURE_FILES.pdf) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const payment = await apiCall<{ id: string }>(request, token, 'POST', `/api/Payment/MakePayment/${fee.id}`, {
    mode: 'NEFT',
    reference: `E2ESC${uniqueSuffix()}`
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 30),
    paymentDate: istDateIn(0),
    amountPaise: fee.balanceAmount,
    bankName: 'State Bank of India',
    proofFileId: ((await upload.json()) as { data: { id: string } }).data.id,
  });
  const sldcToken = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await apiCall(request, sldcToken, 'POST', `/api/Payment/Approve/${payment.id}`, {});

  // The SLDC business user: Inter-state → the power-exchange list → the clearance → Verify and Forward.
  const sldcContext = await browser.newContext();
  const sldc = await sldcContext.newPage();
  await logIn(sldc, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await mainMenu(sldc).getByRole('link', { name: S.titles.PowerExchange, exact: true }).click();
  await expect(sldc.getByRole('heading', { level: 1, name: S.titles.PowerExchange })).toBeVisible();
  await sldc.goto(clearanceUrl);
  await expect(sldc.getByRole('heading', { level: 1, name: /^Standing Clearance SCA\// })).toBeVisible();
  await expect(sldc.getByText('Fee unpaid')).toHaveCount(0);
  await act(sldc, S.actionLabels.Forward);
  await expect(sldc.getByText(S.statusLabels.ConsentPending, { exact: true })).toBeVisible();
  await snap(sldc, 'standing-clearance-sldc');
  await sldcContext.close();

  // The seller's TRANSCO: Inter-state → Standing Clearance Consents → the clearance → Give Consent.
  const transcoContext = await browser.newContext();
  const transco = await transcoContext.newPage();
  await logIn(transco, DEMO.TRANSCOBusinessUser.userName, DEMO.TRANSCOBusinessUser.password);
  await mainMenu(transco).getByRole('link', { name: 'Standing Clearance Consents', exact: true }).click();
  await expect(transco.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
  await expect(transco.getByText('Kutch Wind Power Ltd').first()).toBeVisible();
  await snap(transco, 'standing-clearance-consents-transco');
  await transco.goto(clearanceUrl);
  await expect(transco.getByText('State Transmission Corporation Ltd: awaiting consent')).toBeVisible();
  await act(transco, S.actionLabels.Consent);
  await expect(transco.getByText(S.statusLabels.Verified, { exact: true })).toBeVisible();
  await snap(transco, 'standing-clearance-consent-given');
  await transcoContext.close();

  // Approver I issues it.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await logIn(approver, DEMO.SLDCApproverI.userName, DEMO.SLDCApproverI.password);
  await expect(approver.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await approver.goto(clearanceUrl);
  await act(approver, S.actionLabels.Issue);
  await expect(approver.getByRole('heading', { name: 'Certificate' })).toBeVisible();

  // The applicant downloads the certificate; the address printed under its QR code is the public check.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Certificate' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Certificate' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^standing-clearance-NOC-PX-\d{4}-\d{6}\.pdf$/);
  const pdf = readFileSync((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('Kutch Wind Power Ltd');
  expect(text).toContain('15.00 MW in every time block');
  expect(text).toContain('Consent of State Transmission Corporation Ltd given on');
  const verifyUrl = text.match(/http:\/\/127\.0\.0\.1:\d+\/verify\/[0-9A-Z]{12}/)?.[0];
  expect(verifyUrl, text).toBeDefined();
  await snap(page, 'standing-clearance-issued-applicant');

  // The SLDC uploads the power exchange's cleared volumes of its first day (API; decision 0063): one block
  // above the 15 MW cap. The applicant sees the day over the cap on the clearance (browser).
  const issued = await apiCall<{ certificateNo: string; validFrom: string }>(request, sldcToken, 'GET', `/api/StandingClearance/Get/${id}`);
  const cleared = ATC_BLOCK_HEADERS.map((_, i) => (i === 40 ? '16.50' : '12.00'));
  const csv = [
    'Date,Certificate No,Direction,' + ATC_BLOCK_HEADERS.join(','),
    [issued.validFrom, issued.certificateNo, 'Sell', ...cleared].join(','),
  ];
  const volumes = await request.post(`/api/File/Upload?formName=${UTILISATION_FORM_NAME}`, {
    headers: { authorization: `Bearer ${sldcToken}` },
    multipart: { uploadedFile: { name: 'px-cleared.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n'), 'utf8') } },
  });
  expect(volumes.ok(), await volumes.text()).toBe(true);
  await apiCall(request, sldcToken, 'POST', '/api/StandingClearance/UploadUtilisation', {
    fileId: ((await volumes.json()) as { data: { id: string } }).data.id,
  });
  await page.reload();
  const utilisation = page.getByRole('region', { name: U.title });
  await expect(utilisation.getByText(U.overCap, { exact: true })).toBeVisible();
  await expect(utilisation.getByText(U.warning(1))).toBeVisible();
  await expect(utilisation).toContainText('16.50');
  await snap(page, 'standing-clearance-utilisation');

  // Anyone, signed out: valid, for whom, how many MW, until when.
  const publicContext = await browser.newContext();
  const visitor = await publicContext.newPage();
  await visitor.goto(verifyUrl!);
  const valid = visitor.getByRole('status', { name: S.verify.valid });
  await expect(valid).toBeVisible();
  await expect(valid).toContainText('Kutch Wind Power Ltd');
  await expect(valid).toContainText('15.00 MW');
  await snap(visitor, 'standing-clearance-verify-valid');

  // Approver I revokes it with a reason; the same address now says revoked.
  await approver.reload();
  await act(approver, S.actionLabels.Revoke, 'E2E: outstanding dues');
  await expect(approver.getByText(S.statusLabels.Revoked, { exact: true })).toBeVisible();
  await approverContext.close();
  await visitor.reload();
  await expect(visitor.getByRole('status', { name: S.verify.revoked })).toBeVisible();
  await expect(visitor.getByText('E2E: outstanding dues')).toHaveCount(0);
  await snap(visitor, 'standing-clearance-verify-revoked');
  await publicContext.close();
});
