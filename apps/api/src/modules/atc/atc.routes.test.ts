import { Readable } from 'node:stream';

import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ATC_BLOCK_HEADERS, type AtcMargin, type AtcPreview } from '@stoa/shared/atc';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { auditLog } from '../audit/audit.tables';
import { readCsvRows } from './atc.reader';
import { marginFor, marginsOn } from './atc.repository';
import { registrations } from '../registrations/registrations.tables';
import { atcMargins, atcUploads } from './atc.tables';
import { blocksOf, type FixtureRow, HEADERS, marginCsv, marginXlsx, uploadAtcFile } from './atc.test-fixtures';

let ctx: TestContext;
let sldc: string;
let sldcId: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  const user = await createUser(ctx, 'SLDCBusinessUser', { firstName: 'Sima', lastName: 'Desai' });
  sldcId = user.id;
  sldc = (await login(ctx, user)).jwtToken;
});
afterAll(() => ctx.close());

let fileNo = 0;
const upload = (content: Buffer, ext: 'csv' | 'xlsx' = 'csv', token = sldc) =>
  uploadAtcFile(ctx, token, `margins-${++fileNo}.${ext}`, content);
const post = (path: string, payload: object, token = sldc) =>
  ctx.app.inject({ method: 'POST', url: path, headers: bearer(token), payload });
const validate = async (fileId: string, mode = 'IntraState') => post(`/api/Atc/ValidateUpload/${mode}`, { fileId });
/** Upload, confirming any element new to the portal (the confirmation has its own tests). */
const save = async (fileId: string, mode = 'IntraState', confirmNewElements = true) =>
  post(`/api/Atc/Upload/${mode}`, { fileId, confirmNewElements });
