/**
 * Starts what the browser journeys need, in one process: a real SMTP receiver (mails can be
 * read at GET /__mail on the mail port), and the API serving the production web build on a
 * fresh data directory with demo data. The captcha is off only here (LOGIN_CAPTCHA=off).
 *
 * The journeys must not depend on the day of the month they run on. With the default Advance
 * cut-offs (DOMAIN.md §3: M+1 on the 20th, M+2 on the 25th, M+3 on the last day) only one Advance
 * month is open from the 26th, and the e-bidding journeys need one congested month each. So, once
 * the API answers, the Admin sets every Advance cut-off to the last day of the month (effective
 * today) through the Configuration API, and only then does GET /__ready on the mail port answer 200
 * (Playwright waits for it). `E2E_WINDOW_SETTINGS` (application-helpers.ts) is the same rule.
 * The Admin also turns the fee-before-scrutiny rule off (decision 0044), so the
 * journeys may Accept applications whose fee is unpaid.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_PORT ?? 8181);
const smtpPort = port + 1;
const mailApiPort = port + 2;
const mails: { to: string; raw: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c: Buffer) => (raw += c.toString()));
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address.toLowerCase(), raw });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

let ready = false;
createServer((req, res) => {
  if (req.url === '/__ready') {
    res.statusCode = ready ? 200 : 503;
    res.end(ready ? 'ready' : 'starting');
    return;
  }
  const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(mails.filter((m) => !to || m.to === to)));
}).listen(mailApiPort, '127.0.0.1');

const dataDir = mkdtempSync(path.join(tmpdir(), 'stoa-e2e-'));
Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOGIN_CAPTCHA: 'off',
  DEMO_DATA: 'on',
  // The journeys start from the demo users without the demo week of work (seed/demo-history.ts).
  DEMO_HISTORY: 'off',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  UPLOAD_RATE_LIMIT_PER_MINUTE: '1000',
  // argon2's minimum cost (decision 0023): the journeys sign in and create users by the hundred;
  // production refuses this cost (loadConfig), and verification reads the cost from each hash.
  PASSWORD_KDF_MEMORY_KIB: '8',
  PASSWORD_KDF_ITERATIONS: '1',
  // The test-only routes under /api/__test (decision 0088): a journey runs a deadline job for its own
  // application with the clock moved ahead. loadConfig refuses it outside NODE_ENV=test.
  TEST_HOOKS: 'on',
});
await import('../apps/api/src/server');

const api = `http://127.0.0.1:${port}/api`;
async function call(pathName: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${api}${pathName}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`e2e server set-up: ${pathName} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: unknown };
}
for (let i = 0; ; i++) {
  try {
    await call('/health');
    break;
  } catch (err) {
    if (i > 600) throw err;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const { data } = await call('/Account/authenticate', {
  method: 'POST',
  body: { username: 'admin', password: createHash('md5').update('Admin#Demo26').digest('hex'), captchaId: '', captcha: '' },
});
const token = (data as { jwtToken: string }).jwtToken;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
for (const key of ['advanceCutoffDayMonth1', 'advanceCutoffDayMonth2', 'advanceCutoffDayMonth3']) {
  await call('/Configuration/Settings/Add', { method: 'POST', token, body: { key, value: '0', effectiveFrom: today } });
}
// The journeys accept applications whose fee nobody paid (payments have their own journey): the
// fee-before-scrutiny rule (decision 0044, on by default) is off from today, as an Admin would set it.
await call('/Configuration/Settings/Add', {
  method: 'POST',
  token,
  body: { key: 'feeBeforeScrutiny', value: 'false', effectiveFrom: today },
});
ready = true;
