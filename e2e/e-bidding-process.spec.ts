import { type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { allocateBids, enEBidding, type InvitationDetail } from '@stoa/shared/e-bidding';
import { APPLICATION_STATUS_LABELS, type ApplicationDetail, firstDayOfMonth, monthOf } from '@stoa/shared/applications';
import { enPayments, enReconciliation, messages } from '@stoa/shared/messages';
import type { PaymentDue } from '@stoa/shared/payments';
import { priceToTenThousandths, tenThousandthsToPrice, formatRupeeRate } from '@stoa/shared/common';

import { expect, test } from './fixtures';
import {
  acceptViaApi,
  applicantWithParties,
  type ApplicationParties,
  applyViaApi,
  type Credentials,
  freeProcessingDate,
  processViaApi,
  seedIntraStateMargin,
} from './application-helpers';
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
  typeDateInto,
} from './helpers';

/**
 * E-bidding from invitation to result (issue 6 "Done means", decision 0015), against the real API
 * and its database clock — nothing is faked or moved: the deadline is simply made real and near.
 *
 * Set-up through the API (preconditions only): three fresh applicants A, B and C whose Advance
 * applications (2, 3 and 2 MW, 10:00–12:00 on one day of an Advance month without a processing
 * run) share one path whose margin is 5 MW; C's application is filed by a fresh trader on C's behalf
 * and approved by C. A fourth applicant D has an application of its own path (4 MW on 2 MW). All are
 * accepted and the month is processed: the run is Congested and the applications wait for e-bidding.
 * Invitations (Form ST2) for A, B and C and for D alone, with the last date of submission today and a
 * deadline about two minutes away, are sent through the API, and B, A and the trader (for C) bid
 * through the API (drafting Form ST2 and bidding in the browser are e-bidding.spec.ts's journey).
 *
 * In the browser: after the deadline (the test waits for it on the real clock) the SLDC approves on the process page ('E-Bidding
 * Processed Successfully'); Approver I and II approve the run (Approve All); each bidder sees its
 * allocated quantum and applicable price — the highest quote is served first (allocateBids); an
 * approver sees 'Result'; D sees 'Invitation Expired'.
 */

const T = enEBidding;
test.use({ actionTimeout: 15_000 });

// ---- small helpers (same idioms as e-bidding.spec.ts) ----

const P = enPayments.payments;

/**
 * Issue 13 (decision 0055's /payments/ebidding): the bidder pays its allocation's price due from
 * Payments › E-bidding payments (Make Payment by NEFT with a proof); the SLDC business user approves
 * it through the API (Payment Reconciliation is payment-desk.spec.ts's journey) and the page shows
 * the due Paid.
 */
async function payPriceFromEbiddingPayments(request: APIRequestContext, p: Page, app: ApplicationDetail, sldcToken: string) {
  await p.goto('/payments/ebidding');
  await expect(p.getByRole('heading', { level: 1, name: enReconciliation.ebidding.title })).toBeVisible();
  const row = p.getByRole('row').filter({ hasText: app.applicationNo });
  await expect(row).toContainText(P.dueStatuses.DUE);
  await row.getByRole('button', { name: new RegExp(`^${P.makePayment}: `) }).click();
  const dialog = p.getByRole('dialog', { name: P.makePayment });
  const utr = `EBPAY${Date.now().toString(36).toUpperCase()}`;
  await dialog.getByRole('combobox', { name: P.fields.mode }).click();
  await p.getByRole('option', { name: P.modes.NEFT, exact: true }).click();
  await dialog.getByLabel(P.fields.reference, { exact: false }).fill(utr);
  await typeDateInto(p, dialog, P.fields.paymentDate, istDateIn(0));
  await dialog.getByLabel(P.fields.bankName, { exact: false }).fill('State Bank of India');
  await dialog.getByLabel(P.proofTexts.choose, { exact: true }).setInputFiles(FIXTURE_FILES.pdf);
  await dialog.getByRole('button', { name: P.makePayment }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(p.getByText(P.made)).toBeVisible();
  // The price due of the allocation (the balance was proposed as the amount): the SLDC approves the payment.
  const dues = await apiCall<{ paymentList: PaymentDue[] }>(
    request,
    sldcToken,
    'GET',
    '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100&status=PENDING',
  );
  const due = dues.paymentList.find((d) => d.recordType === 'EBiddingApplication' && d.description.includes(app.applicationNo))!;
  const details = await apiCall<{ payments: { id: string; reference: string }[] }>(
    request,
    sldcToken,
    'GET',
    `/api/Payment/GetPaymentDetails/${due.id}`,
  );
  const payment = details.payments.find((x) => x.reference === utr)!;
  await apiCall(request, sldcToken, 'POST', `/api/Payment/Approve/${payment.id}`, {});
  await p.reload();
  await expect(row).toContainText(P.dueStatuses.PAID, { timeout: 15_000 });
  await snap(p, 'h8-ebidding-payments-paid');
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function signedIn(browser: Browser, who: Credentials) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/landing$/);
  return { context, page };
}