const getMargins = async (mode: string, query: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/Atc/GetMargins/${mode}?${query}`, headers: bearer(sldc) })).json().data as {
    marginList: AtcMargin[];
    dataCount: number;
  };

describe('ATC upload check (ValidateUpload)', () => {
  it('reads an xlsx built with exceljs: numbers, date cells, DD/MM/YYYY text, and a second worksheet that is not read', async () => {
    const rows: FixtureRow[] = [
      { date: new Date(Date.UTC(2026, 10, 21)), element: 'Anand 132 kV', blocks: Array.from({ length: 96 }, (_, i) => 100 + i / 4) },
      { date: '22/11/2026', element: 'Vadodara 66 kV' },
      { date: '2026-11-22', element: 'Anand 132 kV' },
    ];
    const fileId = await upload(await marginXlsx(rows), 'xlsx');
    const res = await validate(fileId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      fileName: `margins-${fileNo}.xlsx`,
      rowCount: 3,
      elementCount: 2,
      dateCount: 2,
      dateFrom: '2026-11-21',
      dateTo: '2026-11-22',
      isValid: true,
      errors: [],
      errorCount: 0,
      newElements: ['Anand 132 kV', 'Vadodara 66 kV'],
      newElementCount: 2,
    } satisfies AtcPreview);
    // Nothing is saved by the check.
    expect(await ctx.database.db.select().from(atcMargins).where(eq(atcMargins.marginDate, '2026-11-21'))).toEqual([]);
  });

  it('reads a CSV with quoted fields, CRLF, a BOM and "Block n" headers', async () => {
    const headers = ['Date', 'Element', ...ATC_BLOCK_HEADERS.map((_, i) => `Block ${i + 1}`)];
    const fileId = await upload(marginCsv([{ date: '01/12/2026', element: 'Kheda, "new" 220 kV' }], headers));
    const res = await validate(fileId);
    expect(res.json().data).toMatchObject({ isValid: true, rowCount: 1, dateFrom: '2026-12-01' });
  });

  it('reports every row error at once, with the row and the column', async () => {
    const bad = blocksOf();
    bad[0] = 'abc';
    bad[1] = '-1';
    bad[2] = '1.234';
    bad[95] = '';
    const rows: FixtureRow[] = [
      { date: '31/02/2026', element: 'Anand 132 kV' },
      { date: '21/11/2026', element: '' },
      { date: '21/11/2026', element: 'Anand 132 kV', blocks: bad },
      { date: null, element: 'Vadodara 66 kV' },
      { date: '2026-11-21', element: 'ANAND  132 kv' },
      { date: '21/11/2026', element: 'x'.repeat(101) },
      { date: '21/11/2026', element: 'Big', blocks: ['100000', ...blocksOf().slice(1)] },
    ];
    const fileId = await upload(marginCsv(rows));
    const res = await validate(fileId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as AtcPreview;
    expect(data.isValid).toBe(false);
    expect(data.errors).toEqual([
      { row: 2, column: 'Date', message: "'31/02/2026' is not a valid date. Use DD/MM/YYYY or YYYY-MM-DD (years 2000–2099)." },
      { row: 3, column: 'Element', message: 'Element is required.' },
      { row: 4, column: '00:00', message: "'abc' is not a number." },
      { row: 4, column: '00:15', message: 'Margin cannot be negative.' },
      { row: 4, column: '00:30', message: 'Margin can have at most 2 decimals.' },
      { row: 4, column: '23:45', message: 'Margin is required.' },
      { row: 5, column: 'Date', message: 'Date is required.' },
      { row: 6, column: 'Element', message: 'ANAND 132 kv on 21/11/2026 is already on row 4.' },
      { row: 7, column: 'Element', message: 'Element must be at most 100 characters.' },
      { row: 8, column: '00:00', message: 'Margin cannot be more than 99999.99 MW.' },
    ]);
    expect(data.errorCount).toBe(10);
    expect(data.rowCount).toBe(7);
  });

  it('reports missing, repeated and unknown columns and values without a header', async () => {
    const headers = ['Date', 'Element', ...ATC_BLOCK_HEADERS.slice(0, 94), '00:00', 'Remarks'];
    const row = { date: '21/11/2026', element: 'Anand', blocks: [...blocksOf().slice(0, 94), '1', 'note', 'stray'] };
    const fileId = await upload(marginCsv([row], headers));
    const data = (await validate(fileId)).json().data as AtcPreview;
    expect(data.errors).toEqual([
      { row: 1, column: '00:00', message: "Column '00:00' is repeated (already in column C)." },
      { row: 1, column: 'Remarks', message: "Column 'Remarks' is not a date, element or block column." },
      { row: 1, column: '23:30', message: "Column '23:30' is missing." },
      { row: 1, column: '23:45', message: "Column '23:45' is missing." },
      { row: 2, column: 'CU', message: 'This value has no column header.' },
    ]);
  });

  it('reads headers that Excel stored as times, and error rows of an xlsx by their sheet row', async () => {
    const timeHeaders = ATC_BLOCK_HEADERS.map((_, i) => (i * 15) / 1440);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Margins');
    sheet.addRow(['Date', 'Element', ...timeHeaders]).eachCell((cell, col) => {
      if (col > 2) cell.numFmt = 'hh:mm';
    });
    sheet.addRow([]);
    sheet.addRow(['21/11/2026', 'Anand', ...blocksOf().map(Number)]);
    sheet.addRow(['21/11/2026', 'Kheda', -5, ...blocksOf().slice(1).map(Number)]);
    const fileId = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx');
    const data = (await validate(fileId)).json().data as AtcPreview;
    expect(data.errors).toEqual([{ row: 4, column: '00:00', message: 'Margin cannot be negative.' }]);
    expect(data.rowCount).toBe(2);
  });

  it('refuses files it cannot read: another kind, a broken workbook, no rows', async () => {
    const xls = await uploadAtcFile(
      ctx,
      sldc,
      'old.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
    );
    const r1 = await validate(xls);
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({
      code: 'INVALID_FILE',
      errorResponse: [{ fieldName: 'fileId', errorMessages: ['Invalid file. Please upload xlsx, csv file'] }],
    });

    const broken = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]), 'xlsx');
    const r2 = await validate(broken);
    expect(r2.statusCode).toBe(400);
    expect(r2.json().errorResponse[0].errorMessages[0]).toMatch(/could not be read/);

    const empty = await upload(marginCsv([]));
    const r3 = await validate(empty);
    expect(r3.json()).toMatchObject({ code: 'INVALID_FILE', message: 'The file has no margin rows.' });
  });

  it('answers 404 for a file of someone else (its existence is not revealed)', async () => {
    const other = await login(ctx, await createUser(ctx, 'SLDCBusinessUser'));
    const fileId = await upload(marginCsv([{ date: '21/11/2026', element: 'A' }]), 'csv', other.jwtToken);
    const res = await validate(fileId);
    expect(res.statusCode).toBe(404);
  });
});

describe('ATC upload of an element the portal does not know (decision 0019)', () => {
  it('names the unknown elements in the check and refuses to save them until the SLDC confirms they are new', async () => {
    // Known: an element with a margin uploaded before, and a registration's drawal substation.
    await ctx.database.db.insert(atcMargins).values({
      mode: 'InterState',
      marginDate: '2027-06-01',
      element: 'Bhachau 220 kV',
      elementKey: 'bhachau 220 kv',
      blocks: Array(96).fill(100),
      updatedOn: new Date(),
    });
    const owner = await createUser(ctx, 'OABusinessUser');
    await ctx.database.db.insert(registrations).values({
      entityType: 'DraweeEntity',
      ownerUserId: owner.id,
      status: 'Submitted',
      entityName: 'Morbi Tiles',
      data: { drawalSubstation: 'Morbi  66 kV' },
    });
    const rows: FixtureRow[] = [
      { date: '02/02/2027', element: 'BHACHAU 220 KV' },
      { date: '02/02/2027', element: 'morbi 66 kV' },
      { date: '02/02/2027', element: 'Bhachu 220 kV' },
      { date: '03/02/2027', element: 'bhachu 220 kv' },
    ];
    const fileId = await upload(marginCsv(rows));
    const check = (await validate(fileId)).json().data as AtcPreview;
    expect(check).toMatchObject({ isValid: true, newElements: ['Bhachu 220 kV'], newElementCount: 1 });

    const refused = await save(fileId, 'IntraState', false);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'BUSINESS_RULE',
      message:
        "The portal does not know the element 'Bhachu 220 kV'. Confirm that it is a new element of the network, or correct the name. Nothing was saved.",
      errorResponse: [{ fieldName: 'confirmNewElements' }],
    });
    expect(await ctx.database.db.select().from(atcMargins).where(eq(atcMargins.marginDate, '2027-02-02'))).toEqual([]);

    const saved = await save(fileId, 'IntraState', true);
    expect(saved.statusCode, saved.body).toBe(200);
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, saved.json().data.uploadId));
    expect(audit!.after).toMatchObject({ newElements: ['Bhachu 220 kV'] });
    // Once saved, the element is known.
    const next = await upload(marginCsv([{ date: '04/02/2027', element: 'Bhachu 220 kV' }]));
    expect((await validate(next)).json().data).toMatchObject({ newElements: [], newElementCount: 0 });
    expect((await save(next, 'IntraState', false)).statusCode).toBe(200);
  });
});

describe('ATC upload (all or nothing)', () => {
  it('saves nothing from a file with one bad row, and lists the error in the envelope', async () => {
    const rows: FixtureRow[] = [
      { date: '10/01/2027', element: 'Anand 132 kV' },
      { date: '10/01/2027', element: 'Kheda 220 kV', blocks: ['x', ...blocksOf().slice(1)] },
    ];
    const res = await save(await upload(marginCsv(rows)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The file has 1 error. Nothing was saved.',
      errorResponse: [{ fieldName: 'rows.3.00:00', errorMessages: ["'x' is not a number."] }],
    });
    expect(await ctx.database.db.select().from(atcMargins).where(eq(atcMargins.marginDate, '2027-01-10'))).toEqual([]);
    expect(await ctx.database.db.select().from(atcUploads).where(eq(atcUploads.dateFrom, '2027-01-10'))).toEqual([]);
  });

  it('saves every row, records the upload with its file and an audit row; a re-upload replaces', async () => {
    const first = await upload(
      await marginXlsx([
        { date: '15/01/2027', element: 'Anand 132 kV', blocks: Array(96).fill(50) },
        { date: '15/01/2027', element: 'Kheda 220 kV', blocks: Array(96).fill(75.5) },
        { date: '16/01/2027', element: 'Anand 132 kV', blocks: Array(96).fill(60) },
      ]),
      'xlsx',
    );
    const res = await save(first);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({
      rowCount: 3,
      insertedCount: 3,
      replacedCount: 0,
      elementCount: 2,
      dateFrom: '2027-01-15',
      dateTo: '2027-01-16',
    });

    const day = await getMargins('IntraState', 'date=2027-01-15');
    expect(day.dataCount).toBe(2);
    expect(day.marginList.map((m) => [m.element, m.blocks[0], m.blocks[95], m.version, m.updatedBy])).toEqual([
      ['Anand 132 kV', '50.00', '50.00', 1, 'Sima Desai'],
      ['Kheda 220 kV', '75.50', '75.50', 1, 'Sima Desai'],
    ]);
    // The other mode is kept apart.
    expect((await getMargins('InterState', 'date=2027-01-15')).dataCount).toBe(0);

    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, result.uploadId));
    expect(audit).toMatchObject({ action: 'ATC_UPLOADED', entity: 'AtcUpload', actorId: sldcId });

    // The saved file belongs to the upload: the same file cannot be saved twice.
    expect((await save(first)).statusCode).toBe(409);

    ctx.clock.advance(60_000);
    const again = await upload(
      marginCsv([
        { date: '2027-01-15', element: 'ANAND 132 KV', blocks: Array(96).fill('40') },
        { date: '2027-01-17', element: 'Vadodara 66 kV' },
      ]),
    );
    const res2 = await save(again);
    expect(res2.json().data).toMatchObject({ rowCount: 2, insertedCount: 1, replacedCount: 1 });
    const replaced = await getMargins('IntraState', 'date=2027-01-15&element=anand');
    expect(replaced.marginList).toHaveLength(1);
    expect(replaced.marginList[0]).toMatchObject({ element: 'ANAND 132 KV', version: 2 });
    expect(replaced.marginList[0]!.blocks.every((b) => b === '40.00')).toBe(true);

    const uploads = (
      await ctx.app.inject({ method: 'GET', url: '/api/Atc/GetUploads/IntraState?pageSize=10', headers: bearer(sldc) })
    ).json().data;
    expect(uploads.uploadList[0]).toMatchObject({
      fileId: again,
      rowCount: 2,
      insertedCount: 1,
      replacedCount: 1,
      uploadedBy: 'Sima Desai',
      dateFrom: '2027-01-15',
      dateTo: '2027-01-17',
    });
    // The first upload is kept (other tests of this file upload at the same clock time, so its place after `again` is not fixed).
    expect(uploads.uploadList.find((u: { fileId: string }) => u.fileId === first)).toMatchObject({ fileId: first, insertedCount: 3 });

    // The saved file can be downloaded by another SLDC business user (its owner is the upload).
    const colleague = await login(ctx, await createUser(ctx, 'SLDCBusinessUser'));
    const dl = await ctx.app.inject({ method: 'GET', url: `/api/File/Download/${first}`, headers: bearer(colleague.jwtToken) });
    expect(dl.statusCode).toBe(200);
    const approver = await login(ctx, await createUser(ctx, 'SLDCApproverI'));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/File/Download/${first}`, headers: bearer(approver.jwtToken) })).statusCode,
    ).toBe(404);

    // The repository functions other modules use.
    const map = await marginsOn(ctx.database.db, 'IntraState', '2027-01-15');
    expect([...map.keys()]).toEqual(['ANAND 132 KV', 'Kheda 220 kV']);
    expect(map.get('Kheda 220 kV')).toEqual(new Int32Array(96).fill(7550));
    expect(await marginFor(ctx.database.db, 'IntraState', '2027-01-16', ' anand  132 kv')).toEqual(new Int32Array(96).fill(6000));
    expect(await marginFor(ctx.database.db, 'InterState', '2027-01-16', 'Anand 132 kV')).toBeNull();
  });

  it('pages margins in SQL and filters by element', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ date: '01/02/2027', element: `Element ${String(i + 1).padStart(2, '0')}` }));
    expect((await save(await upload(marginCsv(rows)), 'InterState')).statusCode).toBe(200);
    const page2 = await getMargins('InterState', 'date=2027-02-01&pageNumber=2&pageSize=10');
    expect(page2.dataCount).toBe(12);
    expect(page2.marginList.map((m) => m.element)).toEqual(['Element 11', 'Element 12']);
    expect(page2.marginList[0]!.blocks.slice(0, 2)).toEqual(['10.01', '10.02']);
    expect((await getMargins('InterState', 'date=2027-02-01&element=t%200')).dataCount).toBe(9);
    expect((await getMargins('InterState', 'date=2027-02-01&element=%25')).dataCount).toBe(0);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/Atc/GetMargins/InterState?date=01-02-2027', headers: bearer(sldc) });
    expect(bad.statusCode).toBe(400);
    const badMode = await ctx.app.inject({ method: 'GET', url: '/api/Atc/GetMargins/Regional?date=2027-02-01', headers: bearer(sldc) });
    expect(badMode.statusCode).toBe(400);
  });
});

