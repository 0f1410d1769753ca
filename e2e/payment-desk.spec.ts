import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

import { formatPaise } from '@stoa/shared/common';
import type { PaymentListRow } from '@stoa/shared/payments';
import { enPayments, messages } from '@stoa/shared/messages';

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
  typeDateInto,
  uniqueSuffix,
} from './helpers';

/**
 * Issue 13, the payment desk (decisions 0041, 0049): a fresh OA applicant whose registration raised
 * its fee pays it by NEFT with a proof from Payment Details; the SLDC business user approves it on
 * Payment Reconciliation; the applicant sees the due Paid and downloads the receipt, whose
 * verification code a visitor confirms at /verify/{code} without signing in. Set-up through the API:
 * the user and the submitted registration.
 */

const t = enPayments.payments;
const r = enPayments.receipts;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('an applicant pays its registration fee by NEFT with a proof, the SLDC approves it, and the receipt verifies without signing in', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const owner = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Payal',
    lastName: 'Shah',
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
  expect(fee.balanceAmount).toBeGreaterThan(0);
  const rupees = (fee.balanceAmount / 100).toFixed(2);
  const shown = formatPaise(fee.balanceAmount);
  const utr = `E2EUTR${uniqueSuffix()}`.toUpperCase().replace(/[^A-Z0-9]/g, '');

  // The applicant pays from Payments > Payment Details.
  await logIn(page, owner.userName, owner.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.paymentDetailsMenu, exact: true }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: t.detailsTitle })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: registration.entityName });
  await expect(row).toContainText(enPayments.payments.dueStatuses.DUE);
  await expectAccessible(page);
  await row.getByRole('button', { name: t.makePayment }).click();
  const dialog = page.getByRole('dialog', { name: t.makePayment });
  await dialog.getByRole('combobox', { name: t.fields.mode }).click();
  await page.getByRole('option', { name: t.modes.NEFT, exact: true }).click();
  await dialog.getByLabel(t.fields.reference, { exact: false }).fill(utr);
  await typeDateInto(page, dialog, t.fields.paymentDate, istDateIn(0));
  await dialog.getByRole('textbox', { name: /^Amount \(₹\)/ }).fill(rupees);
  await dialog.getByLabel(t.fields.bankName, { exact: false }).fill('State Bank of India');
  await dialog.getByLabel(t.proofTexts.choose, { exact: true }).setInputFiles(FIXTURE_FILES.pdf);
  await dialog.getByRole('button', { name: t.makePayment }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(t.made)).toBeVisible();

  // The SLDC business user approves it on Payment Reconciliation.
  const sldcContext = await browser.newContext();
  const sldc = await sldcContext.newPage();
  await logIn(sldc, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(sldc).toHaveURL(/\/landing$/);
  await mainMenu(sldc).getByRole('link', { name: messages.menu.paymentReconciliation, exact: true }).click();
  await expect(sldc).toHaveURL(/\/payments\/dashboard$/);
  const pending = sldc.getByRole('row').filter({ hasText: utr });
  await expect(pending).toContainText(t.statuses.PENDING);
  await pending.getByRole('button', { name: new RegExp(`^${t.view}: `) }).click();
  const view = sldc.getByRole('dialog').filter({ hasText: utr });
  await view.getByRole('row').filter({ hasText: utr }).getByRole('button', { name: t.approve, exact: true }).click();
  const approve = sldc.getByRole('dialog', { name: `${t.approve}: ${utr}` });
  await approve.getByRole('button', { name: t.approve, exact: true }).click();
  await expect(approve).toBeHidden({ timeout: 20_000 });
  await expect(sldc.getByText(t.approved)).toBeVisible();
  await sldcContext.close();

  // The applicant sees the due Paid and downloads the receipt.
  await page.reload();
  await expect(row).toContainText(enPayments.payments.dueStatuses.PAID, { timeout: 15_000 });
  await row.getByRole('button', { name: t.view, exact: false }).first().click();
  const details = page.getByRole('dialog').filter({ hasText: utr });
  const receiptRow = details.getByRole('row').filter({ hasText: utr });
  await expect(receiptRow).toContainText(/RCPT\/\d{4}-\d{2}\/\d{5}/);
  const [download] = await Promise.all([page.waitForEvent('download'), receiptRow.getByRole('button', { name: r.download }).click()]);
  const pdf = readFileSync(await download.path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  // pdfkit writes the text as hex strings in TJ arrays.
  const text = [...pdf.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map(([, array]) => Buffer.from([...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join(''), 'hex').toString('latin1'))
    .join('\n');
  const code = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/.exec(text)?.[0];
  expect(code, `the verification code printed on the receipt:\n${text}`).toBeTruthy();

  // Anyone confirms it at /verify/{code}, without signing in.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByText(r.verify.verified, { exact: true })).toBeVisible();
  await expect(visitor.getByText(shown)).toBeVisible();
  await expectAccessible(visitor);
  await snap(visitor, 'verify-receipt');
  await visitorContext.close();
});
