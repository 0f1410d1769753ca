import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';

import { reportByName } from '@stoa/shared/reports';

import { applicantWithParties, applyViaApi, freeProcessingDate } from './application-helpers';
import { expect, test } from './fixtures';
import { DEMO, expectAccessible, logIn, snap } from './helpers';

/**
 * Issue 15, reports (decision 0066): an OA applicant with one Advance application submitted through
 * the API opens Pending Applications from the Reports menu, sees its row (and only its rows), exports
 * it to Excel and PDF and both files hold the row; the SLDC business user opens the same report and
 * finds the application among every applicant's. Set-up through the API helpers.
 */

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const pending = reportByName('pending-applications')!;

/** The text of every text-showing operator of a pdfkit PDF (hex strings in TJ arrays). */
const pdfText = (pdf: string) =>
  [...pdf.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map(([, array]) => Buffer.from([...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join(''), 'hex').toString('latin1'))
    .join(' ');

test('an applicant exports its pending application to Excel and PDF, and the SLDC finds it in Pending Applications', async ({
  page,
  browser,
  request,
}) => {
  const parties = await applicantWithParties(request);
  const free = await freeProcessingDate(request, 'Advance');
  expect(free, 'an Advance date open for applications').not.toBeNull();
  const app = await applyViaApi(request, parties.applicant, {
    type: 'Advance',
    sellerId: parties.seller.id,
    buyerId: parties.buyer.id,
    date: free!.date,
    from: free!.earliestStart > '10:00' ? free!.earliestStart : '10:00',
    mw: 4,
  });

  // The applicant: Reports → Pending Applications shows its one application.
  await logIn(page, parties.applicant.userName, parties.applicant.password);
  await expect(page).toHaveURL(/\/landing$/);
  await mainMenu(page).getByRole('link', { name: pending.label, exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/pending-applications$/);
  await expect(page.getByRole('heading', { level: 1, name: pending.label })).toBeVisible();
  const grid = page.getByRole('grid', { name: `${pending.label} rows` });
  await expect(grid.getByRole('row').filter({ hasText: app.applicationNo })).toContainText('Pending SLDC verification');
  await expect(grid.getByRole('row')).toHaveCount(2); // the header and its one application
  await snap(page, 'reports-pending-applications-applicant');
  await expectAccessible(page);

  // Excel: the report's title, its header row and the application.
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${pending.label} as Excel` }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^pending-applications-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getCell('A1').value).toBe(`State Load Dispatch Centre — ${pending.label}`);
  expect(sheet.getCell('A2').value).toBe('Filters: none');
  expect(sheet.getCell('A5').value).toBe('Application No.');
  expect(sheet.getCell('A6').value).toBe(app.applicationNo);
  expect(sheet.rowCount).toBe(6);

  // PDF: the SLDC's header, the time of generation and the application.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${pending.label} as PDF` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^pending-applications-\d{4}-\d{2}-\d{2}\.pdf$/);
  const raw = readFileSync(await pdf.path()).toString('latin1');
  expect(raw.startsWith('%PDF-')).toBe(true);
  const text = pdfText(raw);
  expect(text).toContain('State Load Dispatch Centre');
  expect(text).toContain(pending.label);
  expect(text).toMatch(/Generated on \d\d\/\d\d\/\d{4} \d\d:\d\d \(IST\)/);
  expect(text.replace(/\s+/g, '')).toContain(app.applicationNo);

  // At phone width the rows are cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: `${pending.label} rows` })).toContainText(app.applicationNo);
  await snap(page, 'reports-pending-applications-applicant-390');
  await expectAccessible(page);

  // The SLDC business user: the newest pending application first is this one.
  const sldcContext = await browser.newContext();
  const sp = await sldcContext.newPage();
  await logIn(sp, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await mainMenu(sp).getByRole('link', { name: pending.label, exact: true }).click();
  await expect(sp.getByRole('heading', { level: 1, name: pending.label })).toBeVisible();
  await sp.getByRole('combobox', { name: 'Sort by' }).click();
  await sp.getByRole('option', { name: 'Submitted on (descending)', exact: true }).click();
  await sp.getByRole('button', { name: 'Submit' }).click();
  const sldcGrid = sp.getByRole('grid', { name: `${pending.label} rows` });
  await expect(sldcGrid.getByRole('row').nth(1)).toContainText(app.applicationNo);
  await snap(sp, 'reports-pending-applications-sldc');
  await expectAccessible(sp);
  await sldcContext.close();
});
