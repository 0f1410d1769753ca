import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { FIXTURES, multipart } from '../../../test/files-fixtures';
import { auditLog } from '../audit/audit.tables';
import { USER_MANUAL_OWNER_TYPE } from './files.policy';
import { files } from './files.tables';

let ctx: TestContext;
let filesDir: string;
const tokens: Record<'admin' | 'applicant' | 'other' | 'sldc', string> = { admin: '', applicant: '', other: '', sldc: '' };
let applicantId: string;
let adminId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  filesDir = ctx.app.services.files.storageRoot;
  const adminUser = await createUser(ctx, 'Admin');
  adminId = adminUser.id;
  tokens.admin = (await login(ctx, adminUser)).jwtToken;
  const applicant = await createUser(ctx, 'OABusinessUser');
  applicantId = applicant.id;
  tokens.applicant = (await login(ctx, applicant)).jwtToken;
  tokens.other = (await login(ctx, await createUser(ctx, 'OABusinessUser'))).jwtToken;
  tokens.sldc = (await login(ctx, await createUser(ctx, 'SLDCBusinessUser'))).jwtToken;
});
afterAll(() => ctx.close());

async function upload(
  fileName: string,
  content: Buffer,
  opts: { token?: string; query?: string; field?: string; app?: TestContext['app'] } = {},
) {
  const { body, headers } = multipart(opts.field ?? 'uploadedFile', fileName, content);
  return (opts.app ?? ctx.app).inject({
    method: 'POST',
    url: `/api/File/Upload?${opts.query ?? 'formName=Test'}`,
    payload: body,
    headers: { ...headers, ...bearer(opts.token ?? tokens.applicant) },
  });
}

const ALL_TYPES = 'jpg, jpeg, png, pdf, xlsx, xls, xlsb, csv';
const storedFiles = () => readdirSync(filesDir).filter((n) => !n.startsWith('.'));

