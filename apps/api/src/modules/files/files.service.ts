import type { RequestUser } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import type { RequestMeta } from '../account/account.service';
import type { FilesDeps } from './files.deps';
import { createFilePolicy } from './files.policy';
import { filesRepository } from './files.repository';
import { attachFile, getFile, openFile, purgeUnattached } from './stored-files';
import { type IncomingFile, upload } from './upload';

export type { OpenedFile } from './stored-files';
export type { IncomingFile } from './upload';

/**
 * Files (ARCHITECTURE.md §7), table of contents: upload.ts (checks and stores an upload),
 * stored-files.ts (read with the policy, link to a record, purge the unlinked), files.policy.ts
 * (who reads what), files.signature.ts (content matches the extension); SQL in files.repository.ts.
 */
export function createFilesService(deps: Omit<FilesDeps, 'policy'>) {
  const bound: FilesDeps = { ...deps, policy: createFilePolicy() };
  return {
    policy: bound.policy,
    maxBytes: deps.maxBytes,
    storageRoot: deps.storage.root,
    upload: (actor: RequestUser, input: { formName: string; allowed?: string[] }, file: IncomingFile | undefined, meta: RequestMeta) =>
      upload(bound, actor, input, file, meta),
    get: (actor: RequestUser, id: string) => getFile(bound, actor, id),
    open: (actor: RequestUser, id: string) => openFile(bound, actor, id),
    attach: (tx: Tx, actor: RequestUser, fileId: string, owner: { ownerType: string; ownerId: string }, meta: RequestMeta) =>
      attachFile(bound, tx, actor, fileId, owner, meta),
    purgeUnattached: (olderThanMs: number, batch = 500) => purgeUnattached(bound, olderThanMs, batch),
    /** Files linked to one record, newest first (no access check: the owning domain decides). */
    findByOwner: (dbx: DbOrTx, ownerType: string, ownerId: string) => filesRepository.findByOwner(dbx, ownerType, ownerId),
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
