import { type Browser, type Locator, type Page } from '@playwright/test';

import { APPLICATION_STATUS_LABELS } from '@stoa/shared/applications';
import { enApplications, enForms, messages } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import {
  advanceRegistration,
  apiCall,
  apiToken,
  createUserWithPassword,
  DEMO,
  expectAccessible,
  istDateIn,
  logIn,
  snap,
  submitRegistration,
} from './helpers';

/**
 * STOA applications, the applicant's and the trader's side (issue 5): an OA applicant applies for a
 * Day-Ahead application in the browser (a bad schedule row shows the specification's message
 * first), and sees it in /applications/oa; its trader applies on its behalf, and the applicant
 * approves the request, which moves on to 'Pending SLDC verification'.
 *
 * The applicant is a fresh OA applicant with its own approved BothEntity registration (the seller)
 * and the buyer a fresh drawee's approved registration: the demo `oa.applicant` stays untouched,
 * because the registration and trader journeys expect it without a registration and without traders.
 * The applicant adds the demo trader (approved Trader registration) through the API.
 */

const A = enApplications;
const F = enForms;
const DEMO_TRADER = 'Volt Power Traders Pvt Ltd';

test.use({ actionTimeout: 15_000 });

type Who = { userName: string; password: string };

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function signedIn(browser: Browser, who: Who) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/landing$/);
  return { context, page };
}

/** 'DD/MM/YYYY' keystrokes of an ISO date. */
const dateKeys = (iso: string) => {
  const [y, m, d] = iso.split('-') as [string, string, string];
  return `${d}${m}${y}`;
};

async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(page.getByRole('option', { includeHidden: true })).toHaveCount(0);
}

async function typeDate(page: Page, scope: Page | Locator, label: string, iso: string) {
  const field = scope.getByRole('group', { name: label, exact: true });
  await field.click();
  await page.keyboard.type(dateKeys(iso));
  await expect(field.getByRole('spinbutton', { name: 'Year' })).toHaveText(iso.slice(0, 4));
  await page.keyboard.press('Tab');
}

async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

async function next(page: Page, title: string) {
  await page.getByRole('button', { name: F.next, exact: true }).click();
  await expectStep(page, title);
}

const row = (page: Page, n: number) => page.getByRole('group', { name: `${A.fields.scheduleList} ${n}`, exact: true });

async function fillRow(page: Page, n: number, date: string, from: string, to: string, mw: string) {
  const r = row(page, n);
  await typeDate(page, r, A.fields.oaFromDate, date);
  await typeDate(page, r, A.fields.oaToDate, date);
  await choose(page, r, A.fields.fromTimeBlock, from);
  await choose(page, r, A.fields.toTimeBlock, to);
  await r.getByLabel(A.fields.oaRequirement, { exact: true }).fill(mw);
}

/** Parties step: the seller and the buyer by entity name. */
async function chooseParties(page: Page, seller: string, buyer: string) {
  await expectStep(page, 'Parties');
  await choose(page, page, A.fields.sellerId, new RegExp(seller));
  await choose(page, page, A.fields.buyerId, new RegExp(buyer));
  await expect(page.getByRole('region', { name: 'Seller details' })).toContainText(seller);
  await expect(page.getByRole('region', { name: 'Buyer details' })).toContainText(buyer);
}

const statusChip = (page: Page, status: keyof typeof APPLICATION_STATUS_LABELS) =>
  page.getByText(APPLICATION_STATUS_LABELS[status], { exact: true }).first();

