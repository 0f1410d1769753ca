import { type AuthUser, manualsEndpoints, manualTargetFor } from '@stoa/shared';

import { download } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The manual type: the role, or the entity type for an OA applicant (spec 000 §6). */
export function manualTypeFor(user: Pick<AuthUser, 'role' | 'entityType'>): string {
  return manualTargetFor(user.role, user.entityType) || user.role;
}

/** The server sent the file without a name in Content-Disposition. */
export class MissingFileNameError extends Error {}

/**
 * GET /api/File/DownloadManuals?entitityType=… (spec 000 §7; the query name is the spec's): the
 * signed-in user's manual, handed to the browser as a file.
 */
export async function downloadUserManual(user: Pick<AuthUser, 'role' | 'entityType'>): Promise<void> {
  const file = await download(manualsEndpoints.downloadManual, { query: { entitityType: manualTypeFor(user) } });
  if (!file.fileName) throw new MissingFileNameError();
  saveFile(file.blob, file.fileName);
}