/** An instant as the IST date (YYYY-MM-DD) and time of day (HH:mm) the forms take. */
function ist(at: Date): { date: string; time: string } {
  const s = new Date(at.getTime() + 330 * 60_000).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}

/** `seconds` from now, rounded up to the next whole minute (the deadline is a time of day, HH:mm). */
const minuteAfter = (seconds: number) => new Date(Math.ceil((Date.now() + seconds * 1000) / 60_000) * 60_000);

/** 'MMM DD, YYYY' as the pages show an ISO date; 'MMM YYYY' for a month. */
const monthName = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
const displayDate = (iso: string) => `${monthName(iso)} ${iso.slice(8, 10)}, ${iso.slice(0, 4)}`;
const monthLabel = (iso: string) => `${monthName(iso)} ${iso.slice(0, 4)}`;

/** A fresh trader with an approved Trader registration, added by `applicant` to its traders. */
async function traderOf(request: APIRequestContext, applicant: Credentials) {
  const trader = await createUserWithPassword(request, { role: 'Trader', firstName: 'Bid', lastName: 'Trader' });
  const registration = await submitRegistration(request, trader, 'Trader');
  await advanceRegistration(request, registration);
  const token = await apiToken(request, applicant.userName, applicant.password);
  const traders = await apiCall<{ id: string; description: string }[]>(
    request,
    token,
    'GET',
    '/api/TraderManagement/GetAllRegisteredTraders',
  );
  const mine = traders.find((t) => t.id === registration.id) ?? traders.find((t) => t.description.includes(registration.entityName));
  expect(mine, 'the fresh trader has an approved registration').toBeTruthy();
  await apiCall(request, token, 'POST', '/api/TraderManagement/TraderBasedOnUser/Add', {
    traderId: mine!.id,
    entityName: mine!.description,
  });
  return trader;
}

