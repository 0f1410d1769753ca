import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

import { formatPaise } from '@stoa/shared/common';
import { enRefunds, messages } from '@stoa/shared/messages';
import type { PaymentListRow } from '@stoa/shared/payments';

import { expect, test } from './fixtures';
import {
  advanceRegistration,
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
} from './helpers';

/**
 * Issue 13, refunds (decision 0054): a fresh OA applicant pays its registration fee with ₹150.00 more
 * (set-up through the API, approved by the SLDC: a refundable over-payment credit) and its
 * registration is approved (its bank step is the registered bank account). In the browser the SLDC
 * business user makes the refund on Refund, an SLDC approver approves it with the payout reference,
 * and the applicant sees it refunded with its history.
 */

const t = enRefunds;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const EXTRA = 15_000;

async function openRefunds(page: Page) {
  await mainMenu(page).getByRole('link', { name: messages.menu.refund, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/refund$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
}

test('the SLDC refunds an over-payment to the registered bank account: maker, checker, and the payer sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Rekha',
    lastName: 'Iyer',
    entityType: 'InjectingEntity',
  });
  const registration = await submitRegistration(request, owner, 'InjectingEntity');
  const token = await apiToken(request, owner.userName, owner.password);
  const dues = await apiCall<{ paymentList: PaymentListRow[] }>(
    request,
    token,
    'GET',
    '/api/Payment/GetPaymentList?pageNumber=1&pageSize=10',
  );
  const fee = dues.paymentList.find((d) => d.head === 'REGISTRATION_FEE')!;
  const upload = await request.post('/api/File/Upload?formName=Payment', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { uploadedFile: { name: 'neft.pdf', mimeType: 'application/pdf', buffer: readFileSync(FIXTURE_FILES.pdf) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const payment = await apiCall<{ id: string }>(request, token, 'POST', `/api/Payment/MakePayment/${fee.id}`, {
    mode: 'NEFT',
    reference: `E2ERF${uniqueSuffix()}`
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 30),
    paymentDate: istDateIn(0),
    amountPaise: fee.balanceAmount + EXTRA,
    bankName: 'State Bank of India',
    proofFileId: ((await upload.json()) as { data: { id: string } }).data.id,
  });
  const sldcToken = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await apiCall(request, sldcToken, 'POST', `/api/Payment/Approve/${payment.id}`, {});
  await advanceRegistration(request, registration);

  // The SLDC business user (maker) makes the refund from Payments > Refund.
  const sldcContext = await browser.newContext();
  const sldc = await sldcContext.newPage();
  await logIn(sldc, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(sldc).toHaveURL(/\/landing$/);
  await openRefunds(sldc);
  const item = sldc.getByRole('row').filter({ hasText: registration.entityName });
  await expect(item).toContainText(formatPaise(EXTRA));
  await expect(item).toContainText(t.itemStates.REFUNDABLE);
  await expectAccessible(sldc);
  await item.getByRole('button', { name: new RegExp(`^${t.makeRefund}: `) }).click();
  const dialog = sldc.getByRole('dialog', { name: t.makeRefund });
  await expect(dialog).toContainText('123456789012');
  const amount = dialog.getByRole('textbox', { name: /^Refund Amount/ });
  await expect(amount).toHaveValue('150.00');
  await amount.fill('150.01');
  await dialog.getByRole('button', { name: t.makeRefund }).click();
  await expect(dialog.getByText(t.errors.exceedsBalance(formatPaise(EXTRA)))).toBeVisible();
  await expect(dialog.getByText(messages.common.required(t.fields.remarks))).toBeVisible();
  await amount.fill('150');
  await dialog.getByRole('textbox', { name: /^Remarks/ }).fill('Paid beyond the registration fee');
  await snap(sldc, 'refund-make-1366', { fullPage: false });
  await dialog.getByRole('button', { name: t.makeRefund }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(sldc.getByText(t.made)).toBeVisible();
  await expect(item).toContainText(t.itemStates.PENDING);
  await snap(sldc, 'refund-sldc-1366');
  await sldcContext.close();

  // An SLDC approver (checker) approves it with the payout reference.
  const approverContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const approver = await approverContext.newPage();
  await logIn(approver, DEMO.SLDCApproverI.userName, DEMO.SLDCApproverI.password);
  await expect(approver).toHaveURL(/\/landing$/);
  await approver.goto('/payments/refund');
  await expect(approver.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  // At 390 px the list is a list of cards: the button names its record.
  await approver.getByRole('button', { name: new RegExp(`^${t.approve}: .*${registration.entityName}`) }).click();
  const check = approver.getByRole('dialog', { name: `${t.approve}: ${formatPaise(EXTRA)}` });
  const utr = `RFPAY${uniqueSuffix()}`
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20);
  await check.getByRole('textbox', { name: /^Payout Reference/ }).fill(utr);
  await snap(approver, 'refund-approve-390', { fullPage: false });
  await check.getByRole('button', { name: t.approve, exact: true }).click();
  await expect(check).toBeHidden({ timeout: 20_000 });
  await expect(approver.getByText(t.approved)).toBeVisible();
  await approverContext.close();

  // The payer sees the refund paid out, with its history.
  await logIn(page, owner.userName, owner.password);
  await expect(page).toHaveURL(/\/landing$/);
  await openRefunds(page);
  const mine = page.getByRole('row').filter({ hasText: t.sources.OverPayment });
  await expect(mine).toContainText(t.itemStates.REFUNDED);
  await expect(mine.getByRole('button', { name: new RegExp(t.makeRefund) })).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'refund-payer-1366');
  await mine.getByRole('button', { name: new RegExp(`^${t.history}: `) }).click();
  const history = page.getByRole('dialog', { name: new RegExp(`^${t.history}: `) });
  await expect(history).toContainText(t.steps.PAID);
  await expect(history).toContainText(utr);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'refund-history-390', { fullPage: false });
  await history.getByRole('button', { name: messages.common.close }).click();
  await snap(page, 'refund-payer-390');
});
