import { type Browser, type Page } from '@playwright/test';

import { adminCatalogs, messages } from '@stoa/shared/messages';
import { istDate } from '@stoa/shared/common';

import { expect, test } from './fixtures';
import { DEMO, expectAccessible, logIn, MAIL_API, verificationCodeFor } from './helpers';

const admin = adminCatalogs.en;
const u = admin.users;
const c = admin.configuration;

/** 'DD/MM/YYYY' keystrokes and the 'MMM DD, YYYY' display of the IST date `days` from today. */
function dateAhead(days: number) {
  const iso = istDate(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = iso.split('-') as [string, string, string];
  const month = new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return { iso, keys: `${d}${m}${y}`, display: `${month} ${d}, ${y}` };
}

async function mailsTo(email: string): Promise<number> {
  const res = await fetch(`${MAIL_API}/?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as unknown[]).length;
}

async function typeDate(page: Page, scope: ReturnType<Page['getByRole']>, label: string, keys: string) {
  await scope.getByRole('group', { name: label }).click();
  await page.keyboard.type(keys);
}

/** Sets the first password of a new user from the mailed code, in a browser of their own. */
async function userSetsPasswordAndLogsIn(browser: Browser, email: string, userName: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const code = await verificationCodeFor(email);
  await page.goto('/set-password');
  await page.getByLabel(messages.setPassword.email, { exact: true }).fill(email);
  await page.getByLabel(messages.setPassword.verificationCode, { exact: true }).fill(code);
  await page.getByLabel(messages.setPassword.newPassword, { exact: true }).fill(password);
  await page.getByLabel(messages.setPassword.confirmPassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: messages.common.submit, exact: true }).click();
  await expect(page.getByText(messages.setPassword.success)).toBeVisible();
  await logIn(page, userName, password);
  await expect(page).toHaveURL(/\/landing$/);
  return { page, code, context };
}

test('the Admin creates a DISCOM user with utility and zone, edits, disables, marks a defaulter and resets the password', async ({
  page,
  browser,
}) => {
  const n = Date.now().toString().slice(-6);
  const userName = `discom${n}`;
  const email = `discom${n}@example.com`;

  await logIn(page, DEMO.Admin.userName, DEMO.Admin.password);
  await expect(page).toHaveURL(/\/landing$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: messages.menu.userManagement }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: u.title })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: DEMO.Admin.userName, exact: true })).toBeVisible();
  await expectAccessible(page);

  // Create: the zone follows the chosen DISCOM utility.
  await page.getByRole('button', { name: u.addUser }).click();
  const dialog = page.getByRole('dialog', { name: u.createTitle });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: messages.roles.DISCOMBusinessUser }).click();
  await expect(dialog.getByRole('combobox', { name: 'Type of Entity' })).toHaveCount(0);
  await dialog.getByLabel('Contact Person User Name', { exact: true }).fill(userName);
  await dialog.getByLabel('Email ID', { exact: true }).fill(email);
  await dialog.getByLabel('First Name', { exact: true }).fill('Nita');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Desai');
  await dialog.getByLabel('Contact Number', { exact: true }).fill('9812345678');
  await dialog.getByLabel('Registered Address', { exact: true }).fill('Race Course Road, Vadodara');
  await dialog.getByRole('combobox', { name: 'Connected Utility' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Central Gujarat Vij Company Ltd',
    'Dakshin Gujarat Vij Company Ltd',
    'Uttar Gujarat Vij Company Ltd',
  ]);
  await page.getByRole('option', { name: 'Uttar Gujarat Vij Company Ltd' }).click();
  await expect(dialog.getByLabel('Zone', { exact: true })).toHaveValue('North Zone');
  await dialog.getByRole('button', { name: u.create }).click();
  await expect(page.getByText(u.added)).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second user with the same user name is refused on the field.
  await page.getByRole('button', { name: u.addUser }).click();
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: messages.roles.SLDCBusinessUser }).click();
  await dialog.getByLabel('Contact Person User Name', { exact: true }).fill(userName);
  await dialog.getByLabel('Email ID', { exact: true }).fill(`other${n}@example.com`);
  await dialog.getByLabel('First Name', { exact: true }).fill('Other');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Person');
  await dialog.getByLabel('Contact Number', { exact: true }).fill('9812345679');
  await dialog.getByLabel('PAN Card Number', { exact: true }).fill('AAAGS0000A');
  await dialog.getByLabel('Registered Address', { exact: true }).fill('Gandhinagar');
  await dialog.getByRole('button', { name: u.create }).click();
  await expect(dialog.getByText(messages.validation.duplicateUserName)).toBeVisible();
  await dialog.getByRole('button', { name: messages.common.cancel }).click();

  // The new user sets a password from the mailed code and signs in.
  const nita = await userSetsPasswordAndLogsIn(browser, email, userName, 'Nita#Pass2026');

  // Filter, view and edit.
  await page.getByLabel(u.userName, { exact: true }).fill(userName);
  await page.getByRole('button', { name: messages.common.submit, exact: true }).click();
  await expect(page.getByRole('gridcell', { name: userName, exact: true })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: DEMO.Admin.userName, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: u.viewUser('Nita Desai') }).click();
  const view = page.getByRole('dialog', { name: u.viewTitle });
  await expect(view.getByLabel('Zone', { exact: true })).toHaveValue('North Zone');
  await expect(view.getByLabel('First Name', { exact: true })).not.toBeEditable();
  await view.getByRole('button', { name: u.edit, exact: true }).click();
  const edit = page.getByRole('dialog', { name: u.editTitle });
  await expect(edit.getByLabel('Contact Person User Name', { exact: true })).toBeDisabled();
  await expect(edit.getByLabel('Email ID', { exact: true })).toBeDisabled();
  await expect(edit.getByLabel('Zone', { exact: true })).toBeDisabled();
  await edit.getByLabel('First Name', { exact: true }).fill('Nitaben');
  await edit.getByRole('button', { name: u.save }).click();
  await expect(page.getByText(u.updated)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('gridcell', { name: 'Nitaben', exact: true })).toBeVisible();

  // Disable: the user's session ends at once, and they cannot log in.
  const enabled = page.getByRole('switch', { name: u.enabledOf('Nitaben Desai') });
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(page.getByText(u.enabledOff('Nitaben Desai'))).toBeVisible();
  await expect(enabled).not.toBeChecked();
  await nita.page.goto('/profile');
  await expect(nita.page).toHaveURL(/\/login/);
  await logIn(nita.page, userName, 'Nita#Pass2026');
  await expect(nita.page.getByRole('alert')).toBeVisible();
  await expect(nita.page).toHaveURL(/\/login/);
  await nita.context.close();

  // Defaulter.
  const defaulter = page.getByRole('switch', { name: u.defaulterOf('Nitaben Desai') });
  await defaulter.click();
  await expect(page.getByText(u.defaulterOn('Nitaben Desai'))).toBeVisible();
  await expect(defaulter).toBeChecked();

  // Reset password: confirmation, then a new code is mailed.
  const before = await mailsTo(email);
  await page.getByRole('button', { name: u.resetOf('Nitaben Desai') }).click();
  const confirm = page.getByRole('dialog', { name: u.resetTitle });
  await expect(confirm.getByText(u.resetConfirm('Nitaben', 'Desai'))).toBeVisible();
  await confirm.getByRole('button', { name: u.resetButton }).click();
  await expect(page.getByText(u.resetDone)).toBeVisible();
  await expect.poll(() => mailsTo(email)).toBeGreaterThan(before);
  const code = await verificationCodeFor(email);
  expect(code).not.toBe(nita.code);

  // The list still shows the flags after a reload (they are stored).
  await page.reload();
  await page.getByLabel(u.userName, { exact: true }).fill(userName);
  await page.getByRole('button', { name: messages.common.submit, exact: true }).click();
  await expect(page.getByRole('switch', { name: u.enabledOf('Nitaben Desai') })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: u.defaulterOf('Nitaben Desai') })).toBeChecked();
});

test('the Admin schedules a fee change, sees it Scheduled, deletes it, and adds a holiday', async ({ page }) => {
  await logIn(page, DEMO.Admin.userName, DEMO.Admin.password);
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/configurations/fees');
  await expect(page.getByRole('heading', { name: c.charges.feesTitle, level: 1 })).toBeVisible();
  const values = page.getByRole('table', { name: c.charges.valuesOf('Application fee') });
  await expect(values.getByRole('row').filter({ hasText: '₹5,000.00' })).toContainText(c.states.CURRENT);
  await expectAccessible(page);

  const when = dateAhead(30);
  await page.getByRole('button', { name: c.charges.addValue('Application fee') }).click();
  const dialog = page.getByRole('dialog', { name: c.charges.addFee });
  await expect(dialog.getByRole('combobox', { name: c.charges.head })).toHaveText('Application fee');
  await dialog.getByLabel(c.charges.amount, { exact: true }).fill('5500');
  await dialog.getByLabel(c.charges.gst, { exact: true }).fill('18');
  await typeDate(page, dialog, c.effectiveFrom, when.keys);
  await dialog.getByRole('button', { name: c.save }).click();
  await expect(page.getByText(c.charges.added)).toBeVisible();
  const scheduled = values.getByRole('row').filter({ hasText: '₹5,500.00' });
  await expect(scheduled).toContainText(c.states.FUTURE);
  await expect(scheduled).toContainText(when.display);
  await expect(page.getByText(c.charges.nextChange(when.display))).toBeVisible();
  // The value in force is untouched until then.
  await expect(values.getByRole('row').filter({ hasText: '₹5,000.00' })).toContainText(c.states.CURRENT);

  // Only the scheduled value can be deleted.
  await expect(values.getByRole('row').filter({ hasText: '₹5,000.00' }).getByRole('button')).toHaveCount(0);
  await scheduled.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('dialog', { name: c.deleteTitle }).getByRole('button', { name: c.delete }).click();
  await expect(page.getByText(c.charges.deleted)).toBeVisible();
  await expect(values.getByRole('row').filter({ hasText: '₹5,500.00' })).toHaveCount(0);

  // Schedule it again: it stays Scheduled after a reload.
  await page.getByRole('button', { name: c.charges.addValue('Application fee') }).click();
  await dialog.getByLabel(c.charges.amount, { exact: true }).fill('5500');
  await dialog.getByLabel(c.charges.gst, { exact: true }).fill('18');
  await typeDate(page, dialog, c.effectiveFrom, when.keys);
  await dialog.getByRole('button', { name: c.save }).click();
  // The first 'added' toast may still be on screen, and the toaster does not stack a duplicate:
  // the closed dialog and the new row are the proof here.
  await expect(dialog).toBeHidden();
  await expect(values.getByRole('row').filter({ hasText: '₹5,500.00' })).toContainText(c.states.FUTURE);
  await page.reload();
  await expect(values.getByRole('row').filter({ hasText: '₹5,500.00' })).toContainText(c.states.FUTURE);

  // A holiday ahead.
  const holiday = dateAhead(40);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: messages.menu.holidays }).click();
  await expect(page).toHaveURL(/\/configurations\/holiday$/);
  await page.getByRole('button', { name: c.holidays.add }).click();
  const hd = page.getByRole('dialog', { name: c.holidays.add });
  await typeDate(page, hd, c.holidays.date, holiday.keys);
  await hd.getByLabel(c.holidays.description, { exact: true }).fill('E2E Foundation Day');
  await hd.getByRole('button', { name: c.save }).click();
  await expect(page.getByText(c.holidays.added)).toBeVisible();
  await expect(page.getByRole('combobox', { name: c.holidays.year })).toHaveText(holiday.iso.slice(0, 4));
  const row = page.getByRole('row').filter({ hasText: 'E2E Foundation Day' });
  await expect(row).toContainText(holiday.display);
  await expect(row).toContainText(c.holidays.upcoming);
});
