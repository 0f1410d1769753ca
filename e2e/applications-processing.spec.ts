import { type Browser, type Page } from '@playwright/test';

import { APPLICATION_STATUS_LABELS } from '@stoa/shared/applications';
import { enApplications, messages } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import {
  acceptViaApi,
  applicantWithParties,
  applyViaApi,
  type Credentials,
  freeProcessingDate,
  processViaApi,
  seedIntraStateMargin,
} from './application-helpers';
import { DEMO, expectAccessible, logIn, snap, typeDateInto, uniqueSuffix } from './helpers';

/**
 * STOA applications, the SLDC side (issue 5): two Day-Ahead applications of different applicants
 * share the seller's injection substation, whose margin (3 MW) is below their sum (4 + 2 MW).
 * Set up through the API (parties, margin, the two applications); then in the browser the SLDC
 * business user accepts both, processes the Day-Ahead batch of that date and sees both Partially
 * Approved with the pro-rata share (2 and 1 MW, 50 %); Approver I and Approver II approve the run
 * (ApproveAll); the applicant sees 'Partially Approved' and the MW granted per block. Before processing
 * the business user previews the pro-rata shares (AllocateProRata); after it, allocating the margin
 * left answers that nothing is left; the applicant downloads the blocks as a workbook.
 */

test.use({ actionTimeout: 15_000 });

const A = enApplications;
const shot = (page: Page, name: string) => snap(page, `h2-${name}`);
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** 'MMM DD, YYYY' as the pages show an ISO date. */
const displayDate = (iso: string) => {
  const [y, , d] = iso.split('-') as [string, string, string];
  return `${new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d}, ${y}`;
};
const monthLabel = (iso: string) =>
  `${new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${iso.slice(0, 4)}`;

async function signedIn(browser: Browser, who: Credentials) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/landing$/);
  return { context, page };
}

