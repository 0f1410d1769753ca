import type { Readable } from 'node:stream';

import { enFiles } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { SYSTEM_ACTOR } from '../audit/audit.service';
import type { FilesDeps } from './files.deps';
import { type FileRow, filesRepository } from './files.repository';

/** Stored files after the upload: reading them (policy-checked), linking them to a record, and the cleanup of unlinked ones. */

const t = enFiles.files;
const notFound = () => new AppError('NOT_FOUND', t.notFound);

export interface OpenedFile {
  file: FileRow;
  stream: Readable;
  size: number;
}

/** The metadata of a file the actor may read; 404 otherwise (existence is not revealed). */
export async function getFile(deps: Pick<FilesDeps, 'db' | 'policy'>, actor: RequestUser, id: string): Promise<FileRow> {
  const row = await filesRepository.findById(deps.db, id);
  if (!row || !(await deps.policy.canRead(actor, row))) throw notFound();
  return row;
}

/** A file the actor may read, opened for streaming. */
export async function openFile(
  deps: Pick<FilesDeps, 'db' | 'policy' | 'storage' | 'log'>,
  actor: RequestUser,
  id: string,
): Promise<OpenedFile> {
  const row = await getFile(deps, actor, id);
  try {
    const { stream, size } = await deps.storage.open(row.storedName);
    return { file: row, stream, size };
  } catch (err) {
    deps.log.error({ err, fileId: row.id }, 'stored file is missing');
    throw new AppError('INTERNAL', t.downloadFailed);
  }
}

/**
 * Links an uploaded file to the record it belongs to, in the caller's transaction. Only the
 * uploader (or the Admin) may link a file, and a file belongs to one record.
 */
export async function attachFile(
  deps: Pick<FilesDeps, 'audit' | 'policy'>,
  tx: Tx,
  actor: RequestUser,
  fileId: string,
  owner: { ownerType: string; ownerId: string },
  meta: RequestMeta,
): Promise<FileRow> {
  if (!deps.policy.hasOwnerType(owner.ownerType)) throw new Error(`file owner type ${owner.ownerType} is not registered`);
  const row = await filesRepository.findByIdForUpdate(tx, fileId);
  if (!row || (actor.role !== 'Admin' && row.uploadedBy !== actor.id)) throw notFound();
  if (row.ownerType === owner.ownerType && row.ownerId === owner.ownerId) return row;
  if (row.ownerType) throw new AppError('CONFLICT', t.alreadyLinked);
  const after = await filesRepository.setOwner(tx, fileId, owner.ownerType, owner.ownerId);
  await deps.audit.record(tx, {
    actor: { id: actor.id, role: actor.role },
    action: 'FILE_ATTACHED',
    entity: 'File',
    entityId: fileId,
    before: { ownerType: null, ownerId: null },
    after: owner,
    requestId: meta.requestId,
  });
  return after;
}

/**
 * Deletes uploaded files never attached to a record that are older than `olderThanMs` (a day
 * for the 'files.purge-unattached' job): the row (with an audit row) and then the stored bytes.
 * A row some record still references is left alone. Returns how many files were deleted.
 */
export async function purgeUnattached(
  deps: Pick<FilesDeps, 'db' | 'clock' | 'audit' | 'storage' | 'log'>,
  olderThanMs: number,
  batch = 500,
): Promise<number> {
  const { db, audit, storage, log } = deps;
  const before = new Date(deps.clock.now().getTime() - olderThanMs);
  let deleted = 0;
  for (const row of await filesRepository.findUnattachedBefore(db, before, batch)) {
    try {
      const gone = await inTransaction(db, async (tx) => {
        if (!(await filesRepository.deleteUnattached(tx, row.id))) return false;
        await audit.record(tx, {
          actor: SYSTEM_ACTOR,
          action: 'FILE_PURGED',
          entity: 'File',
          entityId: row.id,
          before: {
            fileName: row.originalName,
            size: row.sizeBytes,
            sha256: row.sha256,
            uploadedBy: row.uploadedBy,
            createdAt: row.createdAt,
          },
        });
        return true;
      });
      if (!gone) continue;
      await storage.remove(row.storedName);
      deleted++;
    } catch (err) {
      log.warn({ err, fileId: row.id }, 'could not delete an unattached upload');
    }
  }
  return deleted;
}