describe('ATC corrections (UpdateMargin)', () => {
  async function marginRow(element: string) {
    await save(await upload(marginCsv([{ date: '01/03/2027', element, blocks: Array(96).fill('20') }])));
    return (await getMargins('IntraState', `date=2027-03-01&element=${encodeURIComponent(element)}`)).marginList[0]!;
  }
  const patch = (id: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/Atc/UpdateMargin/${id}`, headers: bearer(sldc), payload });

  it('corrects blocks, bumps the version and audits each changed block before and after', async () => {
    const row = await marginRow('Correction A');
    const res = await patch(row.id, {
      version: 1,
      blocks: [
        { block: 1, margin: '12.5' },
        { block: 96, margin: '0' },
        { block: 2, margin: '20.00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as AtcMargin;
    expect(saved.version).toBe(2);
    expect([saved.blocks[0], saved.blocks[1], saved.blocks[95]]).toEqual(['12.50', '20.00', '0.00']);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'ATC_MARGIN_CORRECTED')))
      .orderBy(desc(auditLog.occurredAt));
    expect(audit!.before).toEqual({
      mode: 'IntraState',
      marginDate: '2027-03-01',
      element: 'Correction A',
      version: 1,
      blocks: { '1 (00:00)': '20.00', '96 (23:45)': '20.00' },
    });
    expect(audit!.after).toEqual({
      mode: 'IntraState',
      marginDate: '2027-03-01',
      element: 'Correction A',
      version: 2,
      blocks: { '1 (00:00)': '12.50', '96 (23:45)': '0.00' },
    });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const row = await marginRow('Correction B');
    expect((await patch(row.id, { version: 1, blocks: [{ block: 3, margin: '1' }] })).statusCode).toBe(200);
    const stale = await patch(row.id, { version: 1, blocks: [{ block: 3, margin: '2' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'These margins were changed by someone else. Reload them and make your corrections again.',
    });
    const now = (await getMargins('IntraState', 'date=2027-03-01&element=Correction%20B')).marginList[0]!;
    expect([now.version, now.blocks[2]]).toEqual([2, '1.00']);
  });

  it('reports every bad block in the envelope, and 404 for an unknown row', async () => {
    const row = await marginRow('Correction C');
    const res = await patch(row.id, {
      version: 1,
      blocks: [
        { block: 0, margin: '1' },
        { block: 5, margin: '1.234' },
        { block: 6, margin: '-2' },
        { block: 7, margin: '1e3' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorResponse).toEqual([
      { fieldName: 'blocks.0.block', errorMessages: ['Block must be 1 to 96.'] },
      { fieldName: 'blocks.1.margin', errorMessages: ['Margin can have at most 2 decimals.'] },
      { fieldName: 'blocks.2.margin', errorMessages: ['Margin cannot be negative.'] },
      { fieldName: 'blocks.3.margin', errorMessages: ["'1e3' is not a number."] },
    ]);
    const missing = await patch('00000000-0000-4000-8000-000000000000', { version: 1, blocks: [{ block: 1, margin: '1' }] });
    expect(missing.statusCode).toBe(404);
  });
});

describe('ATC template', () => {
  it('streams an xlsx whose first sheet is the header row, and a csv; both read back as valid headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Atc/DownloadTemplate', headers: bearer(sldc) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('atc-margin-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Margins', 'Instructions']);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);

    const csv = await ctx.app.inject({ method: 'GET', url: '/api/Atc/DownloadTemplate?format=csv', headers: bearer(sldc) });
    const records = [];
    for await (const r of readCsvRows(Readable.from([csv.rawPayload]))) records.push(r);
    expect(records).toEqual([{ row: 1, cells: HEADERS }]);
  });
});

describe('CSV reading', () => {
  const read = async (...chunks: string[]) => {
    const out = [];
    for await (const r of readCsvRows(Readable.from(chunks.map((c) => Buffer.from(c))))) out.push(r.cells);
    return out;
  };

  it('keeps quotes, delimiters and line breaks inside quoted fields, across chunk borders', async () => {
    expect(await read('a,"b,""c""', '"\r', '\nd,"e\nf"\r\n')).toEqual([
      ['a', 'b,"c"'],
      ['d', 'e\nf'],
    ]);
    expect(await read('x;y\n1;2')).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
    expect(await read('a,,\n')).toEqual([['a', null, null]]);
  });

  it('refuses an unterminated quote', async () => {
    await expect(read('a,"b\n')).rejects.toThrow(/unterminated/);
  });
});
