import { approvedApplication } from './application-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, snap } from './helpers';

/**
 * Issue 15, the public Open Access Information page (decision 0085): an application taken to approval
 * through the API (its margin uploaded for its date, one of the next days); a visitor who is not signed
 * in follows the link under the login form and sees this month's approval, the margin of the
 * application's element with what it booked, and the time of the SLDC verification step; no applicant
 * is named on the page. Looked at on a laptop and on a phone.
 */

const monthName = (iso: string) =>
  new Date(`${iso.slice(0, 7)}-01T00:00:00Z`).toLocaleString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

test('a visitor who is not signed in reads the decisions, margins and processing times', async ({ page, request }) => {
  // The set-up takes an application to approval; the axe checks of the page add their own time.
  test.setTimeout(240_000);
  const { application, parties, date } = await approvedApplication(request, { types: ['DayAhead', 'FCFS'], mw: 4, marginMw: 50 });
  expect(application.status).toBe('Approved');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Open Access Information' }).click();
  await expect(page).toHaveURL(/\/open-access-information$/);
  // The first visit loads the page's chunk (and the chart's) while the axe checks share the machine.
  await expect(page.getByRole('table', { name: 'Decisions on applications by month' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Open Access Information' })).toBeVisible();

  // Decisions: this month (IST) counts the approval.
  const decisions = page.getByRole('table', { name: 'Decisions on applications by month' });
  const thisMonth = decisions.getByRole('row', { name: new RegExp(monthName(new Date(Date.now() + 330 * 60_000).toISOString())) });
  await expect(thisMonth).toBeVisible();
  const approved = Number(await thisMonth.getByRole('cell').first().textContent());
  expect(approved).toBeGreaterThanOrEqual(1);

  // Margins: the application's date and its injection element, 50 MW less the 4 MW it booked.
  const dates = page.getByRole('combobox', { name: 'Date' });
  await dates.click();
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shown = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await page.getByRole('option', { name: shown }).click();
  const margins = page.getByRole('table', { name: /Available margin per date and element/ });
  const element = margins.getByRole('row', { name: new RegExp(parties.elements[0]!) });
  await expect(element).toContainText('46.00');
  await expect(element).toContainText('50.00');

  // Processing times: the SLDC verification of applications has been timed.
  const times = page.getByRole('table', { name: 'Processing time of each workflow step over the last 90 days' });
  const verification = times.getByRole('row', { name: /STOA application SLDC verification/ });
  expect(Number(await verification.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);

  // Aggregates only: neither the applicant nor the application number is on the page.
  await expect(page.getByText(application.applicationNo)).toHaveCount(0);
  await expect(page.getByText(parties.seller.entityName)).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'open-access-information-1366');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Open Access Information' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await snap(page, 'open-access-information-390');
});