/** The SLDC business user opens an application from the Day Ahead list and accepts it. */
async function acceptFromList(page: Page, applicationNo: string, name: string) {
  await mainMenu(page).getByRole('link', { name: messages.menu.dayAhead, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Day Ahead Applications' })).toBeVisible();
  await page.getByLabel('Application No.', { exact: true }).fill(applicationNo);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Applications: Day Ahead' });
  const row = grid.getByRole('row').filter({ hasText: applicationNo });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(APPLICATION_STATUS_LABELS.Submitted, { exact: true })).toBeVisible();
  // Nobody paid the fee: flagged on the list and the page; the journeys' rule is off (e2e/server.ts), so Accept goes through.
  await expect(row.getByText('Fee unpaid', { exact: true })).toBeVisible();
  if (name === 'first') await shot(page, 'list');
  // A click on the row (not on its link) opens the application.
  await row.getByRole('gridcell').nth(2).click();
  await expect(page.getByRole('heading', { level: 1, name: applicationNo })).toBeVisible();
  await expect(page.getByText('Fee unpaid', { exact: true })).toBeVisible();

  // Alone on its path, the first (4 MW) is short of the 3 MW margin in every block; the second (2 MW) is not.
  const check = page.getByRole('region', { name: 'STOA Check' });
  if (name === 'first') {
    await expect(check.getByText(/^\d+ blocks short of margin$/)).toBeVisible();
    await expect(check.locator('tr[data-short="true"]').first()).toBeVisible();
  } else {
    await expect(check.getByText('The margin covers every requested block.')).toBeVisible();
    await expect(check.locator('tr[data-short="true"]')).toHaveCount(0);
  }
  if (name === 'first') {
    await shot(page, 'detail');
    await expectAccessible(page);
  }

  const actions = page.getByRole('region', { name: 'Workflow Actions' });
  await actions.getByRole('button', { name: A.actionLabels.Forward, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept application' });
  await dialog.getByRole('textbox', { name: 'Remarks' }).fill('Documents in order.');
  if (name === 'first') await shot(page, 'accept-dialog');
  await dialog.getByRole('button', { name: A.actionLabels.Forward, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(actions.getByText('No action is pending from you on this application.')).toBeVisible();
  await expect(page.getByText(APPLICATION_STATUS_LABELS.PendingSTOAApproval, { exact: true }).first()).toBeVisible();
}

/** An approver opens the run's result from the processing screen and approves its month (ApproveAll). */
async function approveRun(browser: Browser, who: Credentials, date: string, expected: string, name: string) {
  const { context, page } = await signedIn(browser, who);
  await mainMenu(page).getByRole('link', { name: messages.menu.dayAhead, exact: true }).click();
  await page.getByRole('link', { name: 'Processing', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Day Ahead Processing' })).toBeVisible();
  // Approvers do not process.
  await expect(page.getByRole('button', { name: 'Process', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: `Show the result of ${displayDate(date)}` }).click();
  const result = page.getByRole('region', { name: `Result of ${displayDate(date)}` });
  const approveAll = result.getByRole('button', { name: new RegExp(`^Approve All \\(${monthLabel(date)}\\) · \\d+$`) });
  await expect(approveAll).toBeEnabled();
  await approveAll.click();
  const dialog = page.getByRole('dialog', { name: 'Approve all' });
  await dialog.getByRole('button', { name: A.actionLabels.Approve, exact: true }).click();
  await expect(page.getByText(/application\(s\) approved/)).toBeVisible();
  const rows = result.getByRole('table', { name: 'Applications of the run' }).getByRole('row');
  await expect(rows.filter({ hasText: expected })).toHaveCount(2);
  await shot(page, name);
  await context.close();
}

test('the SLDC accepts two Day-Ahead applications, processes them pro-rata and the approvers approve the run', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // ---- Set-up through the API ----
  const free = await freeProcessingDate(request, 'DayAhead');
  expect(free, 'a Day-Ahead date open now (a new run or a follow-up batch)').not.toBeNull();
  const date = free!.date;
  const shared = `E2E Shared ${uniqueSuffix()} 220 kV`;
  const [first, second] = await Promise.all([
    applicantWithParties(request, { injectionSubstation: shared }),
    applicantWithParties(request, { injectionSubstation: shared }),
  ]);
  // 3 MW on the shared element, plenty on each buyer's drawal substation.
  await seedIntraStateMargin(request, { dates: date, elements: shared, mw: 3 });
  await seedIntraStateMargin(request, { dates: date, elements: [first.buyer.substation, second.buyer.substation], mw: 100 });
  const from = free!.earliestStart > '10:00' ? free!.earliestStart : '10:00';
  const app1 = await applyViaApi(request, first.applicant, {
    type: 'DayAhead',
    sellerId: first.seller.id,
    buyerId: first.buyer.id,
    date,
    from,
    mw: 4,
  });
  const app2 = await applyViaApi(request, second.applicant, {
    type: 'DayAhead',
    sellerId: second.seller.id,
    buyerId: second.buyer.id,
    date,
    from,
    mw: 2,
  });
  expect([app1.status, app2.status]).toEqual(['Submitted', 'Submitted']);

  // ---- The SLDC business user accepts both in the browser ----
  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  // The menu's Contingency entry: one tab per contingency type, the entry stays highlighted.
  await mainMenu(page).getByRole('link', { name: messages.menu.contingency, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contingency Applications' })).toBeVisible();
  await page.getByRole('tab', { name: 'Same Day' }).click();
  await expect(page.getByRole('tab', { name: 'Same Day' })).toHaveAttribute('aria-selected', 'true');
  await expect(mainMenu(page).getByRole('link', { name: messages.menu.contingency, exact: true })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'contingency');
  await acceptFromList(page, app1.applicationNo, 'first');
  await acceptFromList(page, app2.applicationNo, 'second');

  // ---- … and processes the Day-Ahead batch of that date ----
  await mainMenu(page).getByRole('link', { name: messages.menu.dayAhead, exact: true }).click();
  await page.getByRole('link', { name: 'Processing', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Day Ahead Processing' })).toBeVisible();
  await typeDateInto(page, page, /^Processing Date/, date);
  const blocks = 96 - (Number(from.slice(0, 2)) * 4 + Number(from.slice(3, 5)) / 15);
  const mwh = (mw: number) => ((mw * blocks) / 4).toFixed(2);

  // A dry run first (AllocateProRata): the pro-rata shares the batch would get, nothing saved.
  await page.getByRole('button', { name: 'Preview pro-rata', exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Pro-rata preview: Day Ahead, ${displayDate(date)}` });
  await expect(preview.getByText('This is a preview only: nothing is saved and no application changes.')).toBeVisible();
  const shares = preview.getByRole('table', { name: 'Pro-rata shares of the batch' });
  for (const [no, requested, granted] of [
    [app1.applicationNo, 4, 2],
    [app2.applicationNo, 2, 1],
  ] as const) {
    const row = shares.getByRole('row').filter({ hasText: no });
    await expect(row.getByRole('cell', { name: mwh(requested), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: mwh(granted), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Partially Approved (As per Margin Availability)', exact: true })).toBeVisible();
  }
  await shot(page, 'prorata-preview');
  await expectAccessible(page);
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: 'Process', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Process applications' });
  await expect(confirm.getByText(`Process the Day Ahead applications of ${displayDate(date)} against the available margin?`)).toBeVisible();
  await shot(page, 'process-confirm');
  await confirm.getByRole('button', { name: 'Process', exact: true }).click();

  const result = page.getByRole('region', { name: `Result of ${displayDate(date)}` });
  await expect(result.getByText('Run Status: Completed')).toBeVisible({ timeout: 30_000 });
  const items = result.getByRole('table', { name: 'Applications of the run' });
  const row1 = items.getByRole('row').filter({ hasText: app1.applicationNo });
  const row2 = items.getByRole('row').filter({ hasText: app2.applicationNo });
  for (const [row, requested, granted] of [
    [row1, 4, 2],
    [row2, 2, 1],
  ] as const) {
    await expect(row.getByRole('cell', { name: 'Partially Approved (As per Margin Availability)', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: mwh(requested), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: mwh(granted), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '50 %', exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: `Show the result of ${displayDate(date)}` })).toBeDisabled();
  await shot(page, 'processing-result');
  await expectAccessible(page);

  // The run took all 3 MW of the shared element: nothing is left to allocate (AllocateQuantumProRataBasis, 422).
  await result.getByRole('button', { name: 'Allocate remaining margin', exact: true }).click();
  const allocate = page.getByRole('dialog', { name: 'Allocate remaining margin' });
  await allocate.getByRole('button', { name: 'Allocate remaining margin', exact: true }).click();
  await expect(result.getByText(A.processing.nothingToAllocate)).toBeVisible();
  await shot(page, 'allocate-nothing');

  // ---- Approver I, then Approver II approve the run (ApproveAll) ----
  await approveRun(browser, DEMO.SLDCApproverI, date, APPLICATION_STATUS_LABELS.SLDCApproverIApproved, 'approver1');
  await approveRun(browser, DEMO.SLDCApproverII, date, APPLICATION_STATUS_LABELS.PartiallyApproved, 'approver2');

  // ---- The applicant sees Partially Approved and the MW granted per block ----
  const applicant = await signedIn(browser, first.applicant);
  await applicant.page.goto(`/applications/oa/DayAhead/${app1.id}`);
  await expect(applicant.page.getByText(APPLICATION_STATUS_LABELS.PartiallyApproved, { exact: true }).first()).toBeVisible();
  const perBlock = applicant.page.getByRole('region', { name: 'Open access per block' });
  await expect(perBlock).toBeVisible();
  const blockRow = perBlock
    .getByRole('row')
    .filter({ hasText: `${from}–` })
    .first();
  await expect(blockRow.getByRole('cell', { name: '4.00', exact: true })).toBeVisible();
  await expect(blockRow.getByRole('cell', { name: '2.00', exact: true })).toBeVisible();
  await shot(applicant.page, 'applicant');
  // … and downloads them as an Excel workbook (DownloadOpenAccessDetails).
  const downloading = applicant.page.waitForEvent('download');
  await perBlock.getByRole('button', { name: 'Download (Excel)', exact: true }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`open-access-${app1.applicationNo.replace(/[^A-Za-z0-9-]+/g, '-')}.xlsx`);
  await applicant.context.close();
});

test("the SLDC hands margin uploaded after a run to the run's short applications (AllocateQuantumProRataBasis)", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // ---- Set-up through the API: two applications short on a 3 MW element, processed ----
  const free = await freeProcessingDate(request, 'DayAhead');
  expect(free, 'a Day-Ahead date open now').not.toBeNull();
  const date = free!.date;
  const shared = `E2E Alloc ${uniqueSuffix()} 220 kV`;
  const [first, second] = await Promise.all([
    applicantWithParties(request, { injectionSubstation: shared }),
    applicantWithParties(request, { injectionSubstation: shared }),
  ]);
  await seedIntraStateMargin(request, { dates: date, elements: shared, mw: 3 });
  await seedIntraStateMargin(request, { dates: date, elements: [first.buyer.substation, second.buyer.substation], mw: 100 });
  const from = free!.earliestStart > '10:00' ? free!.earliestStart : '10:00';
  const app1 = await applyViaApi(request, first.applicant, {
    type: 'DayAhead',
    sellerId: first.seller.id,
    buyerId: first.buyer.id,
    date,
    from,
    mw: 4,
  });
  const app2 = await applyViaApi(request, second.applicant, {
    type: 'DayAhead',
    sellerId: second.seller.id,
    buyerId: second.buyer.id,
    date,
    from,
    mw: 2,
  });
  await acceptViaApi(request, app1);
  await acceptViaApi(request, app2);
  await processViaApi(request, 'DayAhead', date);
  // The element's margin is raised to 6 MW: 3 MW are left for the 2 + 1 MW still lacking.
  await seedIntraStateMargin(request, { dates: date, elements: shared, mw: 6 });
  const blocks = 96 - (Number(from.slice(0, 2)) * 4 + Number(from.slice(3, 5)) / 15);
  const mwh = (mw: number) => ((mw * blocks) / 4).toFixed(2);

  // ---- In the browser: allocate the margin left from the run's result ----
  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto(`/applications/sldc/DayAhead/processing?date=${date}`);
  const result = page.getByRole('region', { name: `Result of ${displayDate(date)}` });
  await result.getByRole('button', { name: 'Allocate remaining margin', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Allocate remaining margin' });
  await expect(
    dialog.getByText(
      `Share the margin left now on each element pro-rata among the Day Ahead applications of the run of ${displayDate(date)} that are still short of their request?`,
    ),
  ).toBeVisible();
  await shot(page, 'allocate-confirm');
  await dialog.getByRole('button', { name: 'Allocate remaining margin', exact: true }).click();
  await expect(dialog).toBeHidden();
  const allocated = result.getByRole('table', { name: 'Applications given more margin' });
  for (const [no, requested, before] of [
    [app1.applicationNo, 4, 2],
    [app2.applicationNo, 2, 1],
  ] as const) {
    const row = allocated.getByRole('row').filter({ hasText: no });
    await expect(row.getByRole('cell', { name: `${mwh(before)} → ${mwh(requested)}`, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Approved', exact: true })).toBeVisible();
    // The run's table follows.
    const item = result.getByRole('table', { name: 'Applications of the run' }).getByRole('row').filter({ hasText: no });
    await expect(item.getByRole('cell', { name: '100 %', exact: true })).toBeVisible();
  }
  await expect(result.getByText(`2 application(s) updated; ${mwh(3)} MWh allocated.`)).toBeVisible();
  await shot(page, 'allocate-result');
  await expectAccessible(page);
});
