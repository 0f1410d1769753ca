import { createHash } from 'node:crypto';

import { addDays, type ApplicationDetail, DEFAULT_WINDOW_SETTINGS, permittedRange } from '@stoa/shared/applications';
import { ATC_BLOCK_HEADERS } from '@stoa/shared/atc';
import { istDate } from '@stoa/shared/common';
import type { PaymentDue } from '@stoa/shared/payments';

import { type App, buildApp } from '../app';
import { TestClock } from '../platform/clock';
import type { AppConfig } from '../platform/config';
import type { DatabaseHandle } from '../platform/db/client';
import { DEMO_ELEMENTS, demoMargin, demoPdf } from './demo-registrations';

/**
 * The demo's first week (issue 11 item 23): what an SLDC's portal holds after seven working days,
 * replayed through the real API with the clock set to each past moment, so that every row, number,
 * due, receipt, audit row and notification is what the portal itself would have written. The demo
 * parties (Kutch Wind Power Ltd selling to Shreeji Ceramics Ltd, both approved a month ago) apply for
 * Day-Ahead open access each working day; the SLDC checks and processes the applications, the two
 * approvers approve them, the seller pays the fee and then the charges by NEFT and the SLDC approves
 * the payments (receipts). One day's application is rejected at scrutiny with a reason; the last
 * approved application's charges are still due; today's application waits for its fee.
 *
 * Runs once, on the fresh demo database, before the server listens (server.ts, DEMO_HISTORY, on by
 * default with the demo data; the browser journeys turn it off so their lists start empty).
 */

interface Actor {
  userName: string;
  password: string;
}
const SELLER: Actor = { userName: 'oa.seller', password: 'Seller#Demo26' };
const SLDC: Actor = { userName: 'sldc.user', password: 'Sldc#Demo2026' };
const APPROVER_I: Actor = { userName: 'sldc.approver1', password: 'Appr1#Demo26' };
const APPROVER_II: Actor = { userName: 'sldc.approver2', password: 'Appr2#Demo26' };

/** Days back from today (IST) on which the seller applied for the next day, with the MW asked. */
export const DEMO_HISTORY_DAYS: { daysAgo: number; mw: number; from: string; to: string; outcome: 'Approved' | 'Rejected' }[] = [
  { daysAgo: 7, mw: 12, from: '06:00', to: '18:00', outcome: 'Approved' },
  { daysAgo: 6, mw: 15, from: '08:00', to: '20:00', outcome: 'Approved' },
  { daysAgo: 5, mw: 14, from: '09:00', to: '17:00', outcome: 'Rejected' },
  { daysAgo: 4, mw: 10, from: '00:00', to: '24:00', outcome: 'Approved' },
  { daysAgo: 3, mw: 14, from: '07:00', to: '19:00', outcome: 'Approved' },
  { daysAgo: 2, mw: 12, from: '06:00', to: '18:00', outcome: 'Approved' },
];

export const DEMO_REJECTION_REMARKS =
  'The DISCOM reports a planned shutdown of the Morbi 66 kV feeder bay of Shreeji Ceramics on that date, so the drawal cannot be scheduled. Please apply again for another day.';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
/** An IST wall-clock moment `daysAgo` days before `today`. */
const istMoment = (today: string, daysAgo: number, time: string) => new Date(`${addDays(today, -daysAgo)}T${time}:00+05:30`);

