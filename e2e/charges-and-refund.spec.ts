import type { Page } from '@playwright/test';

import { blockEndTime, firstBlockOf } from '@stoa/shared/applications';
import { formatPaise } from '@stoa/shared/common';
import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import type { CurtailmentDetail } from '@stoa/shared/curtailment';
import { enPayments, enRefunds, messages } from '@stoa/shared/messages';
import { maxTdsPaise, type PaymentListRow, TDS_SECTION_RATE_BP } from '@stoa/shared/payments';

import {
  acceptViaApi,
  applicantWithParties,
  applicationAs,
  applyViaApi,
  approveViaApi,
  freeProcessingDate,
  processViaApi,
  seedIntraStateMargin,
} from './application-helpers';
import { expect, test } from './fixtures';
import {
  apiCall,
  apiToken,
  DEMO,
  expectAccessible,
  FIXTURE_FILES,
  istDateIn,
  logIn,
  snap,
  typeDateInto,
  uniqueSuffix,
  uploadFixture,
} from './helpers';

/**
 * Issue 13, charges to refund: set up through the API — a fresh applicant's application (4 MW) whose
 * application fee is paid by NEFT and approved by the SLDC before it is accepted, processed and given
 * final approval; the applicant declares TDS (194J(b), 10 %) on the STU transmission charge. In the
 * browser the applicant finds the transmission and operating charges of the application with their
 * GST lines on Payment Details and pays the transmission charge partly with TDS (Make Payment proposes the
 * declared section and the most TDS, decision 0040). The SLDC approves
 * the payment and curtails the application's injection element by 2 MW for 2 hours for a
 * transmission constraint (API); in the browser the SLDC business user (maker) makes the curtailment
 * refund on Refund, Approver II (checker) approves it, and the applicant sees it refunded.
 */

const P = enPayments.payments;
const R = enRefunds;
const TDS_SECTION = '194J_B';
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const reference = (prefix: string, max: number) =>
  `${prefix}${uniqueSuffix()}`
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, max);
const rupees = (paise: number) => (paise / 100).toFixed(2);

async function duesOf(request: Parameters<typeof apiToken>[0], token: string, applicationId: string) {
  const { paymentList } = await apiCall<{ paymentList: PaymentListRow[] }>(
    request,
    token,
    'GET',
    '/api/Payment/GetPaymentList?pageNumber=1&pageSize=50',
  );
  return paymentList.filter((d) => d.recordId === applicationId);
}

