import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';

import {
  ATC_ERROR_LIST_LIMIT,
  ATC_FILE_EXTENSIONS,
  ATC_MAX_ROWS,
  ATC_MAX_XLSX_OTHER_PART_BYTES,
  ATC_MAX_XLSX_UNPACKED_BYTES,
  type AtcMode,
  type AtcPreview,
  type AtcUploadList,
  type AtcUploadResult,
} from '@stoa/shared/atc';
import { enAtc } from '@stoa/shared/messages';
import { groupFieldErrors } from '@stoa/shared/common';
import { invalidFileMessage } from '@stoa/shared/files';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { AtcDeps } from './atc.deps';
import { type ParsedMargins, parseMarginRows, TooManyRowsError } from './atc.parser';
import { type RawRow, readCsvRows, readXlsxRows, UnreadableFileError } from './atc.reader';
import { atcRepository as repo, knownElementKeys } from './atc.repository';
import { zipEntrySizes } from './atc.zip';

/**
 * Margin uploads (spec 001 §2 ATC menu; DOMAIN.md §3 Margin): a stored file (files module) is read
 * as a stream and checked row by row; saving is all or nothing in one transaction.
 */

const t = enAtc;
/** Owner type of a saved margin file (files.attach); SLDC business users may read it. */
export const ATC_UPLOAD_OWNER_TYPE = 'AtcUpload';

const fileError = (message: string) => AppError.field('INVALID_FILE', 'fileId', message);

/**
 * Why a workbook must not be unpacked, from the sizes its ZIP central directory declares: more
 * than ATC_MAX_XLSX_UNPACKED_BYTES in all, a part other than a worksheet over
 * ATC_MAX_XLSX_OTHER_PART_BYTES, or a ZIP64 entry. Undefined when it may be read (a file that is
 * not a ZIP is left to the reader, which calls it unreadable).
 */
export function unpackedSizeProblem(packed: Buffer): string | undefined {
  const entries = zipEntrySizes(packed);
  if (!entries) return undefined;
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    if (!e.name.startsWith('xl/worksheets/') && e.uncompressedSize > ATC_MAX_XLSX_OTHER_PART_BYTES)
      return `${e.name} unpacks to ${e.uncompressedSize} bytes`;
  }
  return total > ATC_MAX_XLSX_UNPACKED_BYTES ? `unpacks to ${total} bytes` : undefined;
}

/** Reads and checks a stored margin file the actor may read (its uploader, in practice). */
async function parse(
  deps: Pick<AtcDeps, 'files' | 'log'>,
  actor: RequestUser,
  fileId: string,
  keepRows: boolean,
): Promise<{ fileName: string; parsed: ParsedMargins }> {
  const { files, log } = deps;
  const meta = await files.get(actor, fileId);
  const ext = meta.extension as (typeof ATC_FILE_EXTENSIONS)[number];
  if (!(ATC_FILE_EXTENSIONS as readonly string[]).includes(ext)) throw fileError(invalidFileMessage(ATC_FILE_EXTENSIONS));
  const opened = await files.open(actor, fileId);
  let source: AsyncGenerator<RawRow>;
  if (ext !== 'csv') {
    // The upload is at most UPLOAD_MAX_BYTES: read it whole and check what it unpacks to first.
    const packed = await buffer(opened.stream);
    const refusal = unpackedSizeProblem(packed);
    if (refusal) {
      log.info({ fileId, reason: refusal }, 'ATC workbook refused before unpacking');
      throw fileError(t.file.tooLargeUnpacked(ATC_MAX_XLSX_UNPACKED_BYTES / 1_048_576));
    }
    source = readXlsxRows(packed);
  } else {
    source = readCsvRows(opened.stream);
  }
  try {
    const parsed = await parseMarginRows(source, { keepRows });
    if (parsed.rowCount === 0 && parsed.errorCount === 0) throw fileError(t.file.noRows);
    return { fileName: meta.originalName, parsed };
  } catch (err) {
    if (err instanceof UnreadableFileError) {
      log.info({ fileId, reason: err.message }, 'unreadable ATC margin file');
      throw fileError(t.file.unreadable);
    }
    if (err instanceof TooManyRowsError) throw fileError(t.file.tooManyRows(ATC_MAX_ROWS));
    throw err;
  } finally {
    opened.stream.destroy();
  }
}

/** The file's elements the portal does not know yet, as first spelled in the file (decision 0019). */
async function newElementsOf(deps: Pick<AtcDeps, 'db'>, parsed: ParsedMargins): Promise<string[]> {
  const known = await knownElementKeys(deps.db, [...parsed.elementNames.keys()]);
  return [...parsed.elementNames].filter(([key]) => !known.has(key)).map(([, name]) => name);
}

