import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

import type { PaymentListRow } from '@stoa/shared/payments';
import { enPayments, enReconciliation, messages } from '@stoa/shared/messages';

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
} from './helpers';

/**
 * Issue 13, reconciliation (decision 0055): a fresh OA applicant has made two payments against its
 * registration fee (set up through the API); the SLDC business user sees the totals and the chart
 * on Payment Reconciliation, uploads a CSV bank statement whose one credit matches one payment and
 * whose other line matches none, and approves the matched payment from the statement.
 */

const t = enPayments.payments;
const r = enReconciliation;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function makePayment(request: APIRequestContext, token: string, dueId: string, reference: string, amountPaise: number) {
  const proof = await request.post('/api/File/Upload?formName=Payment', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { uploadedFile: { name: 'neft.pdf', mimeType: 'application/pdf', buffer: readFileSync(FIXTURE_FILES.pdf) } },
  });
  expect(proof.ok(), await proof.text()).toBe(true);
  const proofFileId = ((await proof.json()) as { data: { id: string } }).data.id;
  await apiCall(request, token, 'POST', `/api/Payment/MakePayment/${dueId}`, {
    mode: 'NEFT',
    reference,
    paymentDate: istDateIn(0),
    amountPaise,
    bankName: 'State Bank of India',
    proofFileId,
  });
}

test('the SLDC sees the totals, matches a bank statement to the pending payments and approves the matched one', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Rekha',
    lastName: 'Iyer',
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
  const suffix = uniqueSuffix()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const matchedUtr = `RCMATCH${suffix}`.slice(0, 30);
  const pendingUtr = `RCPEND${suffix}`.slice(0, 30);
  const strayUtr = `RCSTRAY${suffix}`.slice(0, 30);
  await makePayment(request, token, fee.id, matchedUtr, 500_000);
  await makePayment(request, token, fee.id, pendingUtr, 200_000);

  await page.setViewportSize({ width: 1366, height: 768 });
  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.paymentReconciliation, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/dashboard$/);

  // The totals and the chart of the last 12 months.
  const totals = page.getByRole('region', { name: r.summary.title });
  await expect(totals.locator('dt').getByText(r.summary.due, { exact: true })).toBeVisible();
  await expect(totals.locator('dt').getByText(r.summary.refundsPending, { exact: true })).toBeVisible();
  await expect(totals.getByRole('figure', { name: r.summary.chartLabel })).toBeVisible();
  await expect(totals.locator('svg').first()).toBeVisible();
  await expect(totals.getByRole('table', { name: r.summary.byHead })).toContainText('Registration fee');

  // The statement: one credit for the first payment, one line without a payment.
  const day = istDateIn(0).split('-').reverse().join('/');
  const csv = [
    'Date,UTR,Amount,Narration',
    `${day},${matchedUtr},"5,000.00",NEFT CR ${matchedUtr} Rekha Iyer`,
    `${day},${strayUtr},750.00,Unknown credit`,
  ].join('\r\n');
  const statement = page.getByRole('region', { name: r.statement.title });
  await statement
    .getByLabel(r.statement.choose, { exact: true })
    .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await statement.getByRole('button', { name: r.statement.upload }).click();
  await expect(page.getByText(r.statement.uploaded)).toBeVisible({ timeout: 20_000 });
  const matched = statement.getByRole('table', { name: r.statement.matched });
  await expect(matched.getByRole('row').filter({ hasText: matchedUtr })).toContainText(t.statuses.PENDING);
  await expect(statement.getByRole('table', { name: r.statement.unmatchedLines })).toContainText(strayUtr);
  await expect(statement.getByRole('table', { name: r.statement.unmatchedLines })).toContainText(r.statement.reasons.NO_PAYMENT);
  await expect(statement.getByRole('table', { name: r.statement.unmatchedPayments })).toContainText(pendingUtr);
  await expectAccessible(page);
  await snap(page, 'payment-reconciliation-1366');

  // Approve the matched payment from the statement (maker-checker: the SLDC approves the payer's payment).
  await matched.getByRole('button', { name: `${t.approve}: ${matchedUtr}` }).click();
  const approve = page.getByRole('dialog', { name: `${t.approve}: ${matchedUtr}` });
  await approve.getByRole('button', { name: t.approve, exact: true }).click();
  await expect(approve).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(t.approved)).toBeVisible();
  await expect(matched.getByRole('row').filter({ hasText: matchedUtr })).toContainText(t.statuses.APPROVED, { timeout: 15_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(statement.getByText(matchedUtr).first()).toBeVisible();
  await snap(page, 'payment-reconciliation-390');
});
