import { type Browser, type Page } from '@playwright/test';

import { adminCatalogs, messages, servicesCatalogs } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { apiToken, createUserWithPassword, DEMO, expectAccessible, logIn, snap } from './helpers';

const c = adminCatalogs.en.configuration;
const jobs = adminCatalogs.en.jobs;
const n = servicesCatalogs.en.notifications;
const BOTH = 'OA Applicant: Both Injecting and Drawee Entity';

/** A tiny but well-formed one-page PDF. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

async function signedIn(browser: Browser, who: { userName: string; password: string }, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await logIn(page, who.userName, who.password);
  await expect(page).toHaveURL(/\/landing$/);
  return { context, page };
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('the Admin uploads the manual of OA applicants with both entities, and the OA applicant downloads it from the user menu', async ({
  page,
  browser,
}) => {
  await logIn(page, DEMO.Admin.userName, DEMO.Admin.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.userManual }).click();
  await expect(page).toHaveURL(/\/configurations\/manual$/);
  await expect(page.getByRole('heading', { level: 1, name: c.manuals.title })).toBeVisible();
  const table = page.getByRole('table', { name: c.manuals.tableLabel });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expectAccessible(page);
  await snap(page, 'manual-1366');

  // The demo data already has a manual for every target: the Admin replaces it.
  await page.getByRole('button', { name: c.manuals.replaceOf(BOTH) }).click();
  const dialog = page.getByRole('dialog', { name: c.manuals.dialogTitle });
  await expect(dialog.getByText(BOTH)).toBeVisible();

  // Another kind of file is refused in the browser; a file that only pretends to be a PDF by the server.
  await dialog
    .getByLabel(c.manuals.choose)
    .setInputFiles({ name: 'manual.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK not a pdf') });
  await expect(dialog.getByRole('alert')).toHaveText(messages.files.invalidFile('pdf'));
  await dialog
    .getByLabel(c.manuals.chooseAnother)
    .setInputFiles({ name: 'renamed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, not a PDF') });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: c.manuals.upload, exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.files.invalidFile('pdf'));

  await dialog.getByLabel(c.manuals.chooseAnother).setInputFiles({ name: 'oa-both-manual.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('oa-both-manual.pdf')).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'manual-dialog-1366', { fullPage: false });
  await dialog.getByRole('button', { name: c.manuals.upload, exact: true }).click();
  await expect(page.getByText(c.manuals.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: BOTH });
  await expect(row).toContainText('oa-both-manual.pdf');
  await expect(row.getByRole('button', { name: c.manuals.replaceOf(BOTH) })).toBeVisible();

  // The OA applicant (entity type BothEntity) gets exactly that file from the user menu.
  const oa = await signedIn(browser, DEMO.OABusinessUser);
  await oa.page.getByRole('button', { name: messages.menu.userMenu }).click();
  const downloading = oa.page.waitForEvent('download');
  await oa.page.getByRole('menuitem', { name: messages.menu.downloadManual }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('oa-both-manual.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  await oa.context.close();
});

test('the Admin sees the recurring jobs of the portal', async ({ page }) => {
  await logIn(page, DEMO.Admin.userName, DEMO.Admin.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.hangfire }).click();
  await expect(page).toHaveURL(/\/hangfire$/);
  await expect(page.getByRole('heading', { level: 1, name: jobs.title })).toBeVisible();
  const table = page.getByRole('table', { name: jobs.tableLabel });
  await expect(table.getByRole('columnheader')).toHaveText([
    jobs.id,
    jobs.job,
    jobs.nextExecution,
    jobs.lastExecution,
    jobs.lastOutcome,
    jobs.created,
    jobs.actions,
  ]);
  for (const id of ['mail.deliver', 'captcha.purge', 'sessions.purge']) {
    const row = table.getByRole('row').filter({ hasText: id });
    await expect(row).toHaveCount(1);
    // Next execution and created as 'MMM DD, YYYY h:mm A' (IST).
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);
    await expect(row.getByRole('cell').nth(5)).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/);
  }
  await expectAccessible(page);
  await snap(page, 'hangfire-1366');
  await snap(page, 'hangfire-1366-viewport', { fullPage: false });
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/Jobs/GetRecurringJobs'));
  await page.getByRole('button', { name: jobs.refresh }).click();
  expect((await refreshed).ok()).toBe(true);
  await expect(table.getByRole('row').filter({ hasText: 'mail.deliver' })).toHaveCount(1);
});

test("a notification sent to a user appears in that user's open browser without a reload", async ({ browser, request }) => {
  // A new applicant: the demo one has registration notifications and dues from other journeys.
  const fresh = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Nisha',
    lastName: 'Bell',
    entityType: 'BothEntity',
  });
  const oa = await signedIn(browser, fresh);
  const page = oa.page;
  // The hub connects (access token as a sub-protocol) and confirms.
  const socket = await page.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/api/notify') });
  await socket.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"Connected"') });
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(n.bellLabel(0));
  // The applicant's dashboard shows their dues (none are raised yet).
  await expect(page.getByRole('region', { name: servicesCatalogs.en.dues.title }).getByText(servicesCatalogs.en.dues.none)).toBeVisible();
  await snap(page, 'landing-oa-1366');

  // The Admin marks the user a defaulter through the API: the service notifies the user.
  const token = await apiToken(request, DEMO.Admin.userName, DEMO.Admin.password);
  const auth = { Authorization: `Bearer ${token}` };
  const id = fresh.id;
  const broadcast = socket.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"BroadcastMessage"') });
  expect((await request.post(`/api/Admin/EnableDisableUserDefaulter/${id}`, { headers: auth })).ok()).toBe(true);
  await broadcast;

  await expect(bell).toHaveAccessibleName(n.bellLabel(1));
  await bell.click();
  const panel = page.getByRole('dialog', { name: messages.notifications.title });
  const list = panel.getByRole('list', { name: n.listLabel });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('marked your account as a defaulter');
  await expect(list).toContainText('just now');
  await expectAccessible(page);
  await snap(page, 'bell-panel-1366', { fullPage: false });

  // Clearing the flag notifies again; the open panel follows.
  expect((await request.post(`/api/Admin/EnableDisableUserDefaulter/${id}`, { headers: auth })).ok()).toBe(true);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('cleared the defaulter flag');
  await expect(page.getByRole('button', { name: n.bellLabel(2), includeHidden: true })).toBeAttached();

  await panel.getByRole('button', { name: messages.notifications.markAllRead }).click();
  await expect(panel.getByText(messages.notifications.empty)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName(n.bellLabel(0));
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await oa.context.close();
});

test("the bell says 'Notification Connection Error' while the hub cannot be reached, and reconnects", async ({ browser, request }) => {
  // A trader of its own: the demo trader may already hold notifications from other journeys.
  const trader = await createUserWithPassword(request, { role: 'Trader', firstName: 'Bell', lastName: 'Offline' });
  const context = await browser.newContext();
  let reachable = false;
  await context.routeWebSocket(/\/api\/notify$/, (ws) => {
    if (reachable) ws.connectToServer();
    else void ws.close({ code: 1011, reason: 'Hub unavailable' });
  });
  const page = await context.newPage();
  await logIn(page, trader.userName, trader.password);
  await expect(page).toHaveURL(/\/landing$/);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(n.bellLabelOffline(0));
  await bell.click();
  const panel = page.getByRole('dialog', { name: messages.notifications.title });
  await expect(panel.getByText(messages.notifications.connectionError)).toBeVisible();
  await expect(panel.getByText(messages.notifications.empty)).toBeVisible();
  await snap(page, 'bell-offline-1366', { fullPage: false });

  reachable = true;
  const reconnect = panel.getByRole('button', { name: n.reconnect });
  // The hub also retries on its own (back-off): on a busy machine it may reconnect, and the button
  // go, before the click lands. Only a button that is still there and cannot be clicked is a failure.
  await reconnect.click({ timeout: 5_000 }).catch(async (error: unknown) => {
    if ((await reconnect.count()) > 0) throw error;
  });
  await expect(panel.getByText(messages.notifications.connectionError)).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName(n.bellLabel(0));
  await context.close();
});

test('payment details: the Admin withdraws and offers a mode again', async ({ page }) => {
  await logIn(page, DEMO.Admin.userName, DEMO.Admin.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: messages.menu.paymentDetails }).click();
  await expect(page).toHaveURL(/\/configurations\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: c.payment.title })).toBeVisible();
  const neft = page.getByRole('switch', { name: c.payment.enabledOf('NEFT') });
  const wasOn = await neft.isChecked();
  await neft.click();
  await expect(page.getByText(wasOn ? c.payment.enabledOff('NEFT') : c.payment.enabledOn('NEFT'))).toBeVisible();
  await expect(neft).toBeChecked({ checked: !wasOn });

  await page.getByRole('button', { name: c.editOf('NEFT') }).click();
  const dialog = page.getByRole('dialog', { name: c.payment.editTitle('NEFT') });
  await dialog.getByRole('switch', { name: c.payment.offered }).setChecked(true);
  await dialog
    .getByLabel(c.payment.instructions)
    .fill('Pay by NEFT to the SLDC account under SLDC Bank Details; quote the application number.');
  await dialog.getByRole('button', { name: c.save }).click();
  await expect(page.getByText(c.payment.updated)).toBeVisible();
  await expect(neft).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'quote the application number' })).toHaveCount(1);
  await expectAccessible(page);
  await snap(page, 'payment-1366');
});

test('on a phone the lists become cards, and the dues card and the bell panel fit', async ({ browser, request }) => {
  const phone = { width: 390, height: 844 };
  const admin = await signedIn(browser, DEMO.Admin, phone);
  // On a phone the lists are cards, not tables that scroll sideways.
  for (const [path, name, list] of [
    ['/hangfire', 'hangfire', jobs.tableLabel],
    ['/configurations/payment', 'payment', c.payment.tableLabel],
    ['/configurations/manual', 'manual', c.manuals.tableLabel],
  ] as const) {
    await admin.page.goto(path);
    await expect(admin.page.getByRole('list', { name: list })).toBeVisible();
    await snap(admin.page, `${name}-390`);
  }
  await admin.page.getByRole('button', { name: c.manuals.replaceOf('Trader') }).click();
  const dialog = admin.page.getByRole('dialog', { name: c.manuals.dialogTitle });
  await dialog.getByLabel(c.manuals.choose).setInputFiles({ name: 'trader-manual.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('trader-manual.pdf')).toBeVisible();
  await snap(admin.page, 'manual-dialog-390', { fullPage: false });
  await admin.context.close();

  const fresh = await createUserWithPassword(request, {
    role: 'OABusinessUser',
    firstName: 'Nisha',
    lastName: 'Phone',
    entityType: 'BothEntity',
  });
  const oa = await signedIn(browser, fresh, phone);
  await expect(oa.page.getByText(servicesCatalogs.en.dues.none)).toBeVisible();
  await snap(oa.page, 'landing-oa-390');
  await oa.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(oa.page.getByRole('dialog', { name: messages.notifications.title }).getByText(messages.notifications.empty)).toBeVisible();
  await snap(oa.page, 'bell-panel-390', { fullPage: false });
  await oa.context.close();

  // The dues card with dues (no domain raises one yet: the list is answered here).
  const due = (i: number) => ({
    id: `00000000-0000-4000-8000-0000000d${String(i).padStart(4, '0')}`,
    head: i % 2 ? 'REGISTRATION_FEE' : 'APPLICATION_FEE',
    description: i % 2 ? `Registration fee of REG/2026/${100 + i}` : `Application fee of STOA/ADV/2026/${200 + i}`,
    recordType: 'Registration',
    recordId: '00000000-0000-4000-8000-000000000001',
    quantity: '1',
    rate: '10000',
    unit: 'INR',
    baseAmount: i % 2 ? 1_000_000 : 500_000,
    gstRatePercent: '18',
    gstAmount: i % 2 ? 180_000 : 90_000,
    totalAmount: i % 2 ? 1_180_000 : 590_000,
    dueDate: '2026-03-05',
    status: i === 1 ? 'PAID' : 'DUE',
    createdAt: '2026-03-01T10:00:00.000Z',
  });
  for (const viewport of [{ width: 1366, height: 768 }, phone]) {
    const context = await browser.newContext({ viewport });
    await context.route('**/api/Payment/GetDues**', (route) =>
      route.fulfill({ json: { isSuccessful: true, data: { dueList: Array.from({ length: 10 }, (_, i) => due(i + 1)), dataCount: 12 } } }),
    );
    const page = await context.newPage();
    await logIn(page, DEMO.OABusinessUser.userName, DEMO.OABusinessUser.password);
    await expect(page.getByText('Registration fee of REG/2026/101')).toBeVisible();
    await page.getByRole('region', { name: servicesCatalogs.en.dues.title }).scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await snap(page, `dues-${viewport.width}`, { fullPage: false });
    await context.close();
  }
});
