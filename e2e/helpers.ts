import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { type APIRequestContext, expect, type Page } from '@playwright/test';

import type { EntityType, Role } from '@stoa/shared/account';
import { gstinCheckChar, istDate } from '@stoa/shared/common';
import { messages } from '@stoa/shared/messages';
import { type RegistrationStatus, registrationDocuments } from '@stoa/shared/registrations';

import { wcagAxe } from './fixtures';

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
  // The form shows the captcha until the server says it is off (LOGIN_CAPTCHA=off here): a click
  // before that answer fails the form's own check ("captcha required") and stays on /login.
  await expect(page.getByLabel(messages.login.captcha, { exact: true })).toHaveCount(0);
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
  const results = await wcagAxe(page).analyze();
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

/** The text of every text-showing operator of a PDF (pdfkit writes hex strings in TJ arrays). */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join(' ');
}

// ---- Issue 4: registrations and traders (API set-up of preconditions, fixtures) ---------------

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Small valid documents for uploads (the server checks magic bytes). */
export const FIXTURE_FILES = {
  pdf: path.join(import.meta.dirname, 'fixtures', 'document.pdf'),
  png: path.join(import.meta.dirname, 'fixtures', 'document.png'),
} as const;

/** A short suffix that keeps names unique across runs on one data directory. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A GSTIN of `pan` in Gujarat (state code 24) with a valid check character. */
export function gstinOf(pan: string, state = '24'): string {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckChar(first14);
}

/** A random valid PAN of a company (fourth letter C). */
export function randomPan(): string {
  const letters = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return `${letters()}${letters()}${letters()}C${letters()}${digits}${letters()}`;
}

