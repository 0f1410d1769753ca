import { type Browser, type Page } from '@playwright/test';

import { enRevisions, messages } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { approvedApplication, type Credentials } from './application-helpers';
import { DEMO, expectAccessible, logIn, snap } from './helpers';

/**
 * Schedule revisions (issue 5): an application approved through the API (4 MW from 10:00 to 24:00
 * on a date ahead); in the browser the applicant requests a downward revision (2 MW from 10:00 to
 * 12:00 of that date) from 'Revision', the SLDC business user approves it from 'Requested
 * Revisions', and the applicant sees the schedule's new version (v1) and the difference per block.
 */

test.use({ actionTimeout: 15_000 });

const shot = (page: Page, name: string) => snap(page, `h3-${name}`);
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const displayDate = (iso: string) => {
  const [y, , d] = iso.split('-') as [string, string, string];
  return `${new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d}, ${y}`;
};

async function signedIn(browser: Browser, who: Credentials) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/landing$/);
  return { context, page };
}

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
}

test('the applicant requests a downward revision, the SLDC approves it, the applicant sees v1 and the difference', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { application, parties, date } = await approvedApplication(request, { mw: 4 });
  const applicantLogin = { userName: parties.applicant.userName, password: parties.applicant.password };

  // ---- the applicant requests ----
  const applicant = await signedIn(browser, applicantLogin);
  const page = applicant.page;
  await mainMenu(page).getByRole('link', { name: messages.menu.revision, exact: true }).click();
  await expect(page).toHaveURL(/\/revision\/oa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Revision' })).toBeVisible();
  await expect(page.getByText('No revisions yet.')).toBeVisible();
  await shot(page, 'oa-list-empty');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New revision' }).click();
  await pick(page, 'Application', new RegExp(application.applicationNo.replaceAll('/', '\\/')));
  await expect(page.getByText(/A revision requested now takes effect from \d\d:\d\d on/)).toBeVisible();
  const current = page.getByRole('table', { name: 'Current schedule (granted)' });
  await expect(current.getByRole('row').filter({ hasText: displayDate(date) })).toContainText('4.00');
  // An upward value is refused by the same rules the server applies.
  await pick(page, 'From Time', '10:00');
  await pick(page, 'To Time', '12:00');
  await page.getByRole('textbox', { name: 'Revised (MW)' }).fill('6');
  await page.getByRole('button', { name: 'Request revision' }).click();
  await expect(page.getByText(/Revised requirement : 6 is more than the current schedule : 4/)).toBeVisible();
  await shot(page, 'oa-new-upward');
  await page.getByRole('textbox', { name: 'Revised (MW)' }).fill('2');
  await page.getByRole('textbox', { name: 'Remarks' }).fill('Unit 2 outage');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Request revision' }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Revision REV\/\d{4}\/\d{6}$/ })).toBeVisible();
  const revisionNo = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Revision ', '');
  await expect(page.getByText(enRevisions.statusLabels.Requested).first()).toBeVisible();
  const proposed = page.getByRole('table', { name: 'Difference between v0 and v1 (proposed)' });
  await expect(proposed.getByRole('row').nth(1)).toContainText(['10:00 – 12:00', '4.00', '2.00', '-2.00'].join(''));
  await shot(page, 'oa-revision-requested');
  await expectAccessible(page);

  // ---- the SLDC approves ----
  const sldc = await signedIn(browser, DEMO.SLDCBusinessUser);
  const sp = sldc.page;
  await mainMenu(sp).getByRole('link', { name: messages.menu.requestedRevisions, exact: true }).click();
  await expect(sp.getByRole('heading', { level: 1, name: 'Requested Revisions' })).toBeVisible();
  await sp.getByLabel('Revision No.', { exact: true }).fill(revisionNo);
  await sp.getByRole('button', { name: 'Submit', exact: true }).click();
  const row = sp.getByRole('grid', { name: 'Revisions' }).getByRole('row').filter({ hasText: revisionNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(application.applicationNo);
  await shot(sp, 'sldc-list');
  await expectAccessible(sp);
  await row.getByRole('link', { name: revisionNo, exact: true }).click();
  await expect(sp.getByRole('heading', { level: 1, name: `Revision ${revisionNo}` })).toBeVisible();
  await shot(sp, 'sldc-revision');
  await sp.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = sp.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Remarks' }).fill('Approved for the outage');
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(sp.getByText('No action is pending from you on this revision.')).toBeVisible();
  await expect(sp.getByRole('table', { name: 'Version history of the schedule' }).getByRole('row')).toHaveCount(3);
  await shot(sp, 'sldc-approved');

  // ---- the applicant sees the new version and the difference ----
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Revision ${revisionNo}` })).toBeVisible();
  await expect(page.getByText(enRevisions.statusLabels.Approved, { exact: true }).first()).toBeVisible();
  const versions = page.getByRole('table', { name: 'Version history of the schedule' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(2)).toContainText(revisionNo);
  const diff = page.getByRole('table', { name: 'Difference between v0 and v1' });
  await expect(diff.getByRole('row').nth(1)).toContainText(['10:00 – 12:00', '4.00', '2.00', '-2.00'].join(''));
  await expect(page.getByText('Approved for the outage')).toBeVisible();
  await shot(page, 'oa-revision-approved');
  await expectAccessible(page);
  await mainMenu(page).getByRole('link', { name: messages.menu.revision, exact: true }).click();
  const mine = page.getByRole('grid', { name: 'Revisions' }).getByRole('row').filter({ hasText: revisionNo });
  await expect(mine).toContainText('v1');
  await shot(page, 'oa-list');

  await applicant.context.close();
  await sldc.context.close();
});