test('an OA applicant applies for Day-Ahead open access; its trader applies on its behalf and the applicant approves the request', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // ---- preconditions (API): the applicant's and the buyer's approved registrations, the trader association
  const applicant = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Anil',
    lastName: 'Desai',
    entityType: 'BothEntity',
  });
  const seller = await submitRegistration(request, applicant, 'BothEntity');
  await advanceRegistration(request, seller);
  const drawee = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Bina',
    lastName: 'Joshi',
    entityType: 'DraweeEntity',
  });
  const buyer = await submitRegistration(request, drawee, 'DraweeEntity');
  await advanceRegistration(request, buyer);
  const applicantToken = await apiToken(request, applicant.userName, applicant.password);
  const traders = await apiCall<{ id: string; description: string }[]>(
    request,
    applicantToken,
    'GET',
    '/api/TraderManagement/GetAllRegisteredTraders',
  );
  const demoTrader = traders.find((t) => t.description.includes(DEMO_TRADER));
  expect(demoTrader, 'the demo trader has an approved registration').toBeTruthy();
  await apiCall(request, applicantToken, 'POST', '/api/TraderManagement/TraderBasedOnUser/Add', {
    traderId: demoTrader!.id,
    entityName: demoTrader!.description,
  });

  // Day D = IST today + 2 is always inside the day-ahead window (D−3 00:00 … D−1 15:00).
  const day = istDateIn(2);

  // ---- 1. the applicant applies in the browser
  const { context, page } = await signedIn(browser, applicant);
  await mainMenu(page).getByRole('link', { name: messages.menu.applications, exact: true }).click();
  await expect(page).toHaveURL(/\/applications\/oa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByText('No applications found.')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'h1-list-empty');

  await page.getByRole('link', { name: `Apply: ${A.typeLabels.DayAhead}` }).click();
  await expect(page).toHaveURL(/\/applications\/oa\/DayAhead$/);
  await expect(page.getByRole('heading', { level: 1, name: `New ${A.typeLabels.DayAhead} application` })).toBeVisible();
  await chooseParties(page, seller.entityName, buyer.entityName);
  await expectAccessible(page);
  await snap(page, 'h1-form-parties');

  await next(page, 'Schedule');
  await fillRow(page, 1, day, '00:00', '06:00', '2');
  await expect(row(page, 1).getByLabel(A.fields.mwh, { exact: true })).toHaveValue('12.00');
  await page.getByRole('button', { name: 'Add schedule row' }).click();
  await fillRow(page, 2, day, '05:00', '07:00', '2');
  await expect(page.getByRole('region', { name: 'Remaining quantum' })).toBeVisible();
  await next(page, 'Remarks and Submit');
  await expect(page.getByText(/Application fee/)).toBeVisible();
  await page.getByRole('button', { name: F.submit, exact: true }).click();
  // The overlapping row is refused with the specification's message, on the schedule step.
  await expectStep(page, 'Schedule');
  await expect(row(page, 2).getByText(A.schedule.overlap)).toBeVisible();
  await snap(page, 'h1-form-overlap');
  await expectAccessible(page);

  // Row 2 moved after row 1: accepted.
  await choose(page, row(page, 2), A.fields.fromTimeBlock, '06:00');
  await choose(page, row(page, 2), A.fields.toTimeBlock, '08:00');
  await expect(row(page, 2).getByText(A.schedule.overlap)).toHaveCount(0);
  await next(page, 'Remarks and Submit');
  await page.getByLabel('Remarks', { exact: true }).fill('Day-ahead sale');
  await page.getByRole('button', { name: F.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/applications\/oa\/DayAhead\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Application STOA\/DA\/\d{4}\/\d{6}$/ });
  await expect(heading).toBeVisible();
  const ownNo = (await heading.textContent())!.replace('Application ', '');
  await expect(statusChip(page, 'Submitted')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Schedule' })).toContainText('16.00');
  await expect(page.getByRole('region', { name: 'Open access per block' })).toContainText('00:00–00:15');
  await expectAccessible(page);
  await snap(page, 'h1-detail');

  // It is in the list.
  await page.getByRole('link', { name: 'Back to applications' }).click();
  await expect(page).toHaveURL(/\/applications\/oa$/);
  const grid = page.getByRole('grid', { name: 'Applications' });
  await expect(grid.getByRole('row').filter({ hasText: ownNo })).toContainText(APPLICATION_STATUS_LABELS.Submitted);
  await snap(page, 'h1-list');

  // ---- 2. the trader applies on the applicant's behalf
  const trader = await signedIn(browser, DEMO.Trader);
  await trader.page.goto('/applications/oa');
  await expect(trader.page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await trader.page.getByRole('link', { name: `Apply: ${A.typeLabels.DayAhead}` }).click();
  await chooseParties(trader.page, seller.entityName, buyer.entityName);
  await next(trader.page, 'Schedule');
  await fillRow(trader.page, 1, day, '10:00', '12:00', '3');
  await next(trader.page, 'Remarks and Submit');
  await trader.page.getByRole('button', { name: F.submit, exact: true }).click();
  const traderHeading = trader.page.getByRole('heading', { level: 1, name: /^Application STOA\/DA\/\d{4}\/\d{6}$/ });
  await expect(traderHeading).toBeVisible();
  const requestNo = (await traderHeading.textContent())!.replace('Application ', '');
  await expect(statusChip(trader.page, 'PendingApplicantApproval')).toBeVisible();
  await snap(trader.page, 'h1-trader-detail');
  await trader.context.close();

  // ---- 3. the applicant sees the request and approves it
  await page.reload();
  const pending = page.getByRole('region', { name: /Trader requests pending your approval/ });
  await expect(pending).toContainText(requestNo);
  await snap(page, 'h1-list-pending');
  await expectAccessible(page);
  await pending.getByRole('link', { name: requestNo }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Application ${requestNo}` })).toBeVisible();
  await expect(statusChip(page, 'PendingApplicantApproval')).toBeVisible();
  await page.getByRole('button', { name: 'Approve request' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Remarks (optional)').fill('Agreed');
  await dialog.getByRole('button', { name: 'Approve request' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Request ${requestNo} approved; it is now pending SLDC verification.`)).toBeVisible();
  await expect(statusChip(page, 'Submitted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve request' })).toHaveCount(0);
  await snap(page, 'h1-approved');

  // On a phone: the list (cards) and the form's schedule rows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/applications/oa');
  await expect(page.getByText(requestNo).first()).toBeVisible();
  await snap(page, 'h1-phone-list');
  await page.goto('/applications/oa/DayAhead');
  await chooseParties(page, seller.entityName, buyer.entityName);
  await next(page, 'Schedule');
  await expect(row(page, 1)).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'h1-phone-form');
  await context.close();
});
