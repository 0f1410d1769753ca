import type { Page } from '@playwright/test';

import { istDate } from '@stoa/shared/common';
import { enPayments, messages } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { apiCall, apiToken, createUserWithPassword, DEMO, expectAccessible, logIn, snap } from './helpers';

/**
 * Issue 13, TDS configuration (decision 0040): a fresh OA applicant declares from the Payments menu
 * the TDS it deducts on a charge head, sees the declaration in force and cannot edit it, schedules
 * another one and edits that, and reads the SLDC account to pay into; the Admin sets the interest on late TDS deposit. Set-up: the user only.
 */

const t = enPayments.tds;
const ti = enPayments.tdsInterest;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** 'DD/MM/YYYY' keystrokes and the 'MMM DD, YYYY' display of the IST date `days` from today. */
function dateAhead(days: number) {
  const iso = istDate(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return { iso, keys: `${d}${m}${y}`, display: `${month} ${d}, ${y}` };
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an OA applicant declares TDS on a charge head from the Payments menu and the Admin sets the interest on late deposit', async ({
  page,
  browser,
  request,
}) => {
  const applicant = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Tara',
    lastName: 'Desai',
    entityType: 'BothEntity',
  });
  await logIn(page, applicant.userName, applicant.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.tdsConfig, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/tds-config$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByText(t.empty)).toBeVisible();
  await expectAccessible(page);

  // A declaration without its fields is refused in the dialog, every field named.
  await page.getByRole('button', { name: t.add }).click();
  const dialog = page.getByRole('dialog', { name: t.add });
  await dialog.getByRole('button', { name: enPayments.save }).click();
  await expect(dialog.getByText(messages.common.required(t.fields.head))).toBeVisible();
  await expect(dialog.getByText(messages.common.required(t.fields.section))).toBeVisible();
  await expect(dialog.getByText(messages.common.required(t.fields.effectiveFrom))).toBeVisible();

  // In force from today: 194J(b), 10 %; it cannot be edited.
  const today = dateAhead(0);
  await choose(page, dialog, t.fields.head, 'STU transmission charge');
  await choose(page, dialog, t.fields.section, t.sections['194J_B']);
  await dialog.getByRole('group', { name: t.fields.effectiveFrom }).click();
  await page.keyboard.type(today.keys);
  await dialog.getByRole('button', { name: enPayments.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('table', { name: t.title });
  const inForce = list.getByRole('row').filter({ hasText: today.display });
  await expect(inForce).toContainText('10.00%');
  await expect(inForce).toContainText(enPayments.states.CURRENT);
  await expect(inForce.getByRole('button')).toHaveCount(0);

  // From next month 194C (others), 2 %: upcoming, so it can be changed.
  const later = dateAhead(30);
  await page.getByRole('button', { name: t.add }).click();
  await choose(page, dialog, t.fields.head, 'STU transmission charge');
  await choose(page, dialog, t.fields.section, t.sections['194C_OTHER']);
  await dialog.getByRole('group', { name: t.fields.effectiveFrom }).click();
  await page.keyboard.type(later.keys);
  await dialog.getByRole('button', { name: enPayments.save }).click();
  await expect(page.getByText(t.saved).first()).toBeVisible();
  const upcoming = list.getByRole('row').filter({ hasText: later.display });
  await expect(upcoming).toContainText(enPayments.states.FUTURE);
  await upcoming.getByRole('button', { name: new RegExp(`^${t.edit}`) }).click();
  const edit = page.getByRole('dialog', { name: t.edit });
  await choose(page, edit, t.fields.section, t.sections['194J_A']);
  await edit.getByRole('button', { name: enPayments.save }).click();
  await expect(edit).toBeHidden();
  await expect(upcoming).toContainText(t.sections['194J_A'].split(' ')[0]!);
  await snap(page, 'tds-config');

  // Where to pay: the SLDC account in force, read-only, from the same menu.
  await mainMenu(page).getByRole('link', { name: messages.menu.sldcBankDetails, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/bank-details$/);
  await expect(page.getByRole('heading', { level: 1, name: enPayments.bank.title })).toBeVisible();
  const account = page.getByRole('region', { name: 'State Bank of India' });
  await expect(account).toContainText(enPayments.bank.current);
  await expect(account).toContainText('SBIN0001234');
  await expect(page.getByRole('region', { name: enPayments.bank.modes })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'sldc-bank-details');

  // The server agrees: TDS is configured for this payer.
  const token = await apiToken(request, applicant.userName, applicant.password);
  expect(await apiCall<boolean>(request, token, 'GET', '/api/Configuration/Tds/IsTDSConfigured')).toBe(true);

  // The Admin sets the interest per month on TDS deposited late, from next month.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await logIn(adminPage, DEMO.Admin.userName, DEMO.Admin.password);
  await expect(adminPage).toHaveURL(/\/landing$/);
  await adminPage.goto('/payments/tds-interest');
  await expect(adminPage.getByRole('heading', { level: 1, name: ti.title })).toBeVisible();
  await adminPage.getByRole('button', { name: ti.add }).click();
  const rate = adminPage.getByRole('dialog', { name: ti.add });
  await rate.getByLabel(ti.fields.ratePercent, { exact: true }).fill('1.5');
  await rate.getByRole('group', { name: ti.fields.effectiveFrom }).click();
  await adminPage.keyboard.type(later.keys);
  await rate.getByRole('button', { name: enPayments.save }).click();
  await expect(adminPage.getByText(ti.saved)).toBeVisible();
  await expect(adminPage.getByRole('table', { name: ti.title }).getByRole('row').filter({ hasText: later.display })).toContainText('1.50');
  await snap(adminPage, 'tds-interest');
  await context.close();
});
