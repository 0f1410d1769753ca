import type { Browser, BrowserContext } from '@playwright/test';

import { AxeWatcher, describeFindings, expect, routePattern, sessionRole, test } from './fixtures';

// A page with a critical violation (an image without alternative text) and a serious one (a
// control without a label), served on the app's origin by request interception.
const BAD_PAGE = `<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><h1>Bad</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"><select><option>x</option></select></main></body></html>`;
const GOOD_PAGE = `<!doctype html><html lang="en"><head><title>Good</title></head><body><main><h1>Good</h1><p>Fine.</p></main></body></html>`;

async function serveFixtures(context: BrowserContext) {
  await context.route('**/axe-fixture/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: new URL(route.request().url()).pathname.includes('/bad') ? BAD_PAGE : GOOD_PAGE }),
  );
}

test('route patterns collapse ids so a route is checked once per role', () => {
  expect(routePattern('/applications/3f0c7c56-1d2e-4b7a-9c1f-0a1b2c3d4e5f')).toBe('/applications/:id');
  expect(routePattern('/registrations/BothEntity/42/')).toBe('/registrations/BothEntity/:id');
  expect(routePattern('/')).toBe('/');
});

test('the watcher checks every distinct page at 1366 and 390 px in its own context and names rule, page and nodes', async ({
  browser,
  baseURL,
}) => {
  // Two pages at two widths, checked by this watcher and by the journey's own (shared machine).
  test.setTimeout(180_000);
  const opened: string[] = [];
  const newContext: Browser['newContext'] = async function (this: Browser, options) {
    const context = await browser.newContext(options);
    opened.push(`${options?.viewport?.width}`);
    await serveFixtures(context);
    return context;
  };
  const watcher = new AxeWatcher(browser, newContext, new URL(baseURL!).origin);
  const journey = await browser.newContext();
  await serveFixtures(journey);
  watcher.watchContext(journey);
  const page = await journey.newPage();
  await page.goto('/axe-fixture/good');
  await page.goto('/axe-fixture/bad/3f0c7c56-1d2e-4b7a-9c1f-0a1b2c3d4e5f');
  // The same route pattern again, and an SPA-style route change within the page: no new check.
  await page.goto('/axe-fixture/bad/11111111-2222-4333-8444-555555555555');
  await page.evaluate(() => history.pushState({}, '', '/axe-fixture/bad/66666666-2222-4333-8444-555555555555'));
  await page.waitForURL('**/66666666-2222-4333-8444-555555555555');
  const findings = await watcher.finish();
  await journey.close();

  // Two patterns, each opened once in a context of its own (at 1366 px, then resized to 390 px); the
  // findings below show both widths were analysed.
  expect(opened).toEqual(['1366', '1366']);
  const summary = findings
    .map((f) => `${f.rule} ${f.impact} ${routePattern(new URL(f.page.split(' ')[0]!, baseURL).pathname)} ${f.viewport}`)
    .sort();
  expect(summary).toEqual([
    'image-alt critical /axe-fixture/bad/:id 1366 px',
    'image-alt critical /axe-fixture/bad/:id 390 px',
    'select-name critical /axe-fixture/bad/:id 1366 px',
    'select-name critical /axe-fixture/bad/:id 390 px',
  ]);
  const report = describeFindings(findings);
  expect(report).toContain('image-alt (critical) on /axe-fixture/bad/:id (http');
  expect(report).toMatch(/- img: /);
});

test('an SPA route change is a page of its own', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const checked: string[] = [];
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    await serveFixtures(context);
    await context.route('**/axe-fixture/**', async (route) => {
      checked.push(new URL(route.request().url()).pathname);
      await route.fallback();
    });
    return context;
  };
  const watcher = new AxeWatcher(browser, newContext, new URL(baseURL!).origin);
  const journey = await browser.newContext();
  await serveFixtures(journey);
  watcher.watchContext(journey);
  const page = await journey.newPage();
  await page.goto('/axe-fixture/good');
  await page.evaluate(() => history.pushState({}, '', '/axe-fixture/other'));
  await page.waitForURL('**/axe-fixture/other');
  await watcher.finish();
  await journey.close();
  // Each page is loaded once and analysed at both widths.
  expect(checked).toEqual(['/axe-fixture/good', '/axe-fixture/other']);
});

test('a registry shared by the journeys checks a route once per signed-in role across the run', async ({ browser, baseURL }) => {
  // Three journeys' worth of checks (six contexts) on a shared machine.
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const checked: string[] = [];
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    const role = sessionRole(typeof options?.storageState === 'object' ? options.storageState : undefined);
    await serveFixtures(context);
    await context.route('**/axe-fixture/**', async (route) => {
      checked.push(`${role} ${new URL(route.request().url()).pathname}`);
      await route.fallback();
    });
    return context;
  };
  const journey = async (registry: Set<string>, role: string | null) => {
    const watcher = new AxeWatcher(browser, newContext, origin, undefined, registry);
    const context = await browser.newContext();
    await serveFixtures(context);
    watcher.watchContext(context);
    const page = await context.newPage();
    await page.goto('/axe-fixture/good');
    // The page was opened signed out: the watcher reads that session before the role is set.
    await watcher.sessionsCaptured();
    if (role) await page.evaluate((r) => localStorage.setItem('stoa.authUser', JSON.stringify({ role: r, entityType: null })), role);
    await page.goto('/axe-fixture/good/11111111-2222-4333-8444-555555555555');
    await watcher.finish();
    await context.close();
  };
  const run = new Set<string>();
  await journey(run, 'OAApplicant');
  // A second journey of the same run: the signed-out page and the applicant's page are not checked again…
  await journey(run, 'OAApplicant');
  // …but the same route seen by another role is.
  await journey(run, 'SLDCBusinessUser');
  // One load per check (analysed at both widths).
  expect(checked).toEqual([
    'signed out /axe-fixture/good',
    'OAApplicant /axe-fixture/good/11111111-2222-4333-8444-555555555555',
    'SLDCBusinessUser /axe-fixture/good/11111111-2222-4333-8444-555555555555',
  ]);
  expect([...run].sort()).toEqual([
    'OAApplicant /axe-fixture/good/:id',
    'SLDCBusinessUser /axe-fixture/good/:id',
    'signed out /axe-fixture/good',
  ]);
});