test('after the deadline the SLDC processes the bids, the approvers approve, each bidder sees its allocation and an unanswered invitation expires', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(720_000);

  // ---- set-up (API): three applicants on one congested path, one through a trader; a fourth alone ----
  const free = await freeProcessingDate(request, 'Advance');
  expect(free, 'an Advance month open now whose run is not congested (decision 0011)').not.toBeNull();
  const date = free!.date;
  const partiesA = await applicantWithParties(request);
  const [inj, drw] = partiesA.elements;
  const [partiesB, partiesC, partiesD] = await Promise.all([
    applicantWithParties(request, { injectionSubstation: inj, drawalSubstation: drw }),
    applicantWithParties(request, { injectionSubstation: inj, drawalSubstation: drw }),
    applicantWithParties(request),
  ]);
  const trader = await traderOf(request, partiesC.applicant);
  await seedIntraStateMargin(request, { dates: date, elements: [inj, drw], mw: 5 });
  await seedIntraStateMargin(request, { dates: date, elements: partiesD.elements, mw: 2 });

  const apply = (p: ApplicationParties, mw: number, who: Credentials = p.applicant) =>
    applyViaApi(request, who, { type: 'Advance', sellerId: p.seller.id, buyerId: p.buyer.id, date, from: '10:00', to: '12:00', mw });
  const appA = await apply(partiesA, 2);
  const appB = await apply(partiesB, 3);
  const filed = await apply(partiesC, 2, trader);
  expect(filed.status).toBe('PendingApplicantApproval');
  const cToken = await apiToken(request, partiesC.applicant.userName, partiesC.applicant.password);
  const appC = await apiCall<ApplicationDetail>(request, cToken, 'POST', `/api/Application/ApproveTraderRequest/Advance/${filed.id}`, {
    version: filed.version,
    remarks: 'Agreed',
  });
  expect(appC.status).toBe('Submitted');
  const appD = await apply(partiesD, 4);
  for (const app of [appA, appB, appC, appD]) await acceptViaApi(request, app);
  const run = await processViaApi(request, 'Advance', date);
  expect(run.run.status).toBe('Congested');

  // ---- set-up (API): Form ST2 for A, B and C, and one for D alone, both due in about two minutes ----
  // Drafting Form ST2 and bidding in the browser (a quote below the floor refused) is e-bidding.spec.ts's
  // journey; here the invitations and bids go through the API so that the deadline can be near.
  const sldcToken = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  const deadlineAt = minuteAfter(90);
  const deadline = ist(deadlineAt);
  const invite = (apps: ApplicationDetail[], element: string, to: string, margin: string) =>
    apiCall<InvitationDetail>(request, sldcToken, 'POST', '/api/EBidding/Submit', {
      isDraft: false,
      eBiddedApplications: apps.map((a) => ({ applicationId: a.id })),
      subStationDetails: `${element}: 2 × 50 MVA`,
      transmissionSystemDetails: `${element} – ${to}`,
      nameOfTransmissionSystem: element,
      availableMargin: margin,
      congestionFromDate: date,
      congestionToDate: date,
      congestionFromTime: '10:00',
      congestionToTime: '12:00',
      lastDateOfSubmission: deadline.date,
      deadLine: deadline.time,
      bidOpeningDate: deadline.date,
      bidOpeningTime: deadline.time,
      floorPrice: '0.25',
      place: 'Vadodara',
      authorizedPersonName: 'A. Engineer',
      authorizedPersonDesignation: 'Chief Engineer (SLDC)',
    });
  const invD = await invite([appD], partiesD.elements[0], partiesD.elements[1], '2');
  expect(invD.status.status).toBe('Initiated');
  const inv = await invite([appA, appB, appC], inj, drw, '5');
  expect(inv.status.status).toBe('Initiated');
  const invitationNo = inv.bidInvitationNo;
  const invitationId = inv.id;

  // Quotes on whole paise above the floor: the trader (for C) highest, then A, then B; submitted B, A, C.
  const floorTt = priceToTenThousandths(inv.floorPrice ?? '0.25');
  const above = (paise: number) => tenThousandthsToPrice(Math.ceil(floorTt / 100) * 100 + paise * 100);
  const quote = { A: above(10), B: above(5), C: above(20) };
  for (const [who, app, price, name] of [
    [partiesB.applicant, appB, quote.B, 'B. Bidder'],
    [partiesA.applicant, appA, quote.A, 'A. Bidder'],
    [trader, appC, quote.C, 'T. Trader'],
  ] as const) {
    const token = await apiToken(request, who.userName, who.password);
    const proposal = await apiCall<{ status: { status: string } }>(request, token, 'POST', '/api/EBidding/SubmitProposal', {
      applicationId: app.id,
      eBiddingInvitationId: inv.id,
      eBiddingApplicationId: inv.eBiddedApplications.find((a) => a.applicationId === app.id)!.id,
      quotedBidPrice: price,
      place: 'Gandhinagar',
      authorizedPersonName: name,
      authorizedPersonDesignation: 'Director',
      isDraft: false,
    });
    expect(proposal.status.status).not.toBe('Draft');
  }
  expect(Date.now(), 'the bids were in before the deadline').toBeLessThan(deadlineAt.getTime());

  // ---- before the deadline the SLDC's process page cannot approve ----
  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/e-bidding');
  await page.getByRole('link', { name: `Process: ${invitationNo}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.titles.process })).toBeVisible();
  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  expect(Date.now(), 'the process page was opened before the deadline').toBeLessThan(deadlineAt.getTime());
  await expect(approve).toBeDisabled();

  // The bidders sign in while the deadline comes.
  const [bidderA, bidderB, bidderT] = await Promise.all([
    signedIn(browser, partiesA.applicant),
    signedIn(browser, partiesB.applicant),
    signedIn(browser, trader),
  ]);

  // ---- while the bids wait for their deadline: D never bid, and its invitation shows 'Invitation Expired' ----
  const bidderD = await signedIn(browser, partiesD.applicant);
  const d = bidderD.page;
  await mainMenu(d).getByRole('link', { name: T.titles.list, exact: true }).click();
  const rowD = d.getByRole('grid', { name: 'E-bidding invitations' }).getByRole('row').filter({ hasText: invD.bidInvitationNo });
  await expect(rowD).toBeVisible();
  // Poll until its deadline (the main one) has passed: the list is computed on the database clock.
  await expect(async () => {
    await d.reload();
    await expect(rowD.getByText('Invitation Expired', { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 150_000, intervals: [2_000, 5_000] });
  await expect(d.getByRole('link', { name: `Apply: ${invD.bidInvitationNo} ${appD.applicationNo}` })).toHaveCount(0);
  await snap(d, 'h8-list-expired');
  await bidderD.context.close();

  // ---- the SLDC waits for the deadline on the process page, then approves ----
  await page.waitForTimeout(Math.max(0, deadlineAt.getTime() - Date.now()));
  await expect(async () => {
    await page.reload();
    await expect(approve).toBeEnabled({ timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 5_000] });
  const proposals = page.getByRole('table', { name: 'Bid Proposals' });
  await expect(proposals.getByText('Sealed')).toHaveCount(0);
  for (const [app, price] of [
    [appA, quote.A],
    [appB, quote.B],
    [appC, quote.C],
  ] as const) {
    await expect(proposals.getByRole('row').filter({ hasText: app.applicationNo })).toContainText(price);
  }
  await snap(page, 'h8-process-open');
  await approve.click();
  const confirm = page.getByRole('dialog', { name: 'Approve the e-bidding result?' });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText(T.success.processed)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: T.titles.list })).toBeVisible();
  await expect(page.getByRole('link', { name: `Result: ${invitationNo}` })).toBeVisible();

  // The allocation the server made is allocateBids' (highest quote first), in submission order B, A, C.
  const expected = allocateBids(500, [
    { applicationId: appB.id, quantity: 300, price: quote.B, submittedAt: 1 },
    { applicationId: appA.id, quantity: 200, price: quote.A, submittedAt: 2 },
    { applicationId: appC.id, quantity: 200, price: quote.C, submittedAt: 3 },
  ]);
  const byApp = new Map(expected.map((x) => [x.applicationId, x]));
  const mw = (centi: number) => (centi / 100).toFixed(2);
  expect(expected.map((x) => [x.allocated, x.status])).toEqual([
    [100, 'PartiallyAllocated'],
    [200, 'Allocated'],
    [200, 'Allocated'],
  ]);
  // The fully served pay the lowest price among them (A's), B pays its own quote.
  expect(byApp.get(appC.id)!.applicablePrice).toBe(quote.A);
  expect(byApp.get(appB.id)!.applicablePrice).toBe(quote.B);

  await page.getByRole('link', { name: `Result: ${invitationNo}` }).click();
  await expect(page.getByText('This invitation has been processed.')).toBeVisible();
  for (const app of [appA, appB, appC]) {
    const row = proposals.getByRole('row').filter({ hasText: app.applicationNo });
    const x = byApp.get(app.id)!;
    await expect(row.getByRole('cell')).toContainText([app.applicationNo, mw(x.allocated), x.applicablePrice!]);
  }
  // The table is wider than the card at 1366 px: it scrolls sideways; show its right-hand columns.
  const scroller = page.getByRole('region', { name: 'Bid Proposals' });
  if ((await scroller.count()) > 0) await scroller.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
  await snap(page, 'h8-process-result');
  await expectAccessible(page);

  // ---- Approver I and Approver II approve the run (Approve All) ----
  const processingDate = firstDayOfMonth(monthOf(date));
  for (const [who, after] of [
    [DEMO.SLDCApproverI, 'SLDCApproverIApproved'],
    [DEMO.SLDCApproverII, 'Approved'],
  ] as const) {
    const approver = await signedIn(browser, who);
    const p = approver.page;
    // An approver sees 'Result' for the processed invitation.
    await mainMenu(p).getByRole('link', { name: messages.menu.invitation, exact: true }).click();
    await expect(p.getByRole('link', { name: `Result: ${invitationNo}` })).toBeVisible();
    if (after === 'SLDCApproverIApproved') await snap(p, 'h8-list-approver');
    await mainMenu(p).getByRole('link', { name: messages.menu.advance, exact: true }).click();
    await p.getByRole('link', { name: 'Processing', exact: true }).click();
    await p.getByRole('button', { name: `Show the result of ${displayDate(processingDate)}` }).click();
    const result = p.getByRole('region', { name: `Result of ${displayDate(processingDate)}` });
    await result.getByRole('button', { name: new RegExp(`^Approve All \\(${monthLabel(date)}\\) · 3$`) }).click();
    await p.getByRole('dialog', { name: 'Approve all' }).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(p.getByText('3 application(s) approved', { exact: false })).toBeVisible();
    const rows = result.getByRole('table', { name: 'Applications of the run' }).getByRole('row');
    const withStatus = (status: 'SLDCApproverIApproved' | 'Approved' | 'PartiallyApproved') =>
      rows.filter({ has: p.getByRole('cell', { name: APPLICATION_STATUS_LABELS[status], exact: true }) });
    // Approver II: A and C got what they asked for, B a part of it.
    await expect(withStatus(after)).toHaveCount(after === 'Approved' ? 2 : 3);
    if (after === 'Approved') {
      await expect(withStatus('PartiallyApproved')).toHaveCount(1);
      await snap(p, 'h8-run-approved');
    }
    await approver.context.close();
  }

  // ---- each bidder sees its allocated quantum and applicable price ----
  for (const [bidder, app, name] of [
    [bidderA, appA, 'a'],
    [bidderB, appB, 'b'],
    [bidderT, appC, 'trader'],
  ] as const) {
    const p = bidder.page;
    const x = byApp.get(app.id)!;
    await p.goto('/e-bidding');
    await p.getByRole('tab', { name: T.titles.proposalsTab }).click();
    await p.getByRole('link', { name: `View: ${app.applicationNo}` }).click();
    await expect(p.getByText(`Allocated ${mw(x.allocated)} MW at ${formatRupeeRate(x.applicablePrice ?? 0, 'kWh')}.`)).toBeVisible();
    await snap(p, `h8-proposal-result-${name}`);
    await p.goBack();
    await p.getByRole('tab', { name: T.titles.proposalsTab }).click();
    await p.getByRole('link', { name: `Ebidding details of ${app.applicationNo}` }).click();
    await expect(p.getByRole('heading', { level: 1, name: T.titles.details })).toBeVisible();
    const details = p.getByRole('table', { name: 'E-bidding details' });
    const first = details.getByRole('row').nth(1);
    await expect(first).toContainText(mw(x.allocated));
    await expect(first).toContainText(x.applicablePrice!);
    await snap(p, `h8-details-${name}`);
    if (name === 'trader') await expectAccessible(p);
    if (name === 'a') await payPriceFromEbiddingPayments(request, p, app, sldcToken);
    await bidder.context.close();
  }

  // The processed invitation is Completed on the server.
  const invAfter = await apiCall<InvitationDetail>(request, sldcToken, 'GET', `/api/EBidding/GetById?Id=${invitationId}`);
  expect(invAfter.status.status).toBe('Completed');
});
