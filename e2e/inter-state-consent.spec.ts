import { type Page } from '@playwright/test';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import { enInterStateConsent, enInterState } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { apiCall, apiToken, DEMO, istDateIn, logIn, snap, typeDateInto } from './helpers';

/**
 * Consent for inter-state STOA transactions (issue 14, decision 0068): the SLDC has uploaded the
 * inter-state ATC margin of the demo seller's injection point (API); the seller applies in the browser for
 * the SLDC's consent to a 20 MW bilateral sale to Maharashtra; the SLDC business user forwards it (API);
 * Approver I consents for less in the browser (12 MW from 10:00 to 12:00); the seller sees it consented
 * for less with the consented schedule; Approver I then revokes it with a reason and the seller sees it
 * revoked (decision 0077).
 */

const C = enInterStateConsent;
const SELLER = { userName: 'oa.seller', password: 'Seller#Demo26' };
const POINT = 'Bhachau 220 kV';

test.use({ actionTimeout: 15_000 });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** A screenshot at the desktop viewport and one at a 390 px phone. */
async function snapBoth(page: Page, name: string) {
  await snap(page, name);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  await page.setViewportSize(size);
}

test('an applicant asks consent for a bilateral inter-state sale and the SLDC consents for less', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const day = istDateIn(2);

  // The SLDC business user uploads the inter-state margin of the seller's injection point for the day (400 MW a block).
  const sldcToken = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  const csv = ['Date,Element,' + ATC_BLOCK_HEADERS.join(','), [day, POINT, ...ATC_BLOCK_HEADERS.map(() => '400')].join(',')].join('\r\n');
  const file = await request.post('/api/File/Upload?formName=Atc', {
    headers: { authorization: `Bearer ${sldcToken}` },
    multipart: { uploadedFile: { name: 'inter-state-margin.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  });
  expect(file.ok(), await file.text()).toBe(true);
  await apiCall(request, sldcToken, 'POST', '/api/Atc/Upload/InterState', {
    fileId: ((await file.json()) as { data: { id: string } }).data.id,
    confirmNewElements: true,
  });

  // The applicant: Transactions → Standing Clearance of Inter-State Bilateral Transaction → Apply for Consent.
  await logIn(page, SELLER.userName, SELLER.password);
  await mainMenu(page).getByRole('link', { name: enInterState.standingClearance.titles.Bilateral, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  await page.getByRole('link', { name: 'Apply for Consent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: C.applyTitle })).toBeVisible();
  await page.getByRole('combobox', { name: /Entity \(registration\)/ }).click();
  await page.getByRole('option', { name: /Kutch Wind Power Ltd/ }).click();
  await page.getByRole('textbox', { name: /Counterparty State/ }).fill('Maharashtra');
  await page.getByRole('textbox', { name: /Counterparty Entity/ }).fill('MSEDCL');
  const row = page.getByRole('group', { name: 'Row 1' });
  await typeDateInto(page, row, 'From Date', day);
  await typeDateInto(page, row, 'To Date', day);
  await row.getByRole('textbox', { name: 'Requirement (MW)' }).fill('20');
  await expect(row.getByRole('textbox', { name: 'MWh' })).toHaveValue('480.00');
  await snapBoth(page, 'inter-state-consent-apply');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Consent applications' });
  await expect(grid.getByText(C.statusLabels.Submitted).first()).toBeVisible();
  await snapBoth(page, 'inter-state-consent-list-applicant');

  // The newest application of the seller; the SLDC business user forwards it (API set-up).
  const token = await apiToken(request, SELLER.userName, SELLER.password);
  const list = await apiCall<{ consentList: { id: string; applicationNo: string; version: number }[] }>(
    request,
    token,
    'GET',
    '/api/InterStateConsent/GetAll?pageNumber=1&pageSize=10',
  );
  const mine = list.consentList[0]!;
  await apiCall(request, sldcToken, 'POST', `/api/InterStateConsent/Forward/${mine.id}`, { version: mine.version, remarks: '' });
  const url = `/consent-for-inter-state-stoa-transactions/apply/${mine.id}`;

  // Approver I: the margin check, then consent for less: 12 MW from 10:00 to 12:00.
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await logIn(approver, DEMO.SLDCApproverI.userName, DEMO.SLDCApproverI.password);
  await expect(mainMenu(approver)).toBeVisible();
  await approver.goto('/consent-for-inter-state-stoa-transactions');
  await expect(approver.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  await expect(approver.getByText(mine.applicationNo).first()).toBeVisible();
  await approver.goto(url);
  await expect(approver.getByRole('heading', { level: 1, name: `${C.title}: ${mine.applicationNo}` })).toBeVisible();
  await expect(approver.getByRole('table', { name: 'SLDC Check: Inter-State Margin and Dues' })).toBeVisible();
  await approver.getByRole('button', { name: 'Add Row' }).click();
  const span = approver.getByRole('group', { name: 'Row 1' });
  await span.getByRole('combobox', { name: 'From Time' }).click();
  await approver.getByRole('option', { name: '10:00', exact: true }).click();
  await span.getByRole('combobox', { name: 'To Time' }).click();
  await approver.getByRole('option', { name: '12:00', exact: true }).click();
  await span.getByRole('textbox', { name: 'Consented (MW)' }).fill('12');
  await snapBoth(approver, 'inter-state-consent-decide');
  await approver.getByRole('button', { name: 'Consent', exact: true }).click();
  await expect(approver.getByText(C.statusLabels.PartiallyConsented, { exact: true })).toBeVisible();

  // The applicant sees it consented for less, and what was consented.
  await page.goto(url);
  await expect(page.getByText(C.statusLabels.PartiallyConsented, { exact: true })).toBeVisible();
  const granted = page.getByRole('table', { name: 'Consented Schedule' });
  await expect(granted.getByText('10:00 – 12:00')).toBeVisible();
  await expect(granted.getByText('12.00', { exact: true })).toBeVisible();
  await expect(granted.getByText('20.00', { exact: true }).first()).toBeVisible();
  await snapBoth(page, 'inter-state-consent-applicant-sees');

  // Approver I revokes it with a reason (decision 0077); the applicant then sees it revoked and why.
  await approver.getByRole('button', { name: 'Revoke', exact: true }).click();
  const dialog = approver.getByRole('dialog', { name: /Revoke Consent/ });
  await dialog.getByRole('textbox', { name: /Reason for revocation/ }).fill('Schedule not honoured');
  await snapBoth(approver, 'inter-state-consent-revoke');
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(approver.getByText(/Revoked on .*Reason: Schedule not honoured/)).toBeVisible();
  await approverContext.close();
  await page.reload();
  await expect(page.getByText(C.statusLabels.Revoked, { exact: true })).toBeVisible();
  await expect(page.getByText(/Reason: Schedule not honoured/)).toBeVisible();
});
