import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../db/transaction';
import { backoffMs, createOutboxWorker, enqueueMail, MAIL_LEASE_MS, type MailTransport, smtpTransport } from './outbox';
import { mailOutbox } from './mail.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('mail outbox', () => {
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30)).toBe(3_600_000);
  });

  it('keeps a mail whose delivery fails and delivers it on a later attempt', async () => {
    await inTransaction(ctx.database.db, (tx) =>
      enqueueMail(tx, { to: 'retry@example.com', subject: 'Hello', text: 'Body' }, ctx.clock.now()),
    );
    ctx.mail.failNext = 2;
    await ctx.app.services.outbox.drain();
    expect(ctx.mail.sent.find((m) => m.to === 'retry@example.com')).toBeUndefined();
    // Not due yet: nothing happens.
    await ctx.app.services.outbox.drain();
    expect(ctx.mail.failNext).toBe(1);
    ctx.clock.advance(31_000);
    await ctx.app.services.outbox.drain();
    ctx.clock.advance(61_000);
    await ctx.app.services.outbox.drain();
    expect(ctx.mail.sent.filter((m) => m.to === 'retry@example.com')).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = 'retry@example.com'`);
    expect(row).toMatchObject({ status: 'SENT', attempts: 3 });
  });

  it('does not write the mail when the transaction that queued it rolls back', async () => {
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await enqueueMail(tx, { to: 'rolled-back@example.com', subject: 'x', text: 'y' }, ctx.clock.now());
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow();
    const rows = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = 'rolled-back@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it('delivers through a real SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    try {
      const worker = createOutboxWorker({
        db: ctx.database.db,
        transport: smtpTransport(`smtp://127.0.0.1:${port}`),
        from: 'STOA <no-reply@test.local>',
        clock: ctx.clock,
        log: ctx.app.log,
      });
      await inTransaction(ctx.database.db, (tx) =>
        enqueueMail(tx, { to: 'smtp@example.com', subject: 'Via SMTP', text: 'Code 1234' }, ctx.clock.now()),
      );
      await worker.drain();
      expect(received.some((m) => m.includes('Subject: Via SMTP') && m.includes('Code 1234'))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('leases a claimed mail for a minute only, renews the lease while sending, and retries after a crash', async () => {
    expect(MAIL_LEASE_MS).toBeLessThanOrEqual(60_000);
    const rowOf = async (to: string) =>
      (
        await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.toAddress} = ${to}`)
      )[0]!;

    // A slow SMTP server: the send waits until released.
    let release!: () => void;
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const slow: MailTransport = {
      send: () => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const worker = createOutboxWorker({
      db: ctx.database.db,
      transport: slow,
      from: 'x@test.local',
      clock: ctx.clock,
      log: ctx.app.log,
      leaseRenewMs: 20,
    });
    const other = createOutboxWorker({
      db: ctx.database.db,
      transport: ctx.mail,
      from: 'x@test.local',
      clock: ctx.clock,
      log: ctx.app.log,
    });
    await inTransaction(ctx.database.db, (tx) =>
      enqueueMail(tx, { to: 'lease@example.com', subject: 'Code', text: 'Your verification code is: ABC123' }, ctx.clock.now()),
    );
    const drained = worker.drain();
    await sending;
    const claimed = await rowOf('lease@example.com');
    expect(claimed.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(MAIL_LEASE_MS);

    // Two leases later the mail is still being sent: the lease was renewed, nobody else takes it.
    ctx.clock.advance(2 * MAIL_LEASE_MS);
    await expect
      .poll(async () => (await rowOf('lease@example.com')).nextAttemptAt.getTime(), { timeout: 5_000 })
      .toBe(ctx.clock.now().getTime() + MAIL_LEASE_MS);
    await other.drain();
    expect(ctx.mail.sent.filter((m) => m.to === 'lease@example.com')).toHaveLength(0);
    release();
    await drained;
    expect(await rowOf('lease@example.com')).toMatchObject({ status: 'SENT', attempts: 1 });

    // A process that claimed a mail and died (no renewal, no result): another one sends it a minute later.
    await inTransaction(ctx.database.db, (tx) =>
      enqueueMail(tx, { to: 'crash@example.com', subject: 'Code', text: 'Body' }, ctx.clock.now()),
    );
    await ctx.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(ctx.clock.now().getTime() + MAIL_LEASE_MS) })
      .where(sql`${mailOutbox.toAddress} = 'crash@example.com'`);
    await other.drain();
    expect(ctx.mail.sent.filter((m) => m.to === 'crash@example.com')).toHaveLength(0);
    ctx.clock.advance(MAIL_LEASE_MS + 1_000);
    await other.drain();
    expect(ctx.mail.sent.filter((m) => m.to === 'crash@example.com')).toHaveLength(1);
  });
});