/** ValidateUpload: every error of the file, or its summary, and the elements new to the portal. Nothing is saved. */
export async function validateUpload(deps: Pick<AtcDeps, 'db' | 'files' | 'log'>, actor: RequestUser, fileId: string): Promise<AtcPreview> {
  const { fileName, parsed } = await parse(deps, actor, fileId, false);
  const newElements = await newElementsOf(deps, parsed);
  return {
    fileName,
    rowCount: parsed.rowCount,
    elementCount: parsed.elementCount,
    dateCount: parsed.dates.length,
    dateFrom: parsed.dates[0] ?? null,
    dateTo: parsed.dates.at(-1) ?? null,
    isValid: parsed.errorCount === 0,
    errors: parsed.errors,
    errorCount: parsed.errorCount,
    newElements: newElements.slice(0, ATC_ERROR_LIST_LIMIT),
    newElementCount: newElements.length,
  };
}

/**
 * Upload: checks the file again; with any error nothing is saved (400 with every listed error
 * as a field error `rows.{row}.{column}`). Otherwise, in one transaction: the upload record,
 * the file linked to it, every (date, element) row inserted or replaced, and an audit row.
 */
export async function upload(
  deps: AtcDeps,
  actor: RequestUser,
  mode: AtcMode,
  fileId: string,
  meta: RequestMeta,
  opts: { confirmNewElements?: boolean } = {},
): Promise<AtcUploadResult> {
  const { fileName, parsed } = await parse(deps, actor, fileId, true);
  if (parsed.errorCount > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      t.file.rowErrors(parsed.errorCount),
      groupFieldErrors(parsed.errors.map((e) => ({ fieldName: `rows.${e.row}.${e.column}`, message: e.message }))),
    );
  }
  // An element the portal does not know is a misspelling or a new element: the SLDC says which.
  const newElements = await newElementsOf(deps, parsed);
  if (newElements.length > 0 && !opts.confirmNewElements) {
    throw AppError.field(
      'BUSINESS_RULE',
      'confirmNewElements',
      t.file.newElementsUnconfirmed(newElements.slice(0, 10), newElements.length),
    );
  }
  const now = deps.clock.now();
  const uploadId = randomUUID();
  const dateFrom = parsed.dates[0]!;
  const dateTo = parsed.dates.at(-1)!;
  return inTransaction(deps.db, async (tx) => {
    await repo.insertUpload(tx, {
      id: uploadId,
      mode,
      fileId,
      fileName,
      rowCount: parsed.rowCount,
      elementCount: parsed.elementCount,
      dateFrom,
      dateTo,
      insertedCount: 0,
      replacedCount: 0,
      uploadedBy: actor.id,
      uploadedOn: now,
    });
    await deps.files.attach(tx, actor, fileId, { ownerType: ATC_UPLOAD_OWNER_TYPE, ownerId: uploadId }, meta);
    const { inserted, replaced } = await repo.upsertMargins(tx, mode, parsed.rows, { uploadId, userId: actor.id, now });
    await repo.setUploadCounts(tx, uploadId, { insertedCount: inserted, replacedCount: replaced });
    const result: AtcUploadResult = {
      uploadId,
      rowCount: parsed.rowCount,
      insertedCount: inserted,
      replacedCount: replaced,
      elementCount: parsed.elementCount,
      dateFrom,
      dateTo,
    };
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'ATC_UPLOADED',
      entity: 'AtcUpload',
      entityId: uploadId,
      after: { mode, fileId, fileName, ...result, ...(newElements.length > 0 ? { newElements } : {}) },
      requestId: meta.requestId,
    });
    return result;
  });
}

/** The uploads of a mode, newest first, one page. */
export async function getUploads(
  deps: Pick<AtcDeps, 'db'>,
  mode: AtcMode,
  q: { pageNumber: number; pageSize: number },
): Promise<AtcUploadList> {
  const { rows, total } = await repo.findUploads(deps.db, mode, q);
  return {
    uploadList: rows.map((r) => ({
      id: r.id,
      mode: r.mode,
      fileId: r.fileId,
      fileName: r.fileName,
      rowCount: r.rowCount,
      elementCount: r.elementCount,
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      insertedCount: r.insertedCount,
      replacedCount: r.replacedCount,
      uploadedBy: r.uploadedByName,
      uploadedOn: r.uploadedOn.toISOString(),
    })),
    dataCount: total,
  };
}
