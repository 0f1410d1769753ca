import type { FileExtension } from '@stoa/shared/files';

const bytes = (...b: number[]) => Buffer.from(b);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const OLE_CFB = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const JPEG = bytes(0xff, 0xd8, 0xff);

/** Leading bytes each extension's content must start with (CSV is checked as text instead). */
export const SIGNATURES: Record<Exclude<FileExtension, 'csv'>, Buffer> = {
  png: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  jpg: JPEG,
  jpeg: JPEG,
  pdf: Buffer.from('%PDF-', 'latin1'),
  xlsx: ZIP,
  xlsb: ZIP,
  xls: OLE_CFB,
};
const HEAD_LENGTH = Math.max(...Object.values(SIGNATURES).map((s) => s.length));

/**
 * Checks that content matches its extension while it streams by: the magic bytes of the binary
 * kinds, and for CSV valid UTF-8 text (a BOM is fine) without NUL bytes.
 */
export function createContentInspector(ext: FileExtension) {
  let head = Buffer.alloc(0);
  const decoder = ext === 'csv' ? new TextDecoder('utf-8', { fatal: true }) : null;
  let textOk = true;
  return {
    push(chunk: Buffer) {
      if (head.length < HEAD_LENGTH) head = Buffer.concat([head, chunk.subarray(0, HEAD_LENGTH - head.length)]);
      if (decoder && textOk) {
        if (chunk.includes(0)) textOk = false;
        else {
          try {
            decoder.decode(chunk, { stream: true });
          } catch {
            textOk = false;
          }
        }
      }
    },
    /** Whether the whole content seen matches the extension (call once, at the end). */
    matches(): boolean {
      if (decoder) {
        if (!textOk) return false;
        try {
          decoder.decode();
          return true;
        } catch {
          return false; // ends inside a multi-byte sequence
        }
      }
      const signature = SIGNATURES[ext as Exclude<FileExtension, 'csv'>];
      return head.length >= signature.length && head.subarray(0, signature.length).equals(signature);
    },
  };
}