async function openRefunds(page: Page) {
  await mainMenu(page).getByRole('link', { name: messages.menu.refund, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/refund$/);
  await expect(page.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
}

test('after approval the applicant pays the transmission charge partly with TDS, and a curtailment refund is made and approved', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);

  // ---- Set-up (API): the application, its fee paid and approved, then accepted, processed, approved.
  const parties = await applicantWithParties(request);
  let slot: { type: 'DayAhead' | 'FCFS' | 'Advance'; date: string; earliestStart: string } | undefined;
  for (const type of ['DayAhead', 'FCFS', 'Advance'] as const) {
    const free = await freeProcessingDate(request, type);
    if (free) {
      slot = { type, ...free };
      break;
    }
  }
  if (!slot) throw new Error('no unprocessed date open now');
  const { type, date } = slot;
  const from = slot.earliestStart > '10:00' ? slot.earliestStart : '10:00';
  await seedIntraStateMargin(request, { dates: date, elements: parties.elements, mw: 100 });
  const submitted = await applyViaApi(request, parties.applicant, {
    type,
    sellerId: parties.seller.id,
    buyerId: parties.buyer.id,
    date,
    from,
    mw: 4,
  });
  const token = await apiToken(request, parties.applicant.userName, parties.applicant.password);
  const sldcToken = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  const fee = (await duesOf(request, token, submitted.id)).find((d) => d.head === 'APPLICATION_FEE')!;
  expect(fee.balanceAmount).toBeGreaterThan(0);
  const feePayment = await apiCall<{ id: string }>(request, token, 'POST', `/api/Payment/MakePayment/${fee.id}`, {
    mode: 'NEFT',
    reference: reference('E2EAF', 30),
    paymentDate: istDateIn(0),
    amountPaise: fee.balanceAmount,
    bankName: 'State Bank of India',
    proofFileId: await uploadFixture(request, token),
  });
  await apiCall(request, sldcToken, 'POST', `/api/Payment/Approve/${feePayment.id}`, {});
  await acceptViaApi(request, submitted);
  await processViaApi(request, type, date);
  expect((await applicationAs(request, DEMO.SLDCBusinessUser, submitted.id)).status).toBe('STOAApproved');
  const application = await approveViaApi(request, submitted);
  expect(application.status).toBe('Approved');
  const appNo = application.applicationNo;

  // Charges are raised on final approval; the applicant deducts TDS on the transmission charge.
  const charges = await duesOf(request, token, application.id);
  const transmission = charges.find((d) => d.head === 'STU_TRANSMISSION_CHARGE')!;
  const operating = charges.find((d) => d.head === 'SLDC_OPERATING_CHARGE')!;
  expect(transmission.totalAmount).toBeGreaterThan(0);
  expect(operating.totalAmount).toBeGreaterThan(0);
  await apiCall(request, token, 'POST', '/api/Configuration/Tds/Add', {
    head: 'STU_TRANSMISSION_CHARGE',
    section: TDS_SECTION,
    effectiveFrom: istDateIn(0),
  });
  // At most 10 % of the amount before GST (194J(b)), the rest by NEFT: Make Payment proposes both.
  const tds = maxTdsPaise(transmission.grossAmount, TDS_SECTION_RATE_BP[TDS_SECTION]);
  const neft = transmission.totalAmount - tds;

  // ---- The applicant: Payments > Payment Details shows both charges with their GST lines.
  await logIn(page, parties.applicant.userName, parties.applicant.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.paymentDetailsMenu, exact: true }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { level: 1, name: P.detailsTitle })).toBeVisible();
  for (const due of [transmission, operating]) {
    const row = page.getByRole('row').filter({ hasText: due.description });
    await expect(row).toContainText(CHARGE_HEAD_INFO[due.head].label);
    await expect(row).toContainText(formatPaise(due.totalAmount));
    await expect(row).toContainText(`${P.fields.gross} ${formatPaise(due.grossAmount)} + ${P.fields.gst} ${formatPaise(due.gstAmount)}`);
    await expect(row).toContainText(P.dueStatuses.DUE);
  }
  await expectAccessible(page);
  await snap(page, 'charges-payment-details-1366');

  // It pays the transmission charge by NEFT with a proof, TDS deducted under 194J(b).
  const utr = reference('E2ETC', 30);
  const transmissionRow = page.getByRole('row').filter({ hasText: transmission.description });
  await transmissionRow.getByRole('button', { name: `${P.makePayment}: ${transmission.description}` }).click();
  const dialog = page.getByRole('dialog', { name: P.makePayment });
  await expect(dialog).toContainText(transmission.description);
  await dialog.getByRole('combobox', { name: P.fields.mode }).click();
  await page.getByRole('option', { name: P.modes.NEFT, exact: true }).click();
  await dialog.getByLabel(P.fields.reference, { exact: false }).fill(utr);
  await typeDateInto(page, dialog, P.fields.paymentDate, istDateIn(0));
  // The declared section and the most TDS are proposed, and the amount less the TDS.
  await expect(dialog.getByRole('combobox', { name: P.fields.tdsSection })).toHaveText(enPayments.tds.sections[TDS_SECTION]);
  await expect(dialog.getByRole('textbox', { name: /^TDS Amount \(₹\)/ })).toHaveValue(rupees(tds));
  await expect(dialog.getByRole('textbox', { name: /^Amount \(₹\)/ })).toHaveValue(rupees(transmission.balanceAmount - tds));
  await dialog.getByRole('textbox', { name: /^Amount \(₹\)/ }).fill(rupees(neft));
  await dialog.getByLabel(P.fields.bankName, { exact: false }).fill('State Bank of India');
  await dialog.getByLabel(P.proofTexts.choose, { exact: true }).setInputFiles(FIXTURE_FILES.pdf);
  await snap(page, 'charges-make-payment-tds-1366', { fullPage: false });
  await dialog.getByRole('button', { name: P.makePayment }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(P.made)).toBeVisible();

  // ---- The SLDC approves the payment (API): NEFT plus TDS settle the due.
  const paid = (await duesOf(request, token, application.id)).find((d) => d.id === transmission.id)!;
  const payment = paid.payments.find((p) => p.reference === utr)!;
  expect(payment).toMatchObject({ amount: neft, tdsSection: TDS_SECTION, tdsAmount: tds, status: 'PENDING' });
  await apiCall(request, sldcToken, 'POST', `/api/Payment/Approve/${payment.id}`, {});
  await page.reload();
  await expect(transmissionRow).toContainText(P.dueStatuses.PAID, { timeout: 15_000 });
  await expect(transmissionRow).toContainText(formatPaise(tds));

  // ---- The SLDC curtails the injection element by 2 MW for 2 hours from the schedule's start, for a
  // transmission constraint (API): the cut blocks refund the transmission charge at its rate.
  const toBlock = blockEndTime(Math.min(firstBlockOf(from) + 7, 96));
  const curtailment = await apiCall<CurtailmentDetail>(request, sldcToken, 'POST', '/api/Curtailment/Create', {
    element: parties.elements[0],
    curtailmentDate: date,
    fromTimeBlock: from,
    toTimeBlock: toBlock,
    basis: 'Reduction',
    quantum: '2',
    cause: 'TransmissionConstraint',
    remarks: 'E2E set-up: line outage on the injection side',
  });
  const item = curtailment.itemList.find((i) => i.applicationId === application.id)!;
  expect(item.refundAmount).toBeGreaterThan(0);
  const refund = item.refundAmount!;
  const description = `Curtailment ${curtailment.curtailmentNo}`;

  // ---- The SLDC business user (maker) makes the refund from Payments > Refund.
  const sldcContext = await browser.newContext();
  const sldc = await sldcContext.newPage();
  await logIn(sldc, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(sldc).toHaveURL(/\/landing$/);
  await openRefunds(sldc);
  const sldcRow = sldc.getByRole('row').filter({ hasText: appNo }).filter({ hasText: R.sources.Curtailment });
  await expect(sldcRow).toContainText(description);
  await expect(sldcRow).toContainText(formatPaise(refund));
  await expect(sldcRow).toContainText(R.itemStates.REFUNDABLE);
  await expectAccessible(sldc);
  await sldcRow.getByRole('button', { name: new RegExp(`^${R.makeRefund}: `) }).click();
  const make = sldc.getByRole('dialog', { name: R.makeRefund });
  await expect(make.getByRole('textbox', { name: /^Refund Amount/ })).toHaveValue(rupees(refund));
  await make.getByRole('textbox', { name: /^Remarks/ }).fill(`Transmission charge of the blocks curtailed on ${date}`);
  await snap(sldc, 'charges-refund-make-1366', { fullPage: false });
  await make.getByRole('button', { name: R.makeRefund }).click();
  await expect(make).toBeHidden({ timeout: 20_000 });
  await expect(sldc.getByText(R.made)).toBeVisible();
  await expect(sldcRow).toContainText(R.itemStates.PENDING);
  await sldcContext.close();

  // ---- Approver II (checker) approves it with the payout reference.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await logIn(approver, DEMO.SLDCApproverII.userName, DEMO.SLDCApproverII.password);
  await expect(approver).toHaveURL(/\/landing$/);
  await openRefunds(approver);
  const checkRow = approver.getByRole('row').filter({ hasText: appNo }).filter({ hasText: R.sources.Curtailment });
  await expect(checkRow).toContainText(R.itemStates.PENDING);
  await checkRow.getByRole('button', { name: new RegExp(`^${R.approve}: ${description}`) }).click();
  const check = approver.getByRole('dialog', { name: `${R.approve}: ${formatPaise(refund)}` });
  const payout = reference('RFCUR', 20);
  await check.getByRole('textbox', { name: /^Payout Reference/ }).fill(payout);
  await snap(approver, 'charges-refund-approve-1366', { fullPage: false });
  await check.getByRole('button', { name: R.approve, exact: true }).click();
  await expect(check).toBeHidden({ timeout: 20_000 });
  await expect(approver.getByText(R.approved)).toBeVisible();
  await expect(checkRow).toContainText(R.itemStates.REFUNDED);
  await approverContext.close();

  // ---- The applicant sees the curtailment refund paid out, with its history.
  await openRefunds(page);
  const mine = page.getByRole('row').filter({ hasText: appNo }).filter({ hasText: R.sources.Curtailment });
  await expect(mine).toContainText(R.itemStates.REFUNDED);
  await expect(mine).toContainText(formatPaise(refund));
  await expectAccessible(page);
  await mine.getByRole('button', { name: new RegExp(`^${R.history}: ${description}`) }).click();
  const history = page.getByRole('dialog', { name: new RegExp(`^${R.history}: `) });
  await expect(history).toContainText(R.steps.PAID);
  await expect(history).toContainText(payout);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'charges-refund-payer-390', { fullPage: false });
});
