import { crc32, deflateRawSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, createUser, login, type TestContext } from '../../../test/build-test-app';
import { marginXlsx, uploadAtcFile } from './atc.test-fixtures';
import { unpackedSizeProblem } from './uploads';
import { zipEntrySizes } from './atc.zip';

interface Part {
  name: string;
  /** The part's bytes: `chunk` repeated `times` times. */
  chunk: Buffer;
  times: number;
}

/** A ZIP (an .xlsx) with deflated parts; a part of 1 MB repeated 200 times is a ZIP bomb of 200 MB. */
function zip(parts: Part[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const whole = Buffer.concat(Array.from({ length: part.times }, () => part.chunk));
    const data = deflateRawSync(whole, { level: 9 });
    const crc = crc32(whole);
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(whole.length, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(whole.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, dir, end]);
}

const CONTENT_TYPES: Part = {
  name: '[Content_Types].xml',
  chunk: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  times: 1,
};
/** About 1 MB of rows of sheet XML, repeated: deflates about 1000:1. */
const ROWS_MB = Buffer.from('<row><c t="inlineStr"><is><t>0</t></is></c></row>'.repeat(21_000));

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  token = (await login(ctx, await createUser(ctx, 'SLDCBusinessUser'))).jwtToken;
});
afterAll(() => ctx.close());

describe('ATC workbook size before unpacking (issue 11 item 5)', () => {
  it('reads the declared sizes from the central directory of a real workbook', async () => {
    const entries = zipEntrySizes(await marginXlsx([]))!;
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    expect(entries.every((e) => e.uncompressedSize < 100_000)).toBe(true);
    expect(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.uncompressedSize).toBeGreaterThan(0);
    expect(zipEntrySizes(Buffer.from('Date,Element\n'))).toBeUndefined();
  });

  it('refuses a ZIP bomb workbook quickly, with the message, and without unpacking it', async () => {
    const bomb = zip([CONTENT_TYPES, { name: 'xl/worksheets/sheet1.xml', chunk: ROWS_MB, times: 200 }]);
    expect(bomb.length).toBeLessThan(1_048_576);
    expect(unpackedSizeProblem(bomb)).toMatch(/^unpacks to 2\d{8} bytes$/);
    const fileId = await uploadAtcFile(ctx, token, 'margins-bomb.xlsx', bomb);
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Atc/ValidateUpload/IntraState',
      headers: bearer(token),
      payload: { fileId },
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      errorResponse: [{ fieldName: 'fileId', errorMessages: ['The workbook unpacks to more than 160 MB. Split it into smaller files.'] }],
    });
  });

  it('refuses shared strings (held in memory) past their own cap', () => {
    const bomb = zip([CONTENT_TYPES, { name: 'xl/sharedStrings.xml', chunk: ROWS_MB, times: 20 }]);
    expect(unpackedSizeProblem(bomb)).toMatch(/^xl\/sharedStrings.xml unpacks to/);
  });
});
