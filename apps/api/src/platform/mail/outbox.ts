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
}

/**
 * Delivers due mails. Each row is claimed with FOR UPDATE SKIP LOCKED, so several processes on
 * one PostgreSQL never send the same mail twice in parallel.
 */
export function createOutboxWorker(opts: OutboxWorkerOptions) {
  const { db, transport, from, clock, log } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliverOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, clock.now())))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      try {
        await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody });
        await tx
          .update(mailOutbox)
          .set({ status: 'SENT', sentAt: clock.now(), attempts: row.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, row.id));
      } catch (err) {
        const attempts = row.attempts + 1;
        log.warn({ err, mailId: row.id, attempts }, 'mail delivery failed; will retry');
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)),
          })
          .where(eq(mailOutbox.id, row.id));
      }
      return true;
    });
  }

  /** Delivers every due mail now; returns how many rows were processed. */
  async function drain(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let n = 0;
      const max = opts.batchSize ?? 50;
      while (n < max && (await deliverOne())) n++;
      return n;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    drain,
    start(intervalMs = 1000) {
      stopped = false;
      const tick = async () => {
        if (stopped) return;
        try {
          await drain();
        } catch (err) {
          log.error({ err }, 'mail outbox worker failed');
        }
        if (!stopped) timer = setTimeout(tick, intervalMs);
      };
      timer = setTimeout(tick, 50);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    /** Nudge the worker after a commit so mails go out without waiting for the next tick. */
    kick() {
      if (!stopped) void drain().catch((err) => log.error({ err }, 'mail outbox worker failed'));
    },
    pendingCount: async () => {
      const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(eq(mailOutbox.status, 'PENDING'));
      return r?.n ?? 0;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
