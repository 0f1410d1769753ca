import type { Page } from '@playwright/test';

import type { PaymentListRow, TdsMonth } from '@stoa/shared/payments';
import { tdsMonthLabel } from '@stoa/shared/payments';
import { enTdsChallans, messages } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import {
  apiCall,
  apiToken,
  createUserWithPassword,
  DEMO,
  expectAccessible,
  FIXTURE_FILES,
  istDateIn,
  logIn,
  snap,
  submitRegistration,
  uniqueSuffix,
  uploadFixture,
} from './helpers';

/**
 * Issue 13, TDS challans (decision 0053): set up through the API — a fresh OA applicant declares TDS
 * (194J(a)) on the registration fee, pays the fee by NEFT with ₹100.00 of TDS, and the SLDC approves it. In the browser the
 * applicant uploads the challan of that month on TDS Challan Details, and the SLDC business user
 * reconciles (approves) it on TDS Reconciliation; the applicant then sees the month Reconciled.
 */

const t = enTdsChallans;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const TDS = 10_000;

test('an applicant uploads the TDS challan of a month and the SLDC reconciles it', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const owner = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Tara',
    lastName: 'Desai',
    entityType: 'InjectingEntity',
  });
  await submitRegistration(request, owner, 'InjectingEntity');
  const token = await apiToken(request, owner.userName, owner.password);
  const dues = await apiCall<{ paymentList: PaymentListRow[] }>(
    request,
    token,
    'GET',
    '/api/Payment/GetPaymentList?pageNumber=1&pageSize=10',
  );
  const fee = dues.paymentList.find((d) => d.head === 'REGISTRATION_FEE')!;
  const today = istDateIn(0);
  const month = today.slice(0, 7);
  // TDS may be claimed only under the payer's declaration in force on the payment date (decision 0040):
  // 194J(a), 2 % of the ₹10,000.00 fee allows up to ₹200.00.
  await apiCall(request, token, 'POST', '/api/Configuration/Tds/Add', {
    head: 'REGISTRATION_FEE',
    section: '194J_A',
    effectiveFrom: today,
  });
  const paid = await apiCall<{ id: string }>(request, token, 'POST', `/api/Payment/MakePayment/${fee.id}`, {
    mode: 'NEFT',
    reference: `E2ETDS${uniqueSuffix()}`
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 30),
    paymentDate: today,
    amountPaise: fee.balanceAmount - TDS,
    bankName: 'State Bank of India',
    proofFileId: await uploadFixture(request, token),
    tdsSection: '194J_A',
    tdsAmountPaise: TDS,
  });
  const sldcToken = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await apiCall(request, sldcToken, 'POST', `/api/Payment/Approve/${paid.id}`, {});
  const challanNo = String(Date.now()).slice(-9);
  const mine = await apiCall<{ tdsMonthList: TdsMonth[] }>(
    request,
    token,
    'GET',
    '/api/Payment/GetMonthlyTDSList?pageNumber=1&pageSize=10',
  );
  const payerName = mine.tdsMonthList[0]!.payerName;

  // The applicant uploads the challan from Payments > TDS Challan Details.
  await logIn(page, owner.userName, owner.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.tdsChallan, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/challan$/);
  await expect(page.getByRole('heading', { level: 1, name: t.challanTitle })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: tdsMonthLabel(month) });
  await expect(row).toContainText(t.monthStatuses.NOT_DEPOSITED);
  await expect(row).toContainText('₹100.00');
  await expectAccessible(page);
  await snap(page, 'tds-challan-details-1366');
  await row.getByRole('button', { name: `${t.upload}: ${tdsMonthLabel(month)}` }).click();
  const dialog = page.getByRole('dialog', { name: t.upload });
  await expect(dialog.getByRole('textbox', { name: /^Challan Amount/ })).toHaveValue('100.00');
  await dialog.getByRole('textbox', { name: /^Challan Number/ }).fill(challanNo);
  await dialog.getByRole('textbox', { name: /^BSR Code/ }).fill('0510308');
  await dialog.getByLabel(t.fileTexts.choose, { exact: true }).setInputFiles(FIXTURE_FILES.pdf);
  await snap(page, 'tds-challan-upload-1366', { fullPage: false });
  await dialog.getByRole('button', { name: t.upload }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(t.made)).toBeVisible();
  await expect(row).toContainText(t.monthStatuses.PENDING_APPROVAL);

  // The SLDC business user reconciles it on Payments > TDS Reconciliation.
  const sldcContext = await browser.newContext();
  const sldc = await sldcContext.newPage();
  await logIn(sldc, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(sldc).toHaveURL(/\/landing$/);
  await mainMenu(sldc).getByRole('link', { name: messages.menu.tdsReconciliation, exact: true }).click();
  await expect(sldc).toHaveURL(/\/payments\/challan$/);
  await expect(sldc.getByRole('heading', { level: 1, name: t.reconciliationTitle })).toBeVisible();
  const pending = sldc.getByRole('row').filter({ hasText: payerName });
  await expect(pending).toContainText(t.monthStatuses.PENDING_APPROVAL);
  await expectAccessible(sldc);
  await snap(sldc, 'tds-reconciliation-1366');
  await pending.getByRole('button', { name: new RegExp(`^${t.approve} / ${t.revert}: `) }).click();
  const view = sldc.getByRole('dialog', { name: `${payerName} — ${tdsMonthLabel(month)}` });
  await view.getByRole('row').filter({ hasText: challanNo }).getByRole('button', { name: t.approve, exact: true }).click();
  const approve = sldc.getByRole('dialog', { name: `${t.approve}: ${challanNo}` });
  await approve.getByRole('button', { name: t.approve, exact: true }).click();
  await expect(approve).toBeHidden({ timeout: 20_000 });
  await expect(sldc.getByText(t.approved)).toBeVisible();
  // Reconciled, the month leaves the pending list (and its dialog closes).
  await expect(pending).toHaveCount(0, { timeout: 15_000 });
  await sldc.setViewportSize({ width: 390, height: 844 });
  await snap(sldc, 'tds-reconciliation-390');
  await sldcContext.close();

  // The applicant sees the month reconciled.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t.challanTitle })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(t.monthStatuses.RECONCILED, { timeout: 15_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await snap(page, 'tds-challan-details-390');
});
