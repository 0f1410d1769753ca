import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestContext } from '../../../test/build-test-app';
import { inTransaction } from '../db/transaction';
import { backoffMs, createOutboxWorker, enqueueMail, smtpTransport } from './outbox';
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
    await inTransaction(ctx.database.db, (tx) => enqueueMail(tx, { to: 'retry@example.com', subject: 'Hello', text: 'Body' }, ctx.clock.now()));
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
    const [row] = await ctx.database.db.select().from(mailOutbox).where(sql`${mailOutbox.toAddress} = 'retry@example.com'`);
    expect(row).toMatchObject({ status: 'SENT', attempts: 3 });
  });

  it('does not write the mail when the transaction that queued it rolls back', async () => {
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await enqueueMail(tx, { to: 'rolled-back@example.com', subject: 'x', text: 'y' }, ctx.clock.now());
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow();
    const rows = await ctx.database.db.select().from(mailOutbox).where(sql`${mailOutbox.toAddress} = 'rolled-back@example.com'`);
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
      await inTransaction(ctx.database.db, (tx) => enqueueMail(tx, { to: 'smtp@example.com', subject: 'Via SMTP', text: 'Code 1234' }, ctx.clock.now()));
      await worker.drain();
      expect(received.some((m) => m.includes('Subject: Via SMTP') && m.includes('Code 1234'))).toBe(true);
    } finally {
      server.close();
    }
  });
});
