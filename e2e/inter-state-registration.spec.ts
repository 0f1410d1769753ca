import { type Page } from '@playwright/test';

import { enInterStateRegistration } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { apiCall, apiToken, DEMO, FIXTURE_FILES, logIn, snap } from './helpers';

/**
 * Inter-state registration (issue 14, decision 0076): the demo buyer (Shreeji Ceramics, a drawee embedded in
 * Central Gujarat Vij Company Ltd) fills the four-step form in the browser and submits it; the SLDC business
 * user verifies and forwards it (API); the DISCOM user of that DISCOM consents in the browser; Approver I
 * approves it (API); the buyer sees it Approved with its number and downloads the detail PDF.
 */

const T = enInterStateRegistration;
const BUYER = { userName: 'oa.buyer', password: 'Buyer#Demo26' };

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

test('an embedded consumer registers for inter-state, the SLDC verifies, its DISCOM consents and an approver approves', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);

  // The buyer: Registration → Inter-State Registration → Register for Inter-State.
  await logIn(page, BUYER.userName, BUYER.password);
  await mainMenu(page).getByRole('link', { name: T.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await expect(page.getByText(T.emptyOwner)).toBeVisible();
  await snapBoth(page, 'inter-state-registration-list-empty');
  await page.getByRole('link', { name: T.newButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.newTitle })).toBeVisible();

  // Step 1: the entity and the DISCOM it is embedded in.
  await page.getByRole('combobox', { name: /Registered Entity/ }).click();
  await page.getByRole('option', { name: /Shreeji Ceramics Ltd/ }).click();
  await expect(page.getByRole('radio', { name: /Central Gujarat Vij Company Ltd/ })).toBeChecked();
  await snapBoth(page, 'inter-state-registration-form-entity');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 2: participation.
  await page.getByRole('combobox', { name: /Region/ }).click();
  await page.getByRole('option', { name: T.regionLabels.WR }).click();
  await page.getByRole('textbox', { name: /NOAR Registration No/ }).fill('NOAR/WR/2026/0217');
  await page.getByRole('spinbutton', { name: /Inter-State Quantum/ }).fill('10');
  await page.getByRole('checkbox', { name: T.transactionLabels.PowerExchange }).check();
  await snapBoth(page, 'inter-state-registration-form-participation');
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 3: metering and accounting.
  await page.getByRole('textbox', { name: /Main Interface Meter No/ }).fill('GJ-MRB-0066');
  await page.getByRole('checkbox', { name: /ABT-compliant interface meters/ }).check();
  await page.getByRole('checkbox', { name: /state energy accounting/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 4: documents, uploaded with progress.
  await page.getByLabel(T.fields.noarCertificateFileId, { exact: true }).setInputFiles(FIXTURE_FILES.pdf);
  await page.getByLabel(T.fields.meterCertificateFileId, { exact: true }).setInputFiles(FIXTURE_FILES.pdf);
  await expect(page.getByText(/Uploaded:/)).toHaveCount(2);
  await snapBoth(page, 'inter-state-registration-form-documents');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${T.formTitle}: Shreeji Ceramics Ltd` })).toBeVisible();
  await expect(page.getByText(T.statusLabels.Submitted).first()).toBeVisible();
  const id = page.url().split('/').at(-1)!;
  expect(page.url()).toContain(`/DISCOM/${id}`);

  // The SLDC business user verifies and forwards it (API set-up).
  const sldc = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  const seen = await apiCall<{ version: number }>(request, sldc, 'GET', `/api/InterState/GetRegistration/${id}`);
  await apiCall(request, sldc, 'POST', `/api/InterState/ApproveAndForward/${id}`, { version: seen.version, remarks: 'Meters verified' });

  // The DISCOM user: Inter-state → Inter-State Registration → the record → Approve.
  const discomContext = await browser.newContext();
  const discom = await discomContext.newPage();
  await logIn(discom, DEMO.DISCOMBusinessUser.userName, DEMO.DISCOMBusinessUser.password);
  await mainMenu(discom).getByRole('link', { name: T.title, exact: true }).click();
  const grid = discom.getByRole('grid', { name: 'Inter-state registrations' });
  await expect(grid.getByText(T.statusLabels.PendingDISCOMApproval).first()).toBeVisible();
  await snapBoth(discom, 'inter-state-registration-list-discom');
  await discom.goto(`/DISCOM/${id}`);
  await expect(discom.getByRole('heading', { level: 1, name: `${T.formTitle}: Shreeji Ceramics Ltd` })).toBeVisible();
  await snapBoth(discom, 'inter-state-registration-detail-discom');
  await discom.getByRole('button', { name: 'Approve', exact: true }).click();
  await discom.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(discom.getByText(T.statusLabels.PendingSLDCApproval).first()).toBeVisible();
  await discomContext.close();

  // Approver I approves (API); the buyer sees the number and downloads the PDF.
  const approver = await apiToken(request, DEMO.SLDCApproverI.userName, DEMO.SLDCApproverI.password);
  const pending = await apiCall<{ version: number }>(request, approver, 'GET', `/api/InterState/GetRegistration/${id}`);
  const approved = await apiCall<{ interStateRegistrationNo: string }>(request, approver, 'POST', `/api/InterState/Approve/${id}`, {
    version: pending.version,
    remarks: '',
  });
  expect(approved.interStateRegistrationNo).toMatch(/^ISR\/\d{4}\/\d{5}$/);
  await page.reload();
  await expect(page.getByText(approved.interStateRegistrationNo).first()).toBeVisible();
  await expect(page.getByText(T.statusLabels.Approved).first()).toBeVisible();
  await snapBoth(page, 'inter-state-registration-detail-approved');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: T.actions.downloadPdf }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inter-state-registration-ISR-\d{4}-\d{5}\.pdf$/);
  const bytes = await file.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
