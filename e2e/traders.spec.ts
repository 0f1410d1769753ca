import { type APIRequestContext, type Page } from '@playwright/test';

import { enRegistrations, messages } from '@stoa/shared/messages';
import type { RegistrationRow } from '@stoa/shared/registrations';

import { expect, test } from './fixtures';
import { advanceRegistration, apiCall, apiToken, DEMO, expectAccessible, logIn, snap, submitRegistration } from './helpers';

/**
 * Trader management (issue 4): the OA applicant chooses its traders on 'Trader Details' and the
 * trader sees its approved applicants under Entities. The demo `trader` has an approved Trader
 * registration from the demo data.
 */

const T = enRegistrations.traders;
const DEMO_TRADER = 'Volt Power Traders Pvt Ltd';
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/**
 * The demo OA applicant's approved registration: the one the registrations journey approved when
 * it ran first, else one submitted and approved through the API here.
 */
async function approvedRegistrationOfApplicant(request: APIRequestContext): Promise<RegistrationRow> {
  const token = await apiToken(request, DEMO.OABusinessUser.userName, DEMO.OABusinessUser.password);
  const mine = async () =>
    (
      await apiCall<{ registrationList: RegistrationRow[] }>(
        request,
        token,
        'GET',
        '/api/Registration/GetBothEntityRegistrations?pageNumber=1&pageSize=100',
      )
    ).registrationList;
  let row = (await mine()).find((r) => r.status.status === 'Approved');
  if (!row) {
    const open = (await mine()).find(
      (r) =>
        !['Expired', 'Renewed'].includes(r.status.status) && !r.status.status.endsWith('Rejected') && !r.status.status.endsWith('Returned'),
    );
    const ref = open ? { id: open.id, entityType: open.entityType } : await submitRegistration(request, DEMO.OABusinessUser, 'BothEntity');
    await advanceRegistration(request, ref);
    row = (await mine()).find((r) => r.id === ref.id)!;
  }
  expect(row.status.status).toBe('Approved');
  return row;
}

test('the OA applicant adds its trader on Trader Details, and the trader sees the applicant under Entities', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const applicantRegistration = await approvedRegistrationOfApplicant(request);

  await logIn(page, DEMO.OABusinessUser.userName, DEMO.OABusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.traders, exact: true }).click();
  await expect(page).toHaveURL(/\/traders$/);
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await expect(page.getByText(T.empty)).toBeVisible();
  await expectAccessible(page);

  // Add without a trader: the field says it is required.
  const add = page.getByRole('button', { name: T.add, exact: true });
  await add.click();
  await expect(page.getByText(T.traderNameRequired)).toBeVisible();

  // The registered (approved) traders are offered; add the demo trader.
  const traderName = page.getByRole('combobox', { name: T.traderName });
  await traderName.click();
  await page.getByRole('option', { name: DEMO_TRADER, exact: true }).click();
  await expect(page.getByText(T.traderNameRequired)).toHaveCount(0);
  await add.click();
  await expect(page.getByText(T.added)).toBeVisible();
  const table = page.getByRole('table', { name: T.tableLabel });
  const row = table.getByRole('row').filter({ hasText: DEMO_TRADER });
  await expect(row).toContainText(/REG\/TR\/\d{4}\/\d{5}/);
  await expect(row).toContainText('CERC');
  await expect(row.getByRole('button', { name: T.deleteOf(DEMO_TRADER) })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'traders-1366');

  // The trader added is no longer offered (the API still refuses a trader added twice).
  await traderName.click();
  await expect(traderName).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option', { name: DEMO_TRADER, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(table.getByRole('row').filter({ hasText: DEMO_TRADER })).toHaveCount(1);

  // The demo trader sees the applicant (approved registration) under Entities.
  const context = await browser.newContext();
  const trader = await context.newPage();
  await logIn(trader, DEMO.Trader.userName, DEMO.Trader.password);
  await expect(trader).toHaveURL(/\/landing$/);
  await mainMenu(trader).getByRole('link', { name: messages.menu.entities, exact: true }).click();
  await expect(trader).toHaveURL(/\/entities$/);
  await expect(trader.getByRole('heading', { level: 1, name: T.entitiesTitle })).toBeVisible();
  const grid = trader.getByRole('grid', { name: T.gridLabel });
  const applicant = grid.getByRole('row').filter({ hasText: applicantRegistration.entityName });
  await expect(applicant).toContainText(applicantRegistration.registrationNo!);
  await expect(applicant).toContainText(enRegistrations.entityTypeLabels.BothEntity);
  await expectAccessible(trader);
  await snap(trader, 'entities-1366');
  await context.close();
});
