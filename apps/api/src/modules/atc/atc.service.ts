import { randomUUID } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import {
  ATC_FILE_EXTENSIONS,
  ATC_MAX_ROWS,
  type AtcMargin,
  type AtcMarginUpdate,
  type AtcMode,
  type AtcPreview,
  type AtcUploadList,
  type AtcUploadResult,
  atcBlockStart,
  atcCentiToMw,
  enAtc,
  groupFieldErrors,
  invalidFileMessage,
  parseAtcMargin,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import type { FilesService } from '../files/files.service';
import { type ParsedMargins, parseMarginRows, TooManyRowsError } from './atc.parser';
import { readCsvRows, readXlsxRows, UnreadableFileError } from './atc.reader';
import { atcRepository as repo, type MarginWithUser } from './atc.repository';
import { csvTemplate, type TemplateFile, xlsxTemplate } from './atc.template';

const t = enAtc;
/** Owner type of a saved margin file (files.attach); SLDC business users may read it. */
export const ATC_UPLOAD_OWNER_TYPE = 'AtcUpload';

const fileError = (message: string) => AppError.field('INVALID_FILE', 'fileId', message);

function toMargin(row: MarginWithUser): AtcMargin {
  return {
    id: row.id,
    mode: row.mode,
    marginDate: row.marginDate,
    element: row.element,
    blocks: row.blocks.map(atcCentiToMw),
    version: row.version,
    updatedOn: row.updatedOn.toISOString(),
    updatedBy: row.updatedByName,
  };
}

/**
 * ATC margins (spec 001 §2 ATC menu; DOMAIN.md §3 Margin). Uploads are read from the stored file
 * (files module) as a stream and checked row by row; saving is all or nothing in one transaction.
 */
export function createAtcService(deps: { db: Database; clock: Clock; audit: AuditService; files: FilesService; log: FastifyBaseLogger }) {
  const { db, clock, audit, files, log } = deps;

  files.policy.registerOwner(ATC_UPLOAD_OWNER_TYPE, (actor) => actor.role === 'SLDCBusinessUser');

  /** Reads and checks a stored margin file the actor may read (its uploader, in practice). */
  async function parse(actor: RequestUser, fileId: string, keepRows: boolean): Promise<{ fileName: string; parsed: ParsedMargins }> {
    const meta = await files.get(actor, fileId);
    const ext = meta.extension as (typeof ATC_FILE_EXTENSIONS)[number];
    if (!(ATC_FILE_EXTENSIONS as readonly string[]).includes(ext)) throw fileError(invalidFileMessage(ATC_FILE_EXTENSIONS));
    const opened = await files.open(actor, fileId);
    const source = ext === 'csv' ? readCsvRows(opened.stream) : readXlsxRows(opened.stream);
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

  return {
    /** ValidateUpload: every error of the file, or its summary. Nothing is saved. */
    async validate(actor: RequestUser, fileId: string): Promise<AtcPreview> {
      const { fileName, parsed } = await parse(actor, fileId, false);
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
      };
    },

    /**
     * Upload: checks the file again; with any error nothing is saved (400 with every listed error
     * as a field error `rows.{row}.{column}`). Otherwise, in one transaction: the upload record,
     * the file linked to it, every (date, element) row inserted or replaced, and an audit row.
     */
    async upload(actor: RequestUser, mode: AtcMode, fileId: string, meta: RequestMeta): Promise<AtcUploadResult> {
      const { fileName, parsed } = await parse(actor, fileId, true);
      if (parsed.errorCount > 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          t.file.rowErrors(parsed.errorCount),
          groupFieldErrors(parsed.errors.map((e) => ({ fieldName: `rows.${e.row}.${e.column}`, message: e.message }))),
        );
      }
      const now = clock.now();
      const uploadId = randomUUID();
      const dateFrom = parsed.dates[0]!;
      const dateTo = parsed.dates.at(-1)!;
      return inTransaction(db, async (tx) => {
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
        await files.attach(tx, actor, fileId, { ownerType: ATC_UPLOAD_OWNER_TYPE, ownerId: uploadId }, meta);
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
        await audit.record(tx, {
          actor: { id: actor.id, role: actor.role },
          action: 'ATC_UPLOADED',
          entity: 'AtcUpload',
          entityId: uploadId,
          after: { mode, fileId, fileName, ...result },
          requestId: meta.requestId,
        });
        return result;
      });
    },

    async getMargins(mode: AtcMode, q: { date: string; element?: string; pageNumber: number; pageSize: number }) {
      const { rows, total } = await repo.findMargins(db, mode, q);
      return { marginList: rows.map(toMargin), dataCount: total };
    },

    /**
     * Corrects blocks of one margin row. The caller sends the version it read: a row changed since
     * is refused (409) rather than overwritten. The audit row holds each changed block's margin
     * before and after. A correction that changes nothing writes nothing.
     */
    async updateMargin(actor: RequestUser, id: string, input: AtcMarginUpdate, meta: RequestMeta): Promise<AtcMargin> {
      await inTransaction(db, async (tx) => {
        const row = await repo.findMarginForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', t.update.notFound);
        if (row.version !== input.version) throw new AppError('CONFLICT', t.update.stale);
        const blocks = [...row.blocks];
        const before: Record<string, string> = {};
        const after: Record<string, string> = {};
        for (const { block, margin } of input.blocks) {
          const parsed = parseAtcMargin(margin);
          if (!parsed.ok) throw new Error('a correction passed the schema with an invalid margin');
          if (blocks[block - 1] === parsed.centi) continue;
          const label = `${block} (${atcBlockStart(block)})`;
          before[label] = atcCentiToMw(blocks[block - 1]!);
          after[label] = atcCentiToMw(parsed.centi);
          blocks[block - 1] = parsed.centi;
        }
        if (Object.keys(after).length === 0) return;
        const version = row.version + 1;
        await repo.updateBlocks(tx, id, { blocks, version, updatedBy: actor.id, updatedOn: clock.now() });
        const identity = { mode: row.mode, marginDate: row.marginDate, element: row.element };
        await audit.record(tx, {
          actor: { id: actor.id, role: actor.role },
          action: 'ATC_MARGIN_CORRECTED',
          entity: 'AtcMargin',
          entityId: id,
          before: { ...identity, version: row.version, blocks: before },
          after: { ...identity, version, blocks: after },
          requestId: meta.requestId,
        });
      });
      const saved = await repo.findMargin(db, id);
      return toMargin(saved!);
    },

    async getUploads(mode: AtcMode, q: { pageNumber: number; pageSize: number }): Promise<AtcUploadList> {
      const { rows, total } = await repo.findUploads(db, mode, q);
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
    },

    template(format: 'xlsx' | 'csv'): TemplateFile {
      return format === 'csv' ? csvTemplate() : xlsxTemplate();
    },
  };
}
export type AtcService = ReturnType<typeof createAtcService>;
