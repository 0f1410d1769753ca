import type { Readable } from 'node:stream';

import {
  allowedExtensionsFor,
  FILE_CONTENT_TYPES,
  fileExtension,
  type FileKind,
  type FileUploadResult,
  invalidFileMessage,
  isFileExtension,
  kindOfExtension,
  sanitizeFileName,
} from '@stoa/shared/files';
import { enFiles } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { FilesDeps } from './files.deps';
import { filesRepository } from './files.repository';
import { createContentInspector } from './files.signature';

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

export function formatBytes(n: number): string {
  if (n >= 1_048_576) return `${Math.round((n / 1_048_576) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round((n / 1024) * 10) / 10} KB`;
  return `${n} bytes`;
}

const fileField = (code: 'INVALID_FILE' | 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string) =>
  AppError.field(code, UPLOAD_FIELD, message);

/** A file-system failure (disk full, permissions), as opposed to a broken client stream. */
const isStorageError = (err: unknown) => typeof (err as NodeJS.ErrnoException | undefined)?.syscall === 'string';

/**
 * Stores one uploaded file: the display name is sanitised (a name with nothing usable is
 * refused), the extension must be allowed for the form, the content must match the extension,
 * the size must be within the cap, and the uploader's unattached files within the quota. Writes
 * the metadata row and an audit row.
 */
export async function upload(
  deps: Pick<FilesDeps, 'db' | 'clock' | 'audit' | 'storage' | 'maxBytes' | 'quotaBytes' | 'log'>,
  actor: RequestUser,
  input: { formName: string; allowed?: string[] },
  file: IncomingFile | undefined,
  meta: RequestMeta,
): Promise<FileUploadResult> {
  const { db, clock, audit, storage, log } = deps;
  const quotaBytes = deps.quotaBytes ?? Number.POSITIVE_INFINITY;
  const overQuota = () => fileField('PAYLOAD_TOO_LARGE', t.quotaExceeded(formatBytes(quotaBytes)));
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

  // The quota: a user who already holds its quota of unattached uploads stores nothing more.
  if ((await filesRepository.unattachedBytes(db, actor.id)) >= quotaBytes) throw reject(overQuota());

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
      // One upload of a user at a time past this point, so parallel uploads cannot pass the quota together.
      await filesRepository.lockUploadsOf(tx, actor.id);
      if ((await filesRepository.unattachedBytes(tx, actor.id)) + received.size > quotaBytes) throw overQuota();
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
}
