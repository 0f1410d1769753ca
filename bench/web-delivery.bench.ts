/**
 * Web delivery benchmark (issue 16, decision 0074): what the browser receives and how the page
 * settles, from Chromium (Debian's, /usr/bin/chromium or CHROMIUM_PATH) against the production build
 * served by the API (`npm run build` first) on a fresh demo database in a temporary directory.
 *
 * - First load of `/login`: the bytes of the response bodies on the wire and the requests, as a
 *   browser that accepts brotli and gzip gets them, against the same load with `Accept-Encoding:
 *   identity` (the baseline: what was sent before the files were precompressed).
 * - Layout shift (CLS) of a fresh `/landing` for each demo role, with every API answer held back by
 *   800 ms (a slow network or a busy server: what made the footer jump), at 1366×768 and 390×844.
 *   No baseline: the goal is an absolute ≤ 0.1.
 *
 * Three rounds each; the table gives the median (and the worst CLS).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { type Browser, chromium, type Request } from '@playwright/test';

import { DEMO_USERS } from '../apps/api/src/seed/demo';

import { type BenchReport, median } from './report';

const ROUNDS = 3;
const API_DELAY_MS = 800;
const root = path.join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s server on a free port and a fresh data directory (demo users and history, captcha off). */
async function startPortal(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('web-delivery: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stoa-bench-web-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'apps/api'),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`web-delivery: the portal exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 240) throw new Error('web-delivery: the portal did not start in 2 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Body bytes on the wire (encoded) and requests of a fresh load of /login. */
async function firstLoad(browser: Browser, url: string, identity: boolean): Promise<{ bytes: number; jsBytes: number; requests: number }> {
  const context = await browser.newContext({ extraHTTPHeaders: identity ? { 'accept-encoding': 'identity' } : {} });
  const page = await context.newPage();
  const finished: Request[] = [];
  page.on('requestfinished', (r) => finished.push(r));
  await page.goto(`${url}/login`);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  let jsBytes = 0;
  for (const r of finished) {
    const size = (await r.sizes()).responseBodySize;
    bytes += size;
    if (r.url().endsWith('.js')) jsBytes += size;
  }
  await context.close();
  return { bytes, jsBytes, requests: finished.length };
}

/** CLS of a fresh /landing of a signed-in demo user with every API answer held back. */
async function landingShift(
  browser: Browser,
  url: string,
  user: { userName: string; password: string },
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('User Name', { exact: false }).first().fill(user.userName);
  await page.locator('input[type=password]').fill(user.password);
  // The form shows the captcha until the server says it is off.
  await page
    .getByLabel('Captcha', { exact: false })
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL(/\/landing/);
  // The page's own script (a string: this file has no DOM types): sums the layout shifts not caused by input.
  await page.addInitScript({
    content: `window.__cls = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });`,
  });
  await page.route('**/api/**', async (route) => {
    await new Promise((r) => setTimeout(r, API_DELAY_MS));
    await route.continue();
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const cls = Number(await page.evaluate('window.__cls'));
  await context.close();
  return cls;
}

export async function webDeliveryBench(): Promise<BenchReport> {
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const compressed: Awaited<ReturnType<typeof firstLoad>>[] = [];
    const plain: Awaited<ReturnType<typeof firstLoad>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      compressed.push(await firstLoad(browser, portal.url, false));
      plain.push(await firstLoad(browser, portal.url, true));
    }
    const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    const rows: string[][] = [];
    const mid = (list: typeof compressed, key: 'bytes' | 'jsBytes') => median(list.map((x) => x[key]));
    for (const key of ['jsBytes', 'bytes'] as const) {
      const name = key === 'jsBytes' ? '/login first load: JavaScript on the wire' : '/login first load: all bodies on the wire';
      rows.push([name, kb(mid(compressed, key)), kb(mid(plain, key)), (mid(compressed, key) / mid(plain, key)).toFixed(2)]);
    }
    rows.push([
      '/login first load: requests',
      String(median(compressed.map((x) => x.requests))),
      String(median(plain.map((x) => x.requests))),
      '—',
    ]);
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      for (const user of DEMO_USERS) {
        const shifts: number[] = [];
        for (let round = 0; round < ROUNDS; round++) shifts.push(await landingShift(browser, portal.url, user, viewport));
        rows.push([
          `/landing CLS, ${user.userName}, ${viewport.width} px (median / worst)`,
          median(shifts).toFixed(3),
          Math.max(...shifts).toFixed(3),
          '≤ 0.1',
        ]);
      }
    }
    return {
      title: 'Web delivery (first load and layout shift, Chromium)',
      notes: [
        `The production build served by the API on a fresh demo database; ${ROUNDS} rounds, median.`,
        'First load: a browser accepting brotli/gzip against `Accept-Encoding: identity` (the baseline column; ratio = compressed / identity).',
        `CLS: a fresh /landing with every API answer held back ${API_DELAY_MS} ms; the second column is the worst round; goal ≤ 0.1.`,
      ],
      rows: [],
      table: { header: ['case', 'measured', 'baseline / worst', 'ratio / goal'], rows },
    };
  } finally {
    await browser.close();
    await portal.stop();
  }
}
