import type { RequestUser } from '../../platform/auth';
import type { FileRow } from './files.repository';

/**
 * Whether `actor` may read files belonging to the record `ownerId` of one owner type. Each domain
 * that links files to its records registers one (e.g. 'Registration' → the applicant who owns the
 * registration and the staff roles that review it), reusing its own record policy.
 */
export type FileOwnerReadCheck = (actor: RequestUser, ownerId: string | null) => boolean | Promise<boolean>;

/** Owner type of the user manuals (configuration): every signed-in user may read them. */
export const USER_MANUAL_OWNER_TYPE = 'UserManual';

/**
 * Who may read a stored file (ARCHITECTURE.md §5, §7): the Admin, the uploader, and whoever the
 * owning record's check allows. Nobody else — and the caller answers them 404, not 403, so the
 * existence of a file is not revealed.
 */
export function createFilePolicy() {
  const owners = new Map<string, FileOwnerReadCheck>([[USER_MANUAL_OWNER_TYPE, () => true]]);

  return {
    /** Extension point: a domain registers the read check of its owner type once, at start-up. */
    registerOwner(ownerType: string, check: FileOwnerReadCheck) {
      if (owners.has(ownerType)) throw new Error(`file owner type ${ownerType} is already registered`);
      owners.set(ownerType, check);
    },

    hasOwnerType: (ownerType: string) => owners.has(ownerType),

    async canRead(actor: RequestUser, file: Pick<FileRow, 'uploadedBy' | 'ownerType' | 'ownerId'>): Promise<boolean> {
      if (actor.role === 'Admin') return true;
      if (file.uploadedBy !== null && file.uploadedBy === actor.id) return true;
      if (!file.ownerType) return false;
      const check = owners.get(file.ownerType);
      return check ? (await check(actor, file.ownerId)) === true : false;
    },
  };
}
export type FilePolicy = ReturnType<typeof createFilePolicy>;
