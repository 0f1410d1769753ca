import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

import type { Clock } from '../clock';
import type { Database, Tx } from '../db/client';
import { mailOutbox } from './mail.tables';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Writes a mail to the outbox in the caller's transaction, due at `now` (the API clock). */
export async function enqueueMail(tx: Tx, mail: Mail, now: Date): Promise<void> {
  await tx.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, nextAttemptAt: now, createdAt: now });
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

/** Without SMTP_URL mails are printed to the log, so a local user can read a verification code. */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send(mail) {
      log.info({ mail: { to: mail.to, subject: mail.subject } }, `MAIL to ${mail.to}: ${mail.subject}\n${mail.text}`);
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
}

/** A claimed mail is not offered to anyone else for this long (a crash mid-send retries after it). */
export const MAIL_LEASE_MS = 15 * 60_000;

/**
 * Delivers due mails; the 'mail.deliver' job (mail.jobs.ts) calls drain(), every minute and after
 * each commit that queued mail. A row is claimed with FOR UPDATE SKIP LOCKED and a lease (its
 * next attempt moved 15 minutes on) in a short transaction, then sent outside any transaction, so
 * several processes never send the same mail in parallel and a slow SMTP server holds no lock
 * (on PGlite, no transaction holds the one connection while mail is being sent).
 */
export function createOutboxWorker(opts: OutboxWorkerOptions) {
  const { db, transport, from, clock, log } = opts;
  const batchSize = opts.batchSize ?? 50;
  let running: Promise<number> | undefined;

  async function claim() {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS) })
        .where(eq(mailOutbox.id, row.id));
      return row;
    });
  }

  async function deliverOne(): Promise<boolean> {
    const row = await claim();
    if (!row) return false;
    const attempts = row.attempts + 1;
    try {
      await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody });
    } catch (err) {
      log.warn({ err, mailId: row.id, attempts }, 'mail delivery failed; will retry');
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: String((err as Error).message ?? err).slice(0, 500),
          nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      return true;
    }
    await db
      .update(mailOutbox)
      .set({ status: 'SENT', sentAt: clock.now(), attempts, lastError: null })
      .where(eq(mailOutbox.id, row.id));
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
    pendingCount: async () => {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.status, 'PENDING'));
      return r?.n ?? 0;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
