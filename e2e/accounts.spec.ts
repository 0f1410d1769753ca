import { menuForRole } from '@stoa/shared/navigation';
import { messages } from '@stoa/shared/messages';
import type { Role } from '@stoa/shared/account';

import { expect, test } from './fixtures';
import { DEMO, expectAccessible, logIn, verificationCodeFor } from './helpers';

test.describe('every demo role logs in through the login page', () => {
  for (const [role, creds] of Object.entries(DEMO) as [Role, { userName: string; password: string }][]) {
    test(`${role} sees the landing page and the menu of the role`, async ({ page }) => {
      await logIn(page, creds.userName, creds.password);
      await expect(page).toHaveURL(/\/landing$/);
      await expect(page.getByText(messages.roles[role], { exact: false }).first()).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      const expected = menuForRole(role).flatMap((s) => s.items.map((i) => i.label));
      // A section and its only item may share a label ('Registration'): at least one shows.
      for (const label of expected) await expect(nav.getByText(label, { exact: true }).first()).toBeVisible();
      // Entries whose pages are not built are never shown.
      await expect(nav.getByText(messages.menu.hangfire, { exact: true })).toHaveCount(expected.includes(messages.menu.hangfire) ? 1 : 0);
    });
  }
});

test('anonymous visitors are sent to the login page and come back after logging in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page);
  await page.getByLabel(messages.login.userName, { exact: true }).fill(DEMO.Trader.userName);
  await page.getByLabel(messages.login.password, { exact: true }).fill(DEMO.Trader.password);
  await expect(page.getByLabel(messages.login.captcha, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: messages.login.logIn, exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Signed-in users are kept off signed-out pages.
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
});

test('a wrong password shows the server message in an alert', async ({ page }) => {
  await logIn(page, DEMO.Admin.userName, 'Wrong#Pass123');
  await expect(page.getByRole('alert').filter({ hasText: messages.login.failed })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('unknown paths show the not-found page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(messages.common.notFound)).toBeVisible();
  await page.getByRole('link', { name: messages.common.goHome }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('pre-register, set the password from the mailed code, log in, change the password, log in again', async ({ page }) => {
  const n = Date.now().toString().slice(-6);
  const email = `e2e${n}@example.com`;
  const userName = `e2e${n}`;
  await page.goto('/pre-register');
  await expectAccessible(page);
  // Submitting without accepting the terms is refused with the spec's message.
  await page.getByRole('button', { name: messages.preRegister.submit, exact: true }).click();
  await expect(page.getByText(messages.preRegister.acceptRequired).first()).toBeVisible();

  await page.getByRole('radio', { name: messages.common.no }).check();
  await page.getByLabel(messages.preRegister.entityName, { exact: true }).fill(`E2E Industries ${n}`);
  await page.getByLabel(messages.preRegister.entityType, { exact: true }).click();
  await page.getByRole('option', { name: messages.entityTypes.DraweeEntity }).click();
  await page.getByLabel(messages.preRegister.registeredAddress, { exact: true }).fill('Plot 4, GIDC, Ankleshwar');
  await page.getByRole('group', { name: messages.preRegister.dateOfIncorporation }).click();
  await page.keyboard.type('15062011');
  await page.getByLabel(messages.preRegister.panCardNumber, { exact: true }).fill(`EEEPA${n.slice(-4)}K`);
  await page.getByLabel(messages.preRegister.firstName, { exact: true }).fill('Esha');
  await page.getByLabel(messages.preRegister.lastName, { exact: true }).fill('Trivedi');
  await page.getByLabel(messages.preRegister.email, { exact: true }).fill(email);
  await page.getByLabel(messages.preRegister.userName, { exact: true }).fill(userName);
  await page.getByLabel(messages.preRegister.contactNumber, { exact: true }).fill('9812345678');
  await page.getByLabel(messages.preRegister.acceptTerms).check();
  await page.getByLabel(messages.preRegister.acceptContractDemandTerms).check();
  await page.getByLabel(messages.preRegister.acceptDedicatedFeederTerms).check();
  await page.getByRole('button', { name: messages.preRegister.submit, exact: true }).click();
  await expect(page.getByText(messages.preRegister.success)).toBeVisible();
  await expect(page).toHaveURL(/\/set-password$/);

  const code = await verificationCodeFor(email);
  await expect(page.getByLabel(messages.setPassword.email, { exact: true })).toHaveValue(email);
  await page.getByLabel(messages.setPassword.verificationCode, { exact: true }).fill(code);
  await page.getByLabel(messages.setPassword.newPassword, { exact: true }).fill('First#Pass2026');
  await page.getByLabel(messages.setPassword.confirmPassword, { exact: true }).fill('First#Pass2027');
  await expect(page.getByText(messages.password.mismatch)).toBeVisible();
  await page.getByLabel(messages.setPassword.confirmPassword, { exact: true }).fill('First#Pass2026');
  await page.getByRole('button', { name: messages.common.submit, exact: true }).click();
  await expect(page.getByText(messages.setPassword.success)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, userName, 'First#Pass2026');
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/change-password');
  await page.getByLabel(messages.changePassword.currentPassword, { exact: true }).fill('First#Pass2026');
  await page.getByLabel(messages.changePassword.newPassword, { exact: true }).fill('Second#Pass2026');
  await page.getByLabel(messages.changePassword.confirmPassword, { exact: true }).fill('Second#Pass2026');
  await page.getByRole('button', { name: messages.common.submit, exact: true }).click();
  await expect(page.getByText(messages.changePassword.success)).toBeVisible();

  await page.getByRole('button', { name: messages.menu.userMenu }).click();
  await page.getByRole('menuitem', { name: messages.menu.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, userName, 'First#Pass2026');
  await expect(page.getByRole('alert').filter({ hasText: messages.login.failed })).toBeVisible();
  await logIn(page, userName, 'Second#Pass2026');
  await expect(page).toHaveURL(/\/landing$/);
});

test('the profile is read-only until Edit, and Save updates it', async ({ page }) => {
  await logIn(page, DEMO.OABusinessUser.userName, DEMO.OABusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/profile');
  const first = page.getByLabel(messages.profile.firstName, { exact: true });
  await expect(first).toBeVisible();
  await expect(first).not.toBeEditable();
  await expectAccessible(page);
  await page.getByRole('button', { name: messages.profile.edit, exact: true }).click();
  await expect(first).toBeEditable();
  await expect(page.getByLabel(messages.profile.userName, { exact: true })).not.toBeEditable();
  await expect(page.getByLabel(messages.profile.email, { exact: true })).not.toBeEditable();
  await page.getByLabel(messages.profile.contactNumber, { exact: true }).fill('12345');
  await page.getByRole('button', { name: messages.profile.save, exact: true }).click();
  await expect(page.getByText(messages.profile.contactNumberLength)).toBeVisible();
  await page.getByLabel(messages.profile.contactNumber, { exact: true }).fill('9123456780');
  await first.fill('Ravindra');
  await page.getByRole('button', { name: messages.profile.save, exact: true }).click();
  await expect(page.getByText(messages.profile.success)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(messages.profile.firstName, { exact: true })).toHaveValue('Ravindra');
});

test('the idle prompt appears and signs the user out', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('stoa.idleTimeoutMs', '3000');
    localStorage.setItem('stoa.idlePromptMs', '4000');
  });
  await logIn(page, DEMO.SLDCApproverI.userName, DEMO.SLDCApproverI.password);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText(messages.session.idleTitle)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: messages.session.stay })).toBeVisible();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
});