describe('POST /api/File/Upload', () => {
  it.each([
    ['photo.png', FIXTURES.png, 'image', 'image/png'],
    ['scan.JPG', FIXTURES.jpg, 'image', 'image/jpeg'],
    ['scan.jpeg', FIXTURES.jpg, 'image', 'image/jpeg'],
    ['form.pdf', FIXTURES.pdf, 'pdf', 'application/pdf'],
    ['sheet.xlsx', FIXTURES.xlsx, 'excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['sheet.xlsb', FIXTURES.xlsx, 'excel', 'application/vnd.ms-excel.sheet.binary.macroEnabled.12'],
    ['old.xls', FIXTURES.xls, 'excel', 'application/vnd.ms-excel'],
    ['data.csv', FIXTURES.csv, 'csv', 'text/csv; charset=utf-8'],
  ])('stores %s under a generated name with its metadata and an audit row', async (name, content, kind, mime) => {
    const res = await upload(name, content);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ id: expect.any(String), fileName: name, kind, size: content.length });

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, data.id));
    expect(row).toMatchObject({
      originalName: name,
      kind,
      mime,
      sizeBytes: content.length,
      uploadedBy: applicantId,
      formName: 'Test',
      ownerType: null,
    });
    expect(row!.storedName).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(filesDir, row!.storedName)).equals(content)).toBe(true);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'File'), eq(auditLog.entityId, data.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'FILE_UPLOADED', actorId: applicantId, actorRole: 'OABusinessUser' });
    expect(audits[0]!.after).toMatchObject({ fileName: name, kind, size: content.length, sha256: row!.sha256, formName: 'Test' });
  });

  it('refuses mis-labelled content with the message listing the allowed types', async () => {
    const cases: [string, Buffer][] = [
      ['really-a-png.pdf', FIXTURES.png],
      ['text.png', Buffer.from('just some text, not an image')],
      ['png.csv', FIXTURES.png],
      ['pdf.xlsx', FIXTURES.pdf],
      ['zip.xls', FIXTURES.xlsx],
      ['nul.csv', Buffer.from('a,b\n1,\u0000\n')],
      ['latin1.csv', Buffer.from('Name\nM\xe4rz\n', 'latin1')],
    ];
    const before = storedFiles().length;
    for (const [name, content] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FILE',
        message: `Invalid file. Please upload ${ALL_TYPES} file`,
        errorResponse: [{ fieldName: 'uploadedFile', errorMessages: [`Invalid file. Please upload ${ALL_TYPES} file`] }],
      });
    }
    expect(storedFiles().length).toBe(before);
    expect(readdirSync(path.join(filesDir, '.incoming'))).toEqual([]);
  });

  it('refuses extensions outside the list, and narrows to the form and the allowed query', async () => {
    const exe = await upload('setup.exe', Buffer.from('MZ'));
    expect(exe.json()).toMatchObject({ code: 'INVALID_FILE', message: `Invalid file. Please upload ${ALL_TYPES} file` });
    expect((await upload('noext', FIXTURES.pdf)).json().code).toBe('INVALID_FILE');

    const narrowed = await upload('photo.png', FIXTURES.png, { query: 'formName=Test&allowed=pdf,jpg' });
    expect(narrowed.statusCode).toBe(400);
    expect(narrowed.json().message).toBe('Invalid file. Please upload pdf, jpg file');
    const kinds = await upload('photo.png', FIXTURES.png, { query: 'formName=Test&allowed=pdf,image' });
    expect(kinds.statusCode).toBe(200);

    const manual = await upload('photo.png', FIXTURES.png, { query: 'formName=UserManual' });
    expect(manual.json().message).toBe('Invalid file. Please upload pdf file');
    expect((await upload('manual.pdf', FIXTURES.pdf, { query: 'formName=UserManual' })).statusCode).toBe(200);

    const none = await upload('manual.pdf', FIXTURES.pdf, { query: 'formName=UserManual&allowed=csv' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errorResponse[0].fieldName).toBe('allowed');
    const bogus = await upload('a.pdf', FIXTURES.pdf, { query: 'formName=Test&allowed=pdf,exe' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().code).toBe('VALIDATION_FAILED');
    const noForm = await upload('a.pdf', FIXTURES.pdf, { query: '' });
    expect(noForm.json().code).toBe('VALIDATION_FAILED');
  });

  it('accepts files larger than the JSON body limit, up to the upload cap', async () => {
    const big = Buffer.concat([FIXTURES.pdf, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const res = await upload('big-scan.pdf', big);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.size).toBe(big.length);
  });

  it('refuses an empty file', async () => {
    const res = await upload('empty.pdf', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_FILE', message: 'The file is empty.' });
  });

  it('refuses a file over the size cap with 413 and keeps nothing', async () => {
    const small = await buildTestApp({ uploadMaxBytes: 1024 }, ctx.database);
    try {
      const token = (await login(small, await createUser(small, 'Trader'))).jwtToken;
      const exact = Buffer.concat([FIXTURES.pdf, Buffer.alloc(1024 - FIXTURES.pdf.length, 0x20)]);
      expect((await upload('exact.pdf', exact, { token, app: small.app })).statusCode).toBe(200);
      const big = Buffer.concat([exact, Buffer.from(' ')]);
      const res = await upload('big.pdf', big, { token, app: small.app });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 1 KB.' });
      const dir = small.app.services.files.storageRoot;
      expect(readdirSync(dir).filter((n) => !n.startsWith('.'))).toHaveLength(1);
      expect(readdirSync(path.join(dir, '.incoming'))).toEqual([]);
      // Far over the cap (the rest of the body is drained, not buffered).
      const huge = await upload('huge.pdf', Buffer.concat([FIXTURES.pdf, Buffer.alloc(3 * 1024 * 1024)]), { token, app: small.app });
      expect(huge.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('neutralises path-traversal and control characters in names; refuses names with nothing usable', async () => {
    const traversal = await upload('../../etc/passwd.pdf', FIXTURES.pdf);
    expect(traversal.statusCode).toBe(200);
    expect(traversal.json().data.fileName).toBe('passwd.pdf');
    const windows = await upload('..\\..\\Windows\\System32\\evil.pdf', FIXTURES.pdf);
    expect(windows.json().data.fileName).toBe('evil.pdf');
    const control = await upload('in\u0007voice\u202e.pdf', FIXTURES.pdf);
    expect(control.json().data.fileName).toBe('invoice.pdf');
    const reserved = await upload('a<b>:c|d?.pdf', FIXTURES.pdf);
    expect(reserved.json().data.fileName).toBe('a_b__c_d_.pdf');
    for (const name of ['..', '___.pdf', ' .pdf', '\u202e.pdf', '.htaccess', '.pdf']) {
      const res = await upload(name, FIXTURES.pdf);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe('Invalid file name. Please rename the file and upload it again.');
    }
    // Nothing was written outside the storage root, and only generated names inside it.
    expect(existsSync(path.resolve(filesDir, '../../etc/passwd.pdf'))).toBe(false);
    for (const n of storedFiles()) expect(n).toMatch(/^[0-9a-f]{32}$/);
  });

  it('needs the file in the field uploadedFile, as multipart', async () => {
    const wrongField = await upload('a.pdf', FIXTURES.pdf, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errorResponse: [{ fieldName: 'uploadedFile', errorMessages: ['Choose a file to upload.'] }],
    });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/File/Upload?formName=Test',
      payload: { a: 1 },
      headers: bearer(tokens.applicant),
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 in the envelope to a multipart body it cannot parse (found by the contract fuzz)', async () => {
    const cases: [string, string][] = [
      ['multipart/form-data', 'no boundary in the content type'],
      ['multipart/form-data; boundary=----x', 'the body ends before the first part'],
      [
        'multipart/form-data; boundary=----x',
        '------x\r\nContent-Disposition: form-data; name="uploadedFile"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated',
      ],
    ];
    for (const [contentType, payload] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/File/Upload?formName=Test',
        payload,
        headers: { ...bearer(tokens.applicant), 'content-type': contentType },
      });
      expect(res.statusCode, `${contentType} / ${payload}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        isSuccessful: false,
        code: expect.stringMatching(/^(BAD_REQUEST|VALIDATION_FAILED)$/),
        errorResponse: [{ fieldName: 'uploadedFile' }],
      });
      expect(res.body).not.toMatch(/busboy|Dicer|node_modules|Boundary/);
    }
  });

  it('a form name or allowed type named like an object property is unknown, not a 500 (found by the contract fuzz)', async () => {
    const proto = await upload('a.png', FIXTURES.png, { query: 'formName=Test&allowed=__proto__' });
    expect(proto.statusCode, proto.body).toBe(400);
    expect(proto.json()).toMatchObject({ code: 'VALIDATION_FAILED', errorResponse: [{ fieldName: 'allowed' }] });
    const ctor = await upload('a.png', FIXTURES.png, { query: 'formName=constructor' });
    expect(ctor.statusCode, ctor.body).toBe(200);
  });

  it('answers 401 to anonymous uploads', async () => {
    const { body, headers } = multipart('uploadedFile', 'a.pdf', FIXTURES.pdf);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/File/Upload?formName=Test', payload: body, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/File/Download and /api/File/Show', () => {
  let pdfId: string;
  let pngId: string;
  let csvId: string;
  beforeAll(async () => {
    pdfId = (await upload('Bills «März» 2024; 50%.pdf', FIXTURES.pdf)).json().data.id;
    pngId = (await upload('photo.png', FIXTURES.png)).json().data.id;
    csvId = (await upload('data.csv', FIXTURES.csv)).json().data.id;
  });
  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('downloads as an attachment with a safe file name and nosniff', async () => {
    const res = await get(`/api/File/Download/${pdfId}`, tokens.applicant);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(FIXTURES.pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(FIXTURES.pdf.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(
      `attachment; filename="Bills _Marz_ 2024_ 50_.pdf"; filename*=UTF-8''${encodeURIComponent('Bills «März» 2024; 50%.pdf')}`,
    );
    expect(disposition).not.toMatch(/[\r\n]/);
  });

  it('shows images and PDFs inline, other kinds as attachments', async () => {
    const png = await get(`/api/File/Show/photo.png?id=${pngId}`, tokens.applicant);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.rawPayload.equals(FIXTURES.png)).toBe(true);
    const pdf = await get(`/api/File/Show/any-name.pdf?id=${pdfId}`, tokens.applicant);
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; /);
    const csv = await get(`/api/File/Show/data.csv?id=${csvId}`, tokens.applicant);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toMatch(/^attachment; /);
  });

  it('serves the uploader and the Admin; anyone else gets 404, anonymous 401', async () => {
    expect((await get(`/api/File/Download/${pdfId}`, tokens.admin)).statusCode).toBe(200);
    expect((await get(`/api/File/Show/x?id=${pdfId}`, tokens.admin)).statusCode).toBe(200);
    for (const token of [tokens.other, tokens.sldc]) {
      const dl = await get(`/api/File/Download/${pdfId}`, token);
      expect(dl.statusCode).toBe(404);
      expect(dl.json()).toMatchObject({ isSuccessful: false, code: 'NOT_FOUND', message: 'The requested file was not found.' });
      expect((await get(`/api/File/Show/x?id=${pdfId}`, token)).statusCode).toBe(404);
    }
    // The same answer as for a file that does not exist.
    const missing = await get('/api/File/Download/00000000-0000-4000-8000-000000000000', tokens.other);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('The requested file was not found.');
    expect((await get(`/api/File/Download/${pdfId}`)).statusCode).toBe(401);
    expect((await get(`/api/File/Show/x?id=${pdfId}`)).statusCode).toBe(401);
    expect((await get('/api/File/Download/not-a-uuid', tokens.applicant)).statusCode).toBe(400);
    expect((await get('/api/File/Show/x', tokens.applicant)).statusCode).toBe(400);
  });

  it('lets owning domains extend who may read (registered owner types), and serves user manuals to everyone', async () => {
    const service = ctx.app.services.files;
    service.policy.registerOwner('TestRecord', (actor, ownerId) => actor.role === 'SLDCBusinessUser' && ownerId === 'rec-1');
    const actor = { id: applicantId, role: 'OABusinessUser' as const, familyId: null };
    const meta = { requestId: 'test', ip: '127.0.0.1' };
    const id = (await upload('evidence.pdf', FIXTURES.pdf)).json().data.id;
    expect((await get(`/api/File/Download/${id}`, tokens.sldc)).statusCode).toBe(404);
    await ctx.database.db.transaction((tx) => service.attach(tx, actor, id, { ownerType: 'TestRecord', ownerId: 'rec-1' }, meta));
    expect((await get(`/api/File/Download/${id}`, tokens.sldc)).statusCode).toBe(200);
    expect((await get(`/api/File/Download/${id}`, tokens.other)).statusCode).toBe(404);
    expect(await service.findByOwner(ctx.database.db, 'TestRecord', 'rec-1')).toMatchObject([{ id }]);

    // A file belongs to one record; only its uploader (or the Admin) links it.
    await expect(
      ctx.database.db.transaction((tx) => service.attach(tx, actor, id, { ownerType: 'TestRecord', ownerId: 'rec-2' }, meta)),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const foreign = (await upload('theirs.pdf', FIXTURES.pdf, { token: tokens.other })).json().data.id;
    await expect(
      ctx.database.db.transaction((tx) => service.attach(tx, actor, foreign, { ownerType: 'TestRecord', ownerId: 'rec-1' }, meta)),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const manual = (await upload('manual.pdf', FIXTURES.pdf, { token: tokens.admin, query: 'formName=UserManual' })).json().data.id;
    expect((await get(`/api/File/Download/${manual}`, tokens.other)).statusCode).toBe(404);
    const admin = { id: adminId, role: 'Admin' as const, familyId: null };
    await ctx.database.db.transaction((tx) =>
      service.attach(tx, admin, manual, { ownerType: USER_MANUAL_OWNER_TYPE, ownerId: 'OABusinessUser' }, meta),
    );
    for (const token of [tokens.other, tokens.sldc, tokens.applicant]) {
      expect((await get(`/api/File/Download/${manual}`, token)).statusCode).toBe(200);
    }
    const attached = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'FILE_ATTACHED'), eq(auditLog.entityId, manual)));
    expect(attached).toHaveLength(1);
    expect(await ctx.app.services.audit.verifyChain(ctx.database.db)).toBeNull();
  });

  it("answers 'Unable to download file.' when the stored bytes are gone", async () => {
    const id = (await upload('gone.pdf', FIXTURES.pdf)).json().data.id;
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, id));
    rmSync(path.join(filesDir, row!.storedName));
    const res = await get(`/api/File/Download/${id}`, tokens.applicant);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL', message: 'Unable to download file.' });
  });
});
