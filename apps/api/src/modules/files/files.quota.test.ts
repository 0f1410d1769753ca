import { existsSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { auditLog } from '../audit/audit.tables';
import { filesJobs, UNATTACHED_FILE_RETENTION_MS } from './files.jobs';
import { USER_MANUAL_OWNER_TYPE } from './files.policy';
import { files } from './files.tables';

const QUOTA = 1000;
const RATE = 5;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ uploadQuotaBytes: QUOTA, uploadRateLimitPerMinute: RATE });
});
afterAll(() => ctx.close());

const applicantToken = async () => (await login(ctx, await createUser(ctx, 'OABusinessUser'))).jwtToken;

/** A PNG of `size` bytes (the signature is what the content check reads). */
const png = (size: number) => Buffer.concat([FIXTURES.png, Buffer.alloc(Math.max(0, size - FIXTURES.png.length))]);

async function upload(token: string, content: Buffer) {
  const { body, headers } = multipart('uploadedFile', 'scan.png', content);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/File/Upload?formName=Test',
    payload: body,
    headers: { ...headers, ...bearer(token) },
  });
}

const rowOf = async (id: string) => (await ctx.database.db.select().from(files).where(eq(files.id, id)))[0];
const attach = (id: string) =>
  ctx.database.db.update(files).set({ ownerType: USER_MANUAL_OWNER_TYPE, ownerId: 'OABusinessUser' }).where(eq(files.id, id));

describe('upload quota and rate limit (issue 11 item 2)', () => {
  it('refuses an upload that would take a user past its quota of unattached files; attached files do not count', async () => {
    const token = await applicantToken();
    const first = await upload(token, png(400));
    const second = await upload(token, png(400));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await upload(token, png(400));
    expect(third.statusCode, third.body).toBe(413);
    expect(third.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      errorResponse: [
        {
          fieldName: 'uploadedFile',
          errorMessages: [expect.stringContaining('1000 bytes of uploaded files that are not yet part of a submitted form')],
        },
      ],
    });
    // Another user is not affected.
    expect((await upload(await applicantToken(), png(400))).statusCode).toBe(200);
    // Once a file is attached to a record it no longer counts.
    await attach(first.json().data.id);
    expect((await upload(token, png(400))).statusCode).toBe(200);
  });

  it('limits uploads per user and minute with 429', async () => {
    const token = await applicantToken();
    for (let i = 0; i < RATE; i++) expect((await upload(token, png(10))).statusCode).toBe(200);
    const limited = await upload(token, png(10));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ isSuccessful: false, code: 'RATE_LIMITED' });
    expect((await upload(await applicantToken(), png(10))).statusCode).toBe(200);
  });
});

describe('files.purge-unattached', () => {
  it('deletes a file never attached a day after its upload, not an attached one nor a fresh one', async () => {
    const user = await createUser(ctx, 'OABusinessUser');
    const token = (await login(ctx, user)).jwtToken;
    const old = (await upload(token, png(100))).json().data.id as string;
    const attached = (await upload(token, png(100))).json().data.id as string;
    await attach(attached);
    ctx.clock.advance(UNATTACHED_FILE_RETENTION_MS + 60_000);
    const freshRes = await upload((await login(ctx, user)).jwtToken, png(100));
    expect(freshRes.statusCode, freshRes.body).toBe(200);
    const fresh = freshRes.json().data.id as string;
    const stored = (id: string) => rowOf(id).then((r) => path.join(ctx.app.services.files.storageRoot, r!.storedName));
    const oldPath = await stored(old);
    expect(existsSync(oldPath)).toBe(true);

    const [job] = filesJobs(ctx.app.services.files);
    expect(job!.name).toBe('files.purge-unattached');
    await job!.handler({}, { id: 'test', name: job!.name, attempt: 1, log: ctx.app.log });

    expect(await rowOf(old)).toBeUndefined();
    expect(existsSync(oldPath)).toBe(false);
    expect(await rowOf(attached)).toBeDefined();
    expect(existsSync(await stored(attached))).toBe(true);
    expect(await rowOf(fresh)).toBeDefined();
    expect(existsSync(await stored(fresh))).toBe(true);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, old));
    expect(audits.map((a) => a.action)).toEqual(['FILE_UPLOADED', 'FILE_PURGED']);
  });
});
