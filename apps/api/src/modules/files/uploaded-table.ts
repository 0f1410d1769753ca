import { buffer } from 'node:stream/consumers';

import { invalidFileMessage } from '@stoa/shared/files';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { type RawRow, readCsvRows, readXlsxRows } from '../atc/atc.reader';
import { zipEntrySizes } from '../atc/atc.zip';
import type { FilesService } from './files.service';

/** A refusal of the uploaded file itself, on the `fileId` field. */
export const uploadedFileError = (message: string) => AppError.field('INVALID_FILE', 'fileId', message);

/**
 * Reads an uploaded table (CSV or .xlsx, first worksheet) row by row into `parse`: the extension must be
 * one of `extensions`; an .xlsx (capped in bytes by the files module) is read whole and refused when it
 * unpacks to more than `maxUnpackedBytes` before any cell is read. The caller maps its parser's own errors
 * (and UnreadableFileError) to messages; the streams are closed either way.
 */
export async function readUploadedTable<T>(
  files: Pick<FilesService, 'get' | 'open'>,
  actor: RequestUser,
  fileId: string,
  opts: { extensions: readonly string[]; maxUnpackedBytes: number; tooLargeUnpacked: (megabytes: number) => string },
  parse: (rows: AsyncGenerator<RawRow>) => Promise<T>,
): Promise<{ fileName: string; parsed: T }> {
  const meta = await files.get(actor, fileId);
  const ext = meta.extension;
  if (!opts.extensions.includes(ext)) throw uploadedFileError(invalidFileMessage(opts.extensions));
  const opened = await files.open(actor, fileId);
  try {
    if (ext === 'xlsx') {
      const packed = await buffer(opened.stream);
      const total = (zipEntrySizes(packed) ?? []).reduce((a, e) => a + e.uncompressedSize, 0);
      if (total > opts.maxUnpackedBytes) throw uploadedFileError(opts.tooLargeUnpacked(opts.maxUnpackedBytes / 1_048_576));
      return { fileName: meta.originalName, parsed: await parse(readXlsxRows(packed)) };
    }
    return { fileName: meta.originalName, parsed: await parse(readCsvRows(opened.stream)) };
  } finally {
    opened.stream.destroy();
  }
}
