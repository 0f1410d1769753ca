import type { AuthUser } from '@stoa/shared';

import { download } from '../../../lib/api-client';

/**
 * GET /api/File/DownloadManuals?entitityType=… (spec 000 §7; the query name is the spec's).
 * The files issue adds its contract to packages/shared; until then only method and path are known.
 */
const downloadManuals = { method: 'GET', path: '/api/File/DownloadManuals', roles: 'All' } as const;

/** The manual type: the role, or the entity type for an OA applicant (spec 000 §6). */
export function manualTypeFor(user: Pick<AuthUser, 'role' | 'entityType'>): string {
  return user.role === 'OABusinessUser' ? (user.entityType ?? user.role) : user.role;
}

export class MissingFileNameError extends Error {}

/** Downloads the user manual and hands it to the browser as a file. */
export async function downloadUserManual(user: Pick<AuthUser, 'role' | 'entityType'>): Promise<void> {
  const file = await download(downloadManuals, { query: { entitityType: manualTypeFor(user) } });
  if (!file.fileName) throw new MissingFileNameError();
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
