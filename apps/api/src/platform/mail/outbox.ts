import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

import type { Clock } from '../clock';
import type { Database, Tx } from '../db/client';
import { mailRepository } from './mail.repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Writes a mail to the outbox in the caller's transaction, due at `now` (the API clock). */
export async function enqueueMail(tx: Tx, mail: Mail, now: Date): Promise<void> {
  await mailRepository.insert(tx, { toAddress: mail.to, subject: mail.subject, textBody: mail.text, nextAttemptAt: now, createdAt: now });
}

export interface MailTransport {
  send(mail: Mail & { from: string }): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** A mail as a readable block of the console log: who, what, and the body as written. */
export function formatMailBlock(mail: Mail): string {
  const rule = '─'.repeat(72);
  const body = mail.text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => `│ ${line}`);
  return ['MAIL (not sent: SMTP_URL is not set)', rule, `│ To:      ${mail.to}`, `│ Subject: ${mail.subject}`, '│', ...body, rule].join(
    '\n',
  );
}

/**
 * Without SMTP_URL mails are printed to the log, so a local user can read a verification code:
 * outside production as a readable block (formatMailBlock), in production as one JSON entry.
 */
export function logTransport(log: FastifyBaseLogger, opts: { readable: boolean } = { readable: true }): MailTransport {
  return {
    async send(mail) {
      if (opts.readable) log.info(`\n${formatMailBlock(mail)}`);
      else log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, `MAIL to ${mail.to}: ${mail.subject}`);
    },
  };
}

/** Back-off after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 1 hour. Mail is never dropped. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  clock: Clock;
  log: FastifyBaseLogger;
  batchSize?: number;
  /** Called by kick(): queues the 'mail.deliver' job (platform/mail/mail.jobs.ts). */
  onKick?: () => void;
  /** Lease of a claimed mail and how often it is renewed while sending (tests shorten the renewal). */
  leaseMs?: number;
  leaseRenewMs?: number;
}

/**
 * A claimed mail is not offered to anyone else for this long. It is short, so a mail claimed by a
 * process that crashes is retried a minute later (verification codes live 30 minutes); while the
 * mail is being sent the lease is renewed every MAIL_LEASE_RENEW_MS, so a slow SMTP server never
 * lets a second process send it too.
 */
export const MAIL_LEASE_MS = 60_000;
export const MAIL_LEASE_RENEW_MS = 20_000;

export function createOutboxWorker(opts: OutboxWorkerOptions) {
  const { db, transport, from, clock, log } = opts;
  const batchSize = opts.batchSize ?? 50;
  const leaseMs = opts.leaseMs ?? MAIL_LEASE_MS;
  const leaseRenewMs = opts.leaseRenewMs ?? MAIL_LEASE_RENEW_MS;
  let running: Promise<number> | undefined;

  async function claim() {
    const now = clock.now();
    return mailRepository.claimDue(db, now, new Date(now.getTime() + leaseMs));
  }

  /** Keeps the lease of a mail being sent; returns the function that stops renewing. */
  function holdLease(id: number): () => Promise<void> {
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = mailRepository
        .renewLease(db, id, new Date(clock.now().getTime() + leaseMs))
        .catch((err: unknown) => log.warn({ err, mailId: id }, 'could not renew the lease of a mail being sent'));
    }, leaseRenewMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  }

  async function deliverOne(): Promise<boolean> {
    const row = await claim();
    if (!row) return false;
    const attempts = row.attempts + 1;
    const release = holdLease(row.id);
    try {
      await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody });
    } catch (err) {
      await release();
      log.warn({ err, mailId: row.id, attempts }, 'mail delivery failed; will retry');
      await mailRepository.recordFailure(db, row.id, {
        attempts,
        lastError: String((err as Error).message ?? err).slice(0, 500),
        nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
      });
      return true;
    }
    await release();
    await mailRepository.markSent(db, row.id, { sentAt: clock.now(), attempts });
    return true;
  }

  /** Delivers due mails now, at most one batch (50); returns how many rows were processed. */
  async function drain(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let n = 0;
      while (n < batchSize && (await deliverOne())) n++;
      return n;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    drain,
    batchSize,
    /** Waits for a delivery in progress (app.close()). */
    async stop() {
      await running?.catch(() => undefined);
    },
    /** After a commit that queued mail: deliver without waiting for the next scheduled run. */
    kick() {
      opts.onKick?.();
    },
    pendingCount: () => mailRepository.pendingCount(db),
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
