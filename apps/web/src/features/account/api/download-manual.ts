import type { AuthUser } from '@stoa/shared/account';
import { manualsEndpoints, manualTargetFor } from '@stoa/shared/configuration';

import { download } from '../../../lib/api-client';
import { errorText, isApiError } from '../../../lib/api-error';
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

/**
 * The toast of a failed manual download (spec 000 §8): 'Unable to download file. Invalid file name
 * received from server.' without a file name; the server's own reason when it refused the request
 * (e.g. 404 'No user manual has been uploaded for your role yet.'); else 'Unable to download file.'.
 */
export function manualDownloadErrorText(error: unknown, texts: { downloadFailed: string; downloadInvalidName: string }): string {
  if (error instanceof MissingFileNameError) return texts.downloadInvalidName;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) return errorText(error, texts.downloadFailed);
  return texts.downloadFailed;
}
