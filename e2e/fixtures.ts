import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, test as base, type TestInfo } from '@playwright/test';

export { expect } from '@playwright/test';

/** Time a journey is given for each distinct page checked (both widths), on top of its own timeout. */
const TIME_PER_CHECK_MS = 20_000;

/** The widths every page is checked at (issue 11): the desktop viewport and a phone. */
export const AXE_VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An axe run over WCAG 2.1 A/AA that collects only violations: the rules run on every node as before, but
 * axe does not build a selector and an HTML snippet for every node that passed (decision 0090).
 */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS);
}

/** A route's pattern: ids (UUIDs, numbers, long tokens) become `:id`, so `/applications/<uuid>` is checked once. */
export function routePattern(pathname: string): string {
  return (
    pathname
      .split('/')
      .map((s) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) || /^\d+$/.test(s) || /^[A-Za-z0-9_-]{24,}$/.test(s)
          ? ':id'
          : s,
      )
      .join('/')
      .replace(/\/+$/, '') || '/'
  );
}

export interface AxeFinding {
  page: string;
  viewport: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.rule} (${f.impact}) on ${f.page} at ${f.viewport}: ${f.help}\n${f.nodes.map((n) => `    - ${n}`).join('\n')}`)
    .join('\n');
}

/**
 * Runs axe (WCAG 2.1 A/AA) on every distinct page the journeys visit and fails the journey on any
 * serious or critical violation, naming the rule, the page, the width and the nodes.
 *
 * Every page of the test's context and of contexts the test opens with `browser.newContext()` is
 * watched. When a page's URL changes (loads and SPA route changes alike) to a route pattern not
 * yet seen in that context, the URL and the page's storage (the signed-in session) are captured
 * at once, and a check is queued. A check is keyed by the route pattern and the signed-in role
 * (`signed out` without a session): a key already checked in `checked` — one registry for the
 * whole run, decision 0034 — is not checked again, so `/applications/:id` is analysed once for
 * the applicant and once for the SLDC, not once per journey. Checks run one at a time in a
 * separate browser context, so they never resize, click or navigate the journey's own pages: the
 * URL is opened at 1366 px, allowed to settle and analysed, then resized to 390 px and analysed
 * again. The journey waits for the queue when it ends.
 */
/** Which (role, route) keys are checked: claim a key before checking it, release it if it could not be analysed. */
export interface CheckRegistry {
  claim(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** A registry held in this process (one shard, or one test). */
export function localRegistry(keys: Set<string> = new Set()): CheckRegistry {
  return {
    claim: async (key) => !keys.has(key) && Boolean(keys.add(key)),
    release: async (key) => void keys.delete(key),
  };
}

/**
 * The run's registry served by e2e/shards.mjs (`E2E_AXE_REGISTRY`), shared by every shard, so a page
 * checked in one shard is not checked again in another. If the registry cannot be reached the page is
 * checked (a check too many, never one too few).
 */
export function runRegistry(url: string): CheckRegistry {
  const post = (action: string, key: string) => fetch(`${url}/${action}`, { method: 'POST', body: key });
  return {
    claim: async (key) =>
      post('claim', key).then(
        (res) => res.status === 200,
        () => true,
      ),
    release: async (key) => void (await post('release', key).catch(() => undefined)),
  };
}

export class AxeWatcher {
  /** Route patterns already queued per watched context (a cheap first filter before the role is known). */
  private readonly seen = new WeakMap<BrowserContext, Set<string>>();
  private readonly findings: AxeFinding[] = [];
  /** Pages that could not be analysed (the page navigated away twice during analysis). */
  readonly unchecked: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** Pages checked by this watcher and the time they took (printed per journey, to see what the checks cost). */
  readonly spent = { pages: 0, ms: 0, skipped: 0 };
  private closed = false;
  /** The sessions being read at navigations (storageState is asynchronous). */
  private captures: Promise<unknown>[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly newContext: Browser['newContext'],
    private readonly origin: string,
    private readonly testInfo?: TestInfo,
    /** Keys (role and route pattern) checked so far; pass one set or registry to share it across watchers. */
    checked: Set<string> | CheckRegistry = new Set(),
  ) {
    this.registry = checked instanceof Set ? localRegistry(checked) : checked;
  }

  private readonly registry: CheckRegistry;

  watchContext(context: BrowserContext) {
    for (const page of context.pages()) this.watchPage(context, page);
    context.on('page', (page) => this.watchPage(context, page));
  }

  private watchPage(context: BrowserContext, page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || this.closed) return;
      const url = new URL(frame.url());
      if (url.origin !== this.origin || url.pathname.startsWith('/api/')) return;
      const pattern = routePattern(url.pathname);
      const seen = this.seen.get(context) ?? new Set<string>();
      this.seen.set(context, seen);
      if (seen.has(pattern)) return;
      seen.add(pattern);
      // The session as it is now (e.g. signed out on /login), before the journey moves on.
      const state = context.storageState().catch(() => undefined);
      this.captures.push(state);
      this.queue = this.queue.then(async () => {
        const storageState = await state;
        const key = `${sessionRole(storageState)} ${pattern}`;
        if (!(await this.registry.claim(key))) return;
        // The checks share the machine with the journey: give the journey the time they take.
        this.testInfo?.setTimeout(this.testInfo.timeout + TIME_PER_CHECK_MS);
        // A page that could not be analysed at some width is left for a later journey to check.
        if (!(await this.check(url.href, pattern, storageState, key))) await this.registry.release(key);
      });
    });
  }

  /**
   * Checks a URL at every width; answers whether every width could be analysed. The page is opened
   * once, at the first width, then resized to each further one (the layout answers to the resize as it
   * does on a phone turned or a window narrowed), so each width costs an analysis, not a page load.
   */
  private async check(href: string, pattern: string, storageState: StorageState | undefined, key: string): Promise<boolean> {
    let analysed = true;
    let landedKey: string | undefined;
    const started = Date.now();
    const context = await this.newContext.call(this.browser, { viewport: AXE_VIEWPORTS[0], storageState });
    try {
      const page = await context.newPage();
      await page.goto(href, { waitUntil: 'load' });
      for (const [i, viewport] of AXE_VIEWPORTS.entries()) {
        if (i > 0) {
          await page.setViewportSize(viewport);
          // Let the layout's media queries and transitions (a drawer folding away: 225 ms) finish.
          await page.waitForTimeout(400);
        }
        await settle(page);
        // A route that redirects (`/` to `/landing`, a guarded page to `/login`) shows another route's page: that
        // page is analysed under its own key, once, here or wherever it is met first — never twice.
        const landed = routePattern(new URL(page.url()).pathname);
        if (i === 0 && landed !== pattern) {
          landedKey = key.slice(0, key.length - pattern.length) + landed;
          if (!(await this.registry.claim(landedKey))) {
            this.spent.skipped += 1;
            return true;
          }
        }
        // A page that navigates during the analysis (a redirect, a sign-out) is analysed again once settled.
        const results = await wcagAxe(page)
          .analyze()
          .catch(async () => {
            await settle(page);
            return wcagAxe(page).analyze();
          })
          .catch((error: unknown) => {
            this.unchecked.push(`${pattern} at ${viewport.width} px (${page.url()}): ${String(error).split('\n')[0]}`);
            analysed = false;
            return undefined;
          });
        if (!results) continue;
        for (const v of results.violations) {
          if (v.impact !== 'serious' && v.impact !== 'critical') continue;
          this.findings.push({
            page: `${pattern} (${href})`,
            viewport: `${viewport.width} px`,
            rule: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join('; ').trim() ?? ''}`),
          });
        }
      }
    } finally {
      await context.close();
    }
    this.spent.pages += 1;
    this.spent.ms += Date.now() - started;
    if (!analysed && landedKey) await this.registry.release(landedKey);
    return analysed;
  }

  /**
   * Waits until the session of every page navigated to so far has been read. A journey that changes
   * the session right after a navigation (the fixture tests set the role in localStorage) calls it
   * first, so the page is checked with the session it was opened with.
   */
  async sessionsCaptured(): Promise<void> {
    await Promise.all(this.captures);
  }

  /** Waits for the queued checks; answers every serious or critical violation found. */
  async finish(): Promise<AxeFinding[]> {
    this.closed = true;
    await this.queue;
    return this.findings;
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The signed-in role of a captured session, as the web app stores it; `signed out` without one. */
export function sessionRole(state: StorageState | undefined): string {
  for (const origin of state?.origins ?? []) {
    const stored = origin.localStorage.find((item) => item.name === 'stoa.authUser');
    if (!stored) continue;
    try {
      return (JSON.parse(stored.value) as { role?: string }).role ?? 'signed in';
    } catch {
      return 'signed in';
    }
  }
  return 'signed out';
}

/** Lets a freshly opened SPA page load its data: network quiet, no progress indicator, a main landmark. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .locator('main, [role="main"]')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * What the journeys of this run have checked (role and route pattern). A shard's journeys run one after
 * another in one worker process (playwright.config.ts: workers 1), and e2e/shards.mjs serves one
 * registry to every shard, so a key is checked once per run. Journeys run by `npx playwright test` keep
 * the set in their worker; a worker restarted after a failure starts afresh and merely checks again.
 */
const CHECKED_THIS_RUN: CheckRegistry = process.env.E2E_AXE_REGISTRY ? runRegistry(process.env.E2E_AXE_REGISTRY) : localRegistry();

/** `test` of every journey: Playwright's, plus axe on every page, per role, the run visits. */
export const test = base.extend<{ axeEveryPage: void }>({
  axeEveryPage: [
    async ({ browser, context, baseURL }, use, testInfo) => {
      const originalNewContext = browser.newContext;
      const watcher = new AxeWatcher(browser, originalNewContext, new URL(baseURL!).origin, testInfo, CHECKED_THIS_RUN);
      watcher.watchContext(context);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const created = await originalNewContext.apply(browser, args);
        watcher.watchContext(created);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = originalNewContext;
      }
      const findings = await watcher.finish();
      if (watcher.spent.pages) {
        const skipped = watcher.spent.skipped ? ` (${watcher.spent.skipped} redirected to a page already checked)` : '';
        console.log(`axe: ${watcher.spent.pages} page(s) checked in ${(watcher.spent.ms / 1000).toFixed(1)} s${skipped}`);
      }
      for (const page of watcher.unchecked) testInfo.annotations.push({ type: 'axe: not analysed', description: page });
      // A journey that already failed reports its own failure; the findings would only add noise.
      if (findings.length && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`axe found ${findings.length} serious or critical violation(s):\n${describeFindings(findings)}`);
      }
    },
    // The queue is bounded by the run's distinct (role, route) pairs, most of them met by the first journeys.
    { auto: true, timeout: 600_000 },
  ],
});