export async function replayDemoHistory(app: App, clock: TestClock, today: string): Promise<void> {
  const tokenOf = async (who: Actor) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/Account/authenticate',
      payload: { username: who.userName, password: md5(who.password), captchaId: '', captcha: '' },
    });
    if (login.statusCode !== 200) throw new Error(`demo history: ${who.userName} could not sign in: ${login.body}`);
    return `Bearer ${(login.json() as { data: { jwtToken: string } }).data.jwtToken}`;
  };
  const call = async <T>(who: Actor, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> => {
    const headers = { authorization: await tokenOf(who) };
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    if (res.statusCode !== 200) throw new Error(`demo history: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { data: T }).data;
  };
  const at = (daysAgo: number, time: string) => clock.set(istMoment(today, daysAgo, time));

  /** File/Upload of one file as `who`; answers the file's id. */
  const upload = async (who: Actor, formName: string, fileName: string, contentType: string, content: Buffer) => {
    const boundary = '----stoademohistory';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="uploadedFile"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/File/Upload?formName=${formName}`,
      headers: { authorization: await tokenOf(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    if (res.statusCode !== 200) throw new Error(`demo history: upload of ${fileName} answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  };

  /** The payer pays a due in full by NEFT with a proof now; the SLDC approves the payment half an hour later. */
  const payInFull = async (payer: Actor, due: PaymentDue, reference: string) => {
    const proofFileId = await upload(
      payer,
      'Payment',
      `neft-${reference}.pdf`,
      'application/pdf',
      demoPdf('NEFT payment advice', `${reference} / ${due.description}`),
    );
    const payment = await call<{ id: string }>(payer, 'POST', `/api/Payment/MakePayment/${due.id}`, {
      mode: 'NEFT',
      reference,
      paymentDate: istDate(clock.now()),
      amountPaise: due.balanceAmount,
      bankName: 'State Bank of India',
      proofFileId,
    });
    clock.advance(30 * 60_000);
    await call(SLDC, 'POST', `/api/Payment/Approve/${payment.id}`, {});
    clock.advance(5 * 60_000);
  };
  const duesOf = async (payer: Actor, recordId: string) =>
    (await call<{ paymentList: PaymentDue[] }>(payer, 'GET', '/api/Payment/GetPaymentList?pageNumber=1&pageSize=100')).paymentList.filter(
      (d) => d.recordId === recordId && d.balanceAmount > 0,
    );

  // The SLDC publishes the week's intra-state margins of the demo elements (the days from today on are seeded).
  at(8, '17:00');
  const lines = [['Date', 'Element', ...ATC_BLOCK_HEADERS].join(',')];
  for (let k = 6; k >= 1; k--)
    for (const element of Object.values(DEMO_ELEMENTS)) {
      const date = addDays(today, -k);
      lines.push([date, element, ...demoMargin(element, date).map((c) => (c / 100).toFixed(2))].join(','));
    }
  const marginFile = await upload(SLDC, 'Atc', 'intra-state-margins-week.csv', 'text/csv', Buffer.from(`${lines.join('\r\n')}\r\n`));
  await call(SLDC, 'POST', '/api/Atc/Upload/IntraState', { fileId: marginFile, confirmNewElements: true });

  at(7, '09:30');
  const sellers = await call<{ id: string; entityName: string }[]>(SELLER, 'GET', '/api/Application/GetAvailableRegistrations');
  const buyers = await call<{ id: string; entityName: string }[]>(SELLER, 'GET', '/api/Application/GetBuyers');
  const sellerId = sellers.find((r) => r.entityName === 'Kutch Wind Power Ltd')!.id;
  const buyerId = buyers.find((r) => r.entityName === 'Shreeji Ceramics Ltd')!.id;
  const decide = async (who: Actor, app0: ApplicationDetail, action: 'Approve' | 'Reject', remarks: string) => {
    const now = await call<ApplicationDetail>(who, 'GET', `/api/Application/Get/${app0.id}`);
    return call<ApplicationDetail>(who, 'POST', `/api/Application/${action}/DayAhead/${app0.id}`, { version: now.version, remarks });
  };
  const apply = (date: string, row: { mw: number; from: string; to: string }) =>
    call<ApplicationDetail>(SELLER, 'POST', '/api/Application/Submit/DayAhead', {
      sellerId,
      buyerId,
      scheduleList: [
        {
          oaFromDate: date,
          oaToDate: date,
          fromTimeBlock: row.from,
          toTimeBlock: row.to,
          oaRequirement: String(row.mw),
        },
      ],
      remarks: 'Wind power to the Morbi plant for the next day.',
    });

  let reference = 0;
  const utr = () => `SBIN${today.replaceAll('-', '').slice(2)}${String(++reference).padStart(6, '0')}`;
  /** The approved application whose charges are paid the next morning. */
  let chargesToPay: ApplicationDetail | null = null;
  for (const day of DEMO_HISTORY_DAYS) {
    const d = day.daysAgo;
    at(d, '09:30');
    const submitted = await apply(addDays(today, -d + 1), day);
    const [fee] = await duesOf(SELLER, submitted.id);
    at(d, '10:15');
    if (fee) await payInFull(SELLER, fee, utr());
    at(d, '11:30');
    if (chargesToPay) for (const due of await duesOf(SELLER, chargesToPay.id)) await payInFull(SELLER, due, utr());
    chargesToPay = null;
    at(d, '13:00');
    if (day.outcome === 'Rejected') {
      await decide(SLDC, submitted, 'Reject', DEMO_REJECTION_REMARKS);
      continue;
    }
    await decide(SLDC, submitted, 'Approve', 'Documents and schedule checked; fee received.');
    at(d, '15:20');
    await call(SLDC, 'POST', `/api/Application/ProcessApplications/DayAhead/${addDays(today, -d + 1)}`);
    at(d, '16:00');
    await decide(APPROVER_I, submitted, 'Approve', 'Within the margin on Bhachau 220 kV and Morbi 66 kV.');
    at(d, '16:40');
    await decide(APPROVER_II, submitted, 'Approve', 'Approved.');
    chargesToPay = submitted; // the last day's charges are still due today
  }
  // Today: the next Day-Ahead application is in, its fee not yet paid (the SLDC cannot accept it before).
  clock.set(new Date());
  const range = permittedRange('DayAhead', clock.now(), DEFAULT_WINDOW_SETTINGS);
  const from = range && range.earliestStart > '10:00' ? range.earliestStart : '10:00';
  if (range && from < '18:00') await apply(range.fromDate, { mw: 12, from, to: '18:00' });
}

/**
 * Replays the demo week on a fresh demo database: a second app on the same database whose clock the
 * replay moves (captcha off for its own sign-ins); closed before the server listens.
 */
export async function seedDemoHistory(config: AppConfig, database: DatabaseHandle): Promise<void> {
  const clock = new TestClock(new Date());
  const app = await buildApp({
    config: { ...config, loginCaptcha: false, loginRateLimitPerMinute: 10_000 },
    database,
    clock,
    logger: false,
  });
  await app.ready();
  try {
    await replayDemoHistory(app, clock, istDate(new Date()));
  } finally {
    await app.close();
  }
}
