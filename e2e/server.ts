/**
 * Starts what the browser journeys need, in one process: a real SMTP receiver (mails can be
 * read at GET /__mail on the mail port), and the API serving the production web build on a
 * fresh data directory with demo data. The captcha is off only here (LOGIN_CAPTCHA=off).
 */
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

createServer((req, res) => {
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
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
});
await import('../apps/api/src/server');
