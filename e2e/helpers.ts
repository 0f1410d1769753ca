import { createHash } from 'node:crypto';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

import { messages } from '@stoa/shared';

export const MAIL_API = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 2}`;

/** Demo users as listed in the README. */
export const DEMO = {
  Admin: { userName: 'admin', password: 'Admin#Demo26' },
  OABusinessUser: { userName: 'oa.applicant', password: 'Oa#Demo2026' },
  Trader: { userName: 'trader', password: 'Trader#Demo26' },
  SLDCBusinessUser: { userName: 'sldc.user', password: 'Sldc#Demo2026' },
  SLDCApproverI: { userName: 'sldc.approver1', password: 'Appr1#Demo26' },
  SLDCApproverII: { userName: 'sldc.approver2', password: 'Appr2#Demo26' },
  DISCOMBusinessUser: { userName: 'discom.user', password: 'Discom#Demo26' },
  TRANSCOBusinessUser: { userName: 'transco.user', password: 'Transco#Demo26' },
} as const;

export async function logIn(page: Page, userName: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(messages.login.userName, { exact: true }).fill(userName);
  await page.getByLabel(messages.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: messages.login.logIn, exact: true }).click();
}

/** The verification code in the last mail the SMTP receiver got for an address. */
export async function verificationCodeFor(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${MAIL_API}/?to=${encodeURIComponent(email)}`);
    const mails = (await res.json()) as { raw: string }[];
    const match = mails.at(-1)?.raw.match(/verification code is: ([A-Z0-9]+)/);
    if (match) return match[1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification code mailed to ${email}`);
}

export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Signs in through the API (no browser) and answers the access token, e.g. for an Admin acting beside a user's page. */
export async function apiToken(request: APIRequestContext, userName: string, password: string): Promise<string> {
  const res = await request.post('/api/Account/authenticate', {
    data: { username: userName, password: createHash('md5').update(password).digest('hex'), captchaId: '', captcha: '' },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { jwtToken: string } }).data.jwtToken;
}

/**
 * A screenshot for review, only when E2E_SHOTS_DIR names a directory (the journeys never need
 * one): `<dir>/<name>.png`, the whole page unless `fullPage: false`.
 */
export async function snap(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage, animations: 'disabled' });
}
