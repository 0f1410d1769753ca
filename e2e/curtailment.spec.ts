import { type Page } from '@playwright/test';

import { enCurtailment } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { approvedApplication } from './application-helpers';
import { DEMO, expectAccessible, logIn, snap } from './helpers';

/**
 * Curtailment (issue 5, decision 0014): an application is approved through the API (5 MW from
 * 10:00 on its date, on a seller substation of its own); the SLDC business user curtails that
 * element by 2 MW from 10:00 to 12:00 in the browser — preview, then apply — and the applicant finds
 * the curtailment under Applied Curtailments with its schedule reduced to 3 MW in those blocks.
 */

const C = enCurtailment;

test.use({ actionTimeout: 15_000 });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** 'DD/MM/YYYY' of an ISO date. */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Sets a date field (DD/MM/YYYY sections of the date picker) inside `scope`. */
async function chooseDate(page: Page, label: string, iso: string) {
  const field = page.getByRole('dialog').getByRole('group', { name: label });
  await field.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso).replaceAll('/', ''));
  await expect(field.getByRole('spinbutton', { name: 'Year' })).toHaveText(iso.slice(0, 4));
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the SLDC curtails an element and the applicant sees its reduced schedule', async ({ page: sldcPage, browser, request }) => {
  let page = sldcPage;
  test.setTimeout(240_000);
  const approved = await approvedApplication(request, { mw: 5, types: ['DayAhead', 'FCFS', 'Advance'] });
  const { application, parties, date } = approved;
  expect(application.status).toBe('Approved');
  const element = parties.elements[0];

  // The SLDC business user: Transactions → Applied Curtailments → New Curtailment.
  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await mainMenu(page).getByRole('link', { name: C.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  await snap(page, 'curtailment-list-sldc');
  await page.getByRole('button', { name: 'New Curtailment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Curtailment' });
  await expect(dialog).toBeVisible();
  await chooseDate(page, C.fields.curtailmentDate, date);
  await choose(page, /Transmission Element/, element);
  await choose(page, /From Time/, '10:00');
  await choose(page, /To Time/, '12:00');
  await dialog.getByRole('textbox', { name: /^MW/ }).fill('2');
  await choose(page, /Cause/, C.causeLabels.TransmissionConstraint);
  await dialog.getByRole('textbox', { name: /Remarks/ }).fill('E2E: line outage on the injection side');
  await snap(page, 'curtailment-new-form');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByRole('heading', { name: 'Schedules to be curtailed' })).toBeVisible();
  // Only this application uses the element: all 2 MW from it, for 2 hours = 4 MWh.
  await expect(dialog.getByText(application.applicationNo)).toBeVisible();
  await expect(dialog.getByText(/Total curtailed: 4\.00 MWh/)).toBeVisible();
  await snap(page, 'curtailment-preview');
  await dialog.getByRole('button', { name: 'Curtail', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Curtailment CUR\/\d{4}\/\d{6}$/ })).toBeVisible();
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const curtailmentNo = heading.replace('Curtailment ', '');
  await expect(page.getByText(element).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Affected Applications (1)' })).toBeVisible();
  await snap(page, 'curtailment-detail-sldc');
  await expectAccessible(page);

  // Back on the list, the new curtailment is there.
  await page.getByRole('link', { name: 'Back to Applied Curtailments' }).click();
  await expect(page.getByRole('link', { name: `View curtailment ${curtailmentNo}` })).toBeVisible();
  await snap(page, 'curtailment-list-sldc-after');

  // The applicant: Applied Curtailments shows it with its share; the detail shows 5 → 3 MW.
  const context = await browser.newContext();
  page = await context.newPage();
  await logIn(page, parties.applicant.userName, parties.applicant.password);
  await mainMenu(page).getByRole('link', { name: C.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: C.title })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: curtailmentNo });
  await expect(row).toContainText('4.00');
  await expect(row).toContainText(element);
  await snap(page, 'curtailment-list-applicant');
  await expectAccessible(page);
  await page.getByRole('link', { name: `View curtailment ${curtailmentNo}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Curtailment ${curtailmentNo}` })).toBeVisible();
  // One application (its own, expanded): blocks 41–48 from 5.00 to 3.00 MW.
  const blocks = page.getByRole('table', { name: `Blocks of ${application.applicationNo}` });
  await expect(blocks.getByRole('row')).toHaveCount(9);
  await expect(blocks.getByRole('row').nth(1)).toContainText('41');
  await expect(blocks.getByRole('row').nth(1)).toContainText('5.00');
  await expect(blocks.getByRole('row').nth(1)).toContainText('3.00');
  await expect(blocks.getByRole('row').nth(1)).toContainText('2.00');
  await snap(page, 'curtailment-detail-applicant');
  await expectAccessible(page);
  await context.close();
});
