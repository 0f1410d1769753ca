import type { Readable } from 'node:stream';

import type { FastifyBaseLogger } from 'fastify';

import {
  allowedExtensionsFor,
  enFiles,
  FILE_CONTENT_TYPES,
  fileExtension,
  type FileKind,
  type FileUploadResult,
  invalidFileMessage,
  isFileExtension,
  kindOfExtension,
  sanitizeFileName,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/storage';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import { createContentInspector } from './files.signature';
import { createFilePolicy } from './files.policy';
import { filesRepository } from './files.repository';
import type { FileRow } from './files.tables';

const t = enFiles.files;
/** The multipart field of the file (spec 000 §7). */
export const UPLOAD_FIELD = 'uploadedFile';

/** One file part of a multipart request, as the route hands it over. */
export interface IncomingFile {
  fieldName: string;
  fileName: string;
  /** The part's bytes; `truncated` is set when the size cap cut it. */
  stream: Readable & { truncated?: boolean };
}

export interface OpenedFile {
  file: FileRow;
  stream: Readable;
  size: number;
}

export function formatBytes(n: number): string {
  if (n >= 1_048_576) return `${Math.round((n / 1_048_576) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}

const fileField = (code: 'INVALID_FILE' | 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string) =>
  AppError.field(code, UPLOAD_FIELD, message);

/** A file-system failure (disk full, permissions), as opposed to a broken client stream. */
const isStorageError = (err: unknown) => typeof (err as NodeJS.ErrnoException | undefined)?.syscall === 'string';

export function createFilesService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
  maxBytes: number;
  log: FastifyBaseLogger;
}) {
  const { db, clock, audit, storage, log } = deps;
  const policy = createFilePolicy();
  const notFound = () => new AppError('NOT_FOUND', t.notFound);

  /** The metadata of a file the actor may read; 404 otherwise (existence is not revealed). */
  async function get(actor: RequestUser, id: string): Promise<FileRow> {
    const row = await filesRepository.findById(db, id);
    if (!row || !(await policy.canRead(actor, row))) throw notFound();
    return row;
  }

  return {
    policy,
    maxBytes: deps.maxBytes,
    storageRoot: storage.root,

    /**
     * Stores one uploaded file: the display name is sanitised (a name with nothing usable is
     * refused), the extension must be allowed for the form, the content must match the extension,
     * and the size must be within the cap. Writes the metadata row and an audit row.
     */
    async upload(
      actor: RequestUser,
      input: { formName: string; allowed?: string[] },
      file: IncomingFile | undefined,
      meta: RequestMeta,
    ): Promise<FileUploadResult> {
      // Errors before the content is read leave the rest of the part to drain.
      const reject = (err: AppError) => {
        file?.stream.resume();
        return err;
      };
      if (!file || file.fieldName !== UPLOAD_FIELD) throw reject(fileField('VALIDATION_FAILED', t.noFile));
      const allowed = allowedExtensionsFor(input.formName, input.allowed);
      if (allowed.length === 0) throw reject(AppError.field('VALIDATION_FAILED', 'allowed', t.nothingAllowed));
      const name = sanitizeFileName(file.fileName);
      if (!name) throw reject(fileField('INVALID_FILE', t.invalidFileName));
      const ext = fileExtension(name);
      if (!isFileExtension(ext) || !allowed.includes(ext)) throw reject(fileField('INVALID_FILE', invalidFileMessage(allowed)));

      const inspector = createContentInspector(ext);
      let received;
      try {
        received = await storage.receive(file.stream, (chunk) => inspector.push(chunk));
      } catch (err) {
        if (isStorageError(err)) {
          log.error({ err }, 'could not store an uploaded file');
          throw new AppError('INTERNAL', t.uploadFailed);
        }
        throw fileField('VALIDATION_FAILED', t.uploadFailed);
      }
      try {
        if (file.stream.truncated) throw fileField('PAYLOAD_TOO_LARGE', t.tooLarge(formatBytes(deps.maxBytes)));
        if (received.size === 0) throw fileField('INVALID_FILE', t.emptyFile);
        if (!inspector.matches()) throw fileField('INVALID_FILE', invalidFileMessage(allowed));
      } catch (err) {
        await storage.discard(received.tempPath);
        throw err;
      }

      const storedName = storage.newStoredName();
      try {
        await storage.commit(received.tempPath, storedName);
      } catch (err) {
        await storage.discard(received.tempPath);
        log.error({ err }, 'could not store an uploaded file');
        throw new AppError('INTERNAL', t.uploadFailed);
      }
      try {
        return await inTransaction(db, async (tx) => {
          const row = await filesRepository.insert(tx, {
            originalName: name,
            storedName,
            kind: kindOfExtension(ext)!,
            extension: ext,
            mime: FILE_CONTENT_TYPES[ext],
            sizeBytes: received.size,
            sha256: received.sha256,
            uploadedBy: actor.id,
            formName: input.formName,
            createdAt: clock.now(),
          });
          await audit.record(tx, {
            actor: { id: actor.id, role: actor.role },
            action: 'FILE_UPLOADED',
            entity: 'File',
            entityId: row.id,
            after: { fileName: row.originalName, kind: row.kind, size: row.sizeBytes, sha256: row.sha256, formName: row.formName },
            requestId: meta.requestId,
          });
          return { id: row.id, fileName: row.originalName, kind: row.kind as FileKind, size: row.sizeBytes };
        });
      } catch (err) {
        await storage.remove(storedName).catch(() => {});
        throw err;
      }
    },

    get,

    /** A file the actor may read, opened for streaming. */
    async open(actor: RequestUser, id: string): Promise<OpenedFile> {
      const row = await get(actor, id);
      try {
        const { stream, size } = await storage.open(row.storedName);
        return { file: row, stream, size };
      } catch (err) {
        log.error({ err, fileId: row.id }, 'stored file is missing');
        throw new AppError('INTERNAL', t.downloadFailed);
      }
    },

    /**
     * Links an uploaded file to the record it belongs to, in the caller's transaction. Only the
     * uploader (or the Admin) may link a file, and a file belongs to one record.
     */
    async attach(tx: Tx, actor: RequestUser, fileId: string, owner: { ownerType: string; ownerId: string }, meta: RequestMeta): Promise<FileRow> {
      if (!policy.hasOwnerType(owner.ownerType)) throw new Error(`file owner type ${owner.ownerType} is not registered`);
      const row = await filesRepository.findByIdForUpdate(tx, fileId);
      if (!row || (actor.role !== 'Admin' && row.uploadedBy !== actor.id)) throw notFound();
      if (row.ownerType === owner.ownerType && row.ownerId === owner.ownerId) return row;
      if (row.ownerType) throw new AppError('CONFLICT', t.alreadyLinked);
      const after = await filesRepository.setOwner(tx, fileId, owner.ownerType, owner.ownerId);
      await audit.record(tx, {
        actor: { id: actor.id, role: actor.role },
        action: 'FILE_ATTACHED',
        entity: 'File',
        entityId: fileId,
        before: { ownerType: null, ownerId: null },
        after: owner,
        requestId: meta.requestId,
      });
      return after;
    },

    /** Files linked to one record, newest first (no access check: the owning domain decides). */
    findByOwner: (dbx: DbOrTx, ownerType: string, ownerId: string) => filesRepository.findByOwner(dbx, ownerType, ownerId),
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