/**
 * Calls the API with a bearer token and answers `data` of the envelope; fails the test with
 * the status and body otherwise.
 */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { data: body } : {}),
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Uploads a fixture file for a registration form and answers its id. */
export async function uploadFixture(
  request: APIRequestContext,
  token: string,
  kind: keyof typeof FIXTURE_FILES = 'pdf',
  name = `document.${kind}`,
): Promise<string> {
  const res = await request.post('/api/File/Upload?formName=Registration', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      uploadedFile: { name, mimeType: kind === 'pdf' ? 'application/pdf' : 'image/png', buffer: readFileSync(FIXTURE_FILES[kind]) },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

export interface NewUser {
  userName: string;
  password: string;
  email: string;
  id: string;
}

/**
 * The Admin creates a user through the API (POST /api/Admin/AddUser) and the user sets its first
 * password from the mailed verification code (POST /api/Account/ChangeTemporaryPassword).
 */
export async function createUserWithPassword(
  request: APIRequestContext,
  input: {
    role: Role;
    firstName: string;
    lastName: string;
    entityType?: EntityType;
    entityName?: string;
    connectedTo?: string;
    zone?: string;
  },
): Promise<NewUser> {
  const admin = await apiToken(request, DEMO.Admin.userName, DEMO.Admin.password);
  const n = uniqueSuffix();
  const userName = `e2e.${input.role.toLowerCase()}.${n}`;
  const email = `${userName}@example.com`;
  const password = `E2e#Pass${n}`;
  const applicant = input.role === 'OABusinessUser' || input.role === 'Trader';
  const user = await apiCall<{ id: string }>(request, admin, 'POST', '/api/Admin/AddUser', {
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    userName,
    email,
    contactNumber: '9812345678',
    registeredAddress: 'Plot 7, GIDC Estate, Vadodara',
    ...(input.role === 'DISCOMBusinessUser' ? {} : { panCardNumber: randomPan() }),
    ...(applicant
      ? {
          entityType: input.entityType ?? (input.role === 'Trader' ? 'Trader' : 'DraweeEntity'),
          entityName: input.entityName ?? `${input.firstName} Entity ${n}`,
          dateOfIncorporation: '2012-04-01',
        }
      : {}),
    ...(input.connectedTo ? { connectedTo: input.connectedTo, zone: input.zone } : {}),
  });
  const code = await verificationCodeFor(email);
  const res = await request.post('/api/Account/ChangeTemporaryPassword', {
    data: { emailAddress: email, oldPassword: md5(code), newPassword: md5(password) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { userName, password, email, id: user.id };
}

/** The active DISCOM / TRANSCO utilities (id, name, zone). */
export async function utilities(request: APIRequestContext, token: string, type: 'DISCOM' | 'TRANSCO') {
  return apiCall<{ id: string; name: string; zone: string }[]>(
    request,
    token,
    'GET',
    type === 'DISCOM' ? '/api/Registration/GetDiscoms' : '/api/Registration/GetTranscos',
  );
}

/**
 * Valid values of a registration form of `entityType` for set-up through the API: every document
 * uploaded by the owner; the DISCOM is Central Gujarat Vij Company Ltd and the TRANSCO State
 * Transmission Corporation Ltd (the demo DISCOM and TRANSCO users).
 */
export async function registrationValues(
  request: APIRequestContext,
  token: string,
  entityType: EntityType,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const drawee = entityType === 'DraweeEntity' || entityType === 'BothEntity';
  const injecting = entityType === 'InjectingEntity' || entityType === 'BothEntity';
  const pan = randomPan();
  const data: Record<string, unknown> = {
    entityName: `E2E ${entityType} ${uniqueSuffix()}`,
    panNo: pan,
    gstin: gstinOf(pan),
    dateOfIncorporation: '2010-01-01',
    registeredAddress: 'Plot 12, GIDC Industrial Estate, Vadodara',
    state: 'Gujarat',
    pinCode: '390010',
    representativeName: 'Ravi Kumar',
    designation: 'Director',
    mobile: '9876543210',
    email: 'ravi@example.com',
    alertEmails: [],
    accountHolderName: 'E2E Entity Ltd',
    bankName: 'State Bank of India',
    accountNumber: '123456789012',
    ifsc: 'SBIN0001234',
    acceptNoDues: true,
    acceptTerms: true,
  };
  if (entityType !== 'Trader') {
    Object.assign(data, {
      applicantCategory: 'IPP',
      meterTestCertificateValidUpto: '2099-12-31',
      acceptMinimumDemand: true,
      acceptVoltageLevel: true,
      acceptMetering: true,
    });
  }
  if (drawee) {
    const discom = (await utilities(request, token, 'DISCOM')).find((u) => u.name === 'Central Gujarat Vij Company Ltd')!;
    Object.assign(data, {
      discomId: discom.id,
      consumerType: 'Embedded Consumer',
      consumerNumber: 'CN-0001',
      tariffCategory: 'HTP-I',
      sanctionedLoad: 10,
      contractDemand: 8,
      stoaDrawlQuantum: 5,
      drawalVoltage: '66',
      drawalSubstation: 'Vadodara 66 kV',
      feederName: 'Feeder 1',
      dedicatedFeeder: true,
      zones: [{ zone: 'Central Zone', connectivityPoints: 'Point A', zonefileId: await uploadFixture(request, token) }],
    });
  }
  if (injecting) {
    const transco = (await utilities(request, token, 'TRANSCO')).find((u) => u.name === 'State Transmission Corporation Ltd')!;
    Object.assign(data, {
      transcoId: transco.id,
      generatorType: 'IPP',
      isRe: 'RE',
      fuelType: 'Solar power',
      installedCapacity: 50,
      auxiliaryConsumption: 5,
      stoaInjectionQuantum: 40,
      injectionVoltage: '132',
      injectionSubstation: 'Anand 132 kV',
      connectivityApprovalNo: 'CA-2024-01',
      units: [
        { unitNo: 'U1', name: 'Unit 1', capacity: 25, commissioningDate: '2015-01-01' },
        { unitNo: 'U2', name: 'Unit 2', capacity: 25, commissioningDate: '2016-01-01' },
      ],
    });
  }
  if (entityType === 'Trader') {
    Object.assign(data, { tradingLicenceNo: 'TL/2024/001', issuingAuthority: 'CERC', traderCategory: 'I', licenceValidUpto: '2099-12-31' });
  }
  for (const doc of registrationDocuments(entityType)) data[doc.name] = await uploadFixture(request, token);
  return { ...data, ...overrides };
}

export interface RegistrationRef {
  id: string;
  entityType: EntityType;
  entityName: string;
}

/** Submits a registration through the API as its owner (a precondition, not a journey). */
export async function submitRegistration(
  request: APIRequestContext,
  owner: { userName: string; password: string },
  entityType: EntityType,
  overrides: Record<string, unknown> = {},
): Promise<RegistrationRef> {
  const token = await apiToken(request, owner.userName, owner.password);
  const data = await registrationValues(request, token, entityType, overrides);
  const detail = await apiCall<{ id: string }>(request, token, 'POST', `/api/Registration/Submit${entityType}Registration`, { data });
  return { id: detail.id, entityType, entityName: String(data.entityName) };
}

/** Who takes a registration on from each status, and with which endpoint (DOMAIN.md §2). */
const NEXT_STEP: Partial<Record<RegistrationStatus, { who: keyof typeof DEMO; endpoint: 'ApproveAndForward' | 'Approve' }>> = {
  Submitted: { who: 'SLDCBusinessUser', endpoint: 'ApproveAndForward' },
  PendingDISCOMApproval: { who: 'DISCOMBusinessUser', endpoint: 'Approve' },
  PendingTRANSCOApproval: { who: 'TRANSCOBusinessUser', endpoint: 'Approve' },
  PendingSTOACheck: { who: 'SLDCBusinessUser', endpoint: 'ApproveAndForward' },
  STOAApproved: { who: 'SLDCApproverI', endpoint: 'Approve' },
  SLDCApproverIApproved: { who: 'SLDCApproverII', endpoint: 'Approve' },
};

/** The record as the SLDC business user sees it (status and version). */
export async function registrationAsSldc(request: APIRequestContext, ref: Pick<RegistrationRef, 'id' | 'entityType'>) {
  const token = await apiToken(request, DEMO.SLDCBusinessUser.userName, DEMO.SLDCBusinessUser.password);
  return apiCall<{ status: RegistrationStatus; version: number; registrationNo: string | null; expiredOn: string | null }>(
    request,
    token,
    'GET',
    `/api/Registration/Get${ref.entityType}Registration/${ref.id}`,
  );
}

/**
 * Takes a registration through the workflow with the demo reviewers' API until it reaches
 * `until` (Approved by default). Preconditions only: the journeys act in the browser.
 */
export async function advanceRegistration(
  request: APIRequestContext,
  ref: Pick<RegistrationRef, 'id' | 'entityType'>,
  until: RegistrationStatus = 'Approved',
) {
  for (let i = 0; i < 8; i++) {
    const { status, version } = await registrationAsSldc(request, ref);
    if (status === until) return;
    const step = NEXT_STEP[status];
    if (!step) throw new Error(`registration ${ref.id} is ${status}: no way on to ${until}`);
    const who = DEMO[step.who];
    const token = await apiToken(request, who.userName, who.password);
    await apiCall(request, token, 'POST', `/api/Registration/${step.endpoint}/${ref.id}/${ref.entityType}`, {
      version,
      remarks: 'E2E set-up',
    });
  }
  throw new Error(`registration ${ref.id} did not reach ${until}`);
}

/** The IST date `days` from today as YYYY-MM-DD. */
export function istDateIn(days: number): string {
  return istDate(new Date(Date.now() + days * 86_400_000));
}

/**
 * Types an ISO date into the one DD/MM/YYYY date input (MUI X picker, by its label), starting at
 * its Day section so a prefilled value is overwritten, and leaves the field.
 */
export async function typeDateInto(page: Page, scope: Page | ReturnType<Page['locator']>, label: string | RegExp, iso: string) {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${d}${m}${y}`);
  await expect(field.getByRole('spinbutton', { name: 'Year' })).toHaveText(y);
  await page.keyboard.press('Tab');
}
