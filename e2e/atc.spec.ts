import { type Locator, type Page } from '@playwright/test';

import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import { enAtc, messages } from '@stoa/shared/messages';

import { expect, test } from './fixtures';
import { DEMO, expectAccessible, istDateIn, logIn, uniqueSuffix } from './helpers';

/**
 * ATC margins (issue 5): the SLDC business user validates a bad margin file and sees every row
 * error with nothing to upload, then validates and uploads a good one for tomorrow, finds it in
 * the history and in View/Edit, and corrects one block there.
 */

const A = enAtc;
const U = A.upload;
const V = A.view;
const INTRA = A.modes.IntraState;

test.use({ actionTimeout: 15_000 });

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Opens an entry of the ATC menu. */
async function openAtcMenu(page: Page, label: string) {
  await mainMenu(page).getByRole('link', { name: label, exact: true }).click();
}

/** A CSV margin file: header Date, Element, 00:00 … 23:45, then one line per row. */
function csv(rows: { date: string; element: string; blocks: string[] }[]): Buffer {
  const lines = [['Date', 'Element', ...ATC_BLOCK_HEADERS].join(','), ...rows.map((r) => [r.date, r.element, ...r.blocks].join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const blocksOf = (value: (block: number) => string) => Array.from({ length: 96 }, (_, i) => value(i + 1));

/** 'DD/MM/YYYY' of an ISO date. */
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** 'MMM DD, YYYY' as the pages show an ISO date. */
const displayDate = (iso: string) => {
  const [y, , d] = iso.split('-') as [string, string, string];
  return `${new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d}, ${y}`;
};

/** Sets the View/Edit date (DD/MM/YYYY sections of the date picker). */
async function chooseDate(page: Page, iso: string) {
  const field = page.getByRole('group', { name: V.date });
  await field.click();
  await field.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy(iso).replaceAll('/', ''));
  await expect(field.getByRole('spinbutton', { name: 'Year' })).toHaveText(iso.slice(0, 4));
}

/** The grid row of an element. */
const gridRow = (grid: Locator, element: string) =>
  grid.getByRole('row').filter({ has: grid.page().getByRole('rowheader', { name: element, exact: true }) });

test('the SLDC sees the row errors of a bad margin file, uploads a good one and corrects a block', async ({ page }) => {
  const tomorrow = istDateIn(1);
  const n = uniqueSuffix();
  const east = `Anand 132 kV ${n}`;
  const west = `Vadodara 220 kV ${n}`;

  await logIn(page, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  await expect(page).toHaveURL(/\/landing$/);
  await openAtcMenu(page, messages.menu.intraStateUploads);
  await expect(page.getByRole('heading', { level: 1, name: U.title(INTRA) })).toBeVisible();
  await expectAccessible(page);

  const upload = page.getByRole('button', { name: U.upload, exact: true });
  const validate = page.getByRole('button', { name: U.validate, exact: true });
  await expect(upload).toBeDisabled();

  // A bad file: a negative margin on row 2, a date that does not exist on row 3.
  const bad = csv([
    { date: ddmmyyyy(tomorrow), element: east, blocks: blocksOf((b) => (b === 2 ? '-5' : '100')) },
    { date: '31/02/2026', element: west, blocks: blocksOf(() => '80') },
  ]);
  await page.getByLabel(U.choose, { exact: true }).setInputFiles({ name: 'atc-bad.csv', mimeType: 'text/csv', buffer: bad });
  await expect(page.getByText('atc-bad.csv', { exact: true })).toBeVisible();
  await validate.click();
  const preview = page.getByRole('region', { name: U.previewTitle });
  await expect(preview.getByText(U.invalidTitle(2, 2))).toBeVisible();
  const errors = preview.getByRole('table', { name: U.errorsLabel });
  const errorRows = errors.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(errorRows).toHaveCount(2);
  await expect(errorRows.nth(0).getByRole('cell')).toHaveText(['2', ATC_BLOCK_HEADERS[1]!, A.rows.marginNegative]);
  await expect(errorRows.nth(1).getByRole('cell')).toHaveText(['3', 'Date', A.rows.dateInvalid('31/02/2026')]);
  await expect(upload).toBeDisabled();
  await expectAccessible(page);

  // A good file for tomorrow with two elements.
  const good = csv([
    { date: ddmmyyyy(tomorrow), element: east, blocks: blocksOf((b) => (b <= 48 ? '120.5' : '95')) },
    { date: tomorrow, element: west, blocks: blocksOf(() => '75.25') },
  ]);
  const fileName = `atc-${n}.csv`;
  await page.getByLabel(U.chooseAnother, { exact: true }).setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: good });
  await expect(preview).toHaveCount(0);
  await validate.click();
  await expect(preview.getByText(U.validTitle)).toBeVisible();
  await expect(preview.getByText(`${displayDate(tomorrow)} (1)`, { exact: true })).toBeVisible();
  await expect(preview.getByRole('table', { name: U.errorsLabel })).toHaveCount(0);
  // Both elements are new to the portal: they are named, and Upload waits for the confirmation.
  await expect(preview.getByText(U.newElementsTitle(2))).toBeVisible();
  await expect(preview.getByRole('listitem').filter({ hasText: east })).toHaveCount(1);
  await expect(upload).toBeDisabled();
  await preview.getByRole('checkbox', { name: U.confirmNewElements(2) }).check();
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(page.getByText(U.saved(2, 2, 0), { exact: true })).toBeVisible();
  await expect(upload).toBeDisabled();

  const history = page.getByRole('table', { name: U.historyLabel });
  const uploaded = history.getByRole('row').filter({ has: page.getByRole('button', { name: U.downloadFile(fileName), exact: true }) });
  await expect(uploaded).toHaveCount(1);
  await expect(uploaded.getByRole('cell')).toContainText([fileName, displayDate(tomorrow), '2']);

  // View/Edit of tomorrow: both elements with the uploaded margins.
  await openAtcMenu(page, messages.menu.intraStateViewEdit);
  await expect(page.getByRole('heading', { level: 1, name: V.title(INTRA) })).toBeVisible();
  await chooseDate(page, tomorrow);
  const grid = page.getByRole('grid', { name: V.gridLabel(displayDate(tomorrow)) });
  await expect(grid).toBeVisible();
  const eastCells = gridRow(grid, east).getByRole('gridcell');
  const westCells = gridRow(grid, west).getByRole('gridcell');
  await expect(eastCells).toHaveCount(96);
  await expect(eastCells.nth(0)).toHaveText('120.50');
  await expect(eastCells.nth(47)).toHaveText('120.50');
  await expect(eastCells.nth(48)).toHaveText('95.00');
  await expect(westCells.nth(0)).toHaveText('75.25');
  await expect(westCells.nth(95)).toHaveText('75.25');
  await expectAccessible(page);

  // Correct the 00:15–00:30 block of the west element and save.
  await westCells.nth(1).click();
  const editor = grid.getByLabel(V.editLabel(west, '00:15', '00:30'), { exact: true });
  await editor.fill('60.4');
  await editor.press('Enter');
  await expect(westCells.nth(1)).toHaveText(`60.40 (${V.edited})`);
  await expect(page.getByText(V.changes(1, 1), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: V.save, exact: true }).click();
  await expect(page.getByText(V.saved(1), { exact: true })).toBeVisible();
  await expect(page.getByText(V.noChanges, { exact: true })).toBeVisible();

  await page.reload();
  await chooseDate(page, tomorrow);
  await expect(westCells.nth(1)).toHaveText('60.40');
  await expect(westCells.nth(0)).toHaveText('75.25');
  await expect(eastCells.nth(1)).toHaveText('120.50');
});
