import type { Page } from '@playwright/test';

import { APPLICATION_STATUS_LABELS } from '@stoa/shared/applications';
import { enApplications } from '@stoa/shared/messages';

import { applicantWithParties, applyViaApi, freeProcessingDate } from './application-helpers';
import { expect, test } from './fixtures';
import { DEMO, expectAccessible, logIn, snap } from './helpers';

/**
 * Issue 15, role dashboards (decision 0075): an application submitted through the API shows on the
 * SLDC business user's 'Waiting for you' as one more Advance application pending verification; the
 * figure opens the Advance list filtered to that status, holding the application; the SLDC accepts it
 * there and, back on the dashboard, the figure is one less. Set-up through the API helpers.
 */

const figureName = /^(\d[\d,]*) Advance applications: Pending SLDC verification\. Open the list$/;

/** The count of the SLDC's 'Advance applications: Pending SLDC verification' figure (0 when it is not shown). */
async function pendingAdvance(page: Page): Promise<number> {
  const region = page.getByRole('region', { name: 'Waiting for you' });
  await expect(region.getByRole('status')).toHaveCount(0); // loaded
  const figure = region.getByRole('link', { name: figureName });
  if ((await figure.count()) === 0) return 0;
  const label = (await figure.getAttribute('aria-label')) ?? '';
  return Number(figureName.exec(label)![1]!.replaceAll(',', ''));
}

test('the SLDC follows a dashboard figure to the filtered list, accepts the application, and the figure drops by one', async ({
  page,
  request,
}) => {
  const parties = await applicantWithParties(request);
  const free = await freeProcessingDate(request, 'Advance');
  expect(free, 'an Advance date open for applications').not.toBeNull();

  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  const before = await pendingAdvance(page);

  const app = await applyViaApi(request, parties.applicant, {
    type: 'Advance',
    sellerId: parties.seller.id,
    buyerId: parties.buyer.id,
    date: free!.date,
    from: free!.earliestStart > '10:00' ? free!.earliestStart : '10:00',
    mw: 4,
  });
  await page.reload();
  await expect.poll(() => pendingAdvance(page)).toBe(before + 1);
  await snap(page, 'dashboard-sldc');
  await expectAccessible(page);

  // The figure opens the Advance list filtered to 'Pending SLDC verification', holding the application.
  await page.getByRole('region', { name: 'Waiting for you' }).getByRole('link', { name: figureName }).click();
  await expect(page).toHaveURL(/\/applications\/sldc\/Advance\?status=Submitted$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText(APPLICATION_STATUS_LABELS.Submitted);
  const grid = page.getByRole('grid', { name: 'Applications: Advance' });
  const row = grid.getByRole('row').filter({ hasText: app.applicationNo });
  await expect(row).toHaveCount(1);
  await expect(grid.getByRole('row').filter({ hasText: APPLICATION_STATUS_LABELS.PendingSTOAApproval })).toHaveCount(0);

  // Accept it there (the journeys' fee rule is off, e2e/server.ts).
  await row.getByRole('link', { name: app.applicationNo, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: app.applicationNo })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Workflow Actions' });
  await actions.getByRole('button', { name: enApplications.actionLabels.Forward, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept application' });
  await dialog.getByRole('textbox', { name: 'Remarks' }).fill('Documents in order.');
  await dialog.getByRole('button', { name: enApplications.actionLabels.Forward, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(actions.getByText('No action is pending from you on this application.')).toBeVisible();

  // Back on the dashboard the figure is one less.
  await page.getByRole('link', { name: 'STOA Portal, Dashboard' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect.poll(() => pendingAdvance(page)).toBe(before);
});
