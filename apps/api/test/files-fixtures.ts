import { randomBytes } from 'node:crypto';

/** Small valid files of every accepted kind, built in memory (tests). */
export const FIXTURES = {
  /** A 1×1 transparent PNG. */
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  /** JPEG start-of-image + JFIF header + end-of-image. */
  jpg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1'),
  /** ZIP local-file-header signature, as every .xlsx / .xlsb starts. */
  xlsx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), randomBytes(64)]),
  /** OLE compound-file signature, as every .xls starts. */
  xls: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  csv: Buffer.from('\ufeffName,Amount\nŚakti Power,1200\n"Quoted, name",3\n', 'utf8'),
};

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipart(
  fieldName: string,
  fileName: string,
  content: Buffer,
  opts: { contentType?: string; fields?: Record<string, string> } = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----stoa${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(opts.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const escaped = fileName.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${escaped}"\r\n` +
        `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
