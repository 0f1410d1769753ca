import { canRenew, type RegistrationDetail, type RegistrationStatus } from '@stoa/shared/registrations';
import type { EntityType } from '@stoa/shared/account';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { referenceRepository } from '../reference/reference.repository';
import { usersRepository } from '../users/users.repository';
import { fileList } from './documents';
import { LOAD_CENTRE, viewerOf, visibleOr404 } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { toDetail } from './registrations.mapper';
import { type RegistrationRecord, registrationsRepository as repo, type Viewer } from './registrations.repository';

/** One registration as its viewer sees it: the detail page and the PDF downloads. */

/** Loads what the detail shows besides the record (history, documents, utilities, owner, renewal) and maps it. */
export async function buildDetail(dbx: DbOrTx, v: Viewer, row: RegistrationRecord): Promise<RegistrationDetail> {
  const owner = row.ownerUserId === v.id;
  const [history, list, utilities, ownerRow, openRenewal] = await Promise.all([
    repo.history(dbx, row.id),
    fileList(dbx, row),
    referenceRepository.utilities(dbx, { ids: [row.discomId, row.transcoId].filter((x): x is string => !!x) }),
    usersRepository.viewer(dbx, row.ownerUserId),
    owner && canRenew(row.status as RegistrationStatus) ? repo.openRenewalOf(dbx, row.id) : Promise.resolve(undefined),
  ]);
  return toDetail(row, v, { history, fileList: list, utilities, owner: ownerRow, openRenewal });
}

/** The detail of a record the viewer sees (of `entityType`, when given); 404 otherwise. */
export async function detail(
  deps: Pick<RegistrationsDeps, 'db'>,
  actor: RequestUser,
  id: string,
  entityType?: EntityType,
): Promise<RegistrationDetail> {
  const v = await viewerOf(deps.db, actor);
  return buildDetail(deps.db, v, await visibleOr404(deps.db, v, id, entityType));
}

/** What the download routes render: the detail, and for a comparison the previous version. */
export async function forDownload(deps: Pick<RegistrationsDeps, 'db' | 'clock'>, actor: RequestUser, id: string, withPrevious: boolean) {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  if (!LOAD_CENTRE.includes(v.role)) throw new AppError('FORBIDDEN');
  const current = await buildDetail(db, v, await visibleOr404(db, v, id));
  const generatedAt = deps.clock.now();
  if (!withPrevious) return { current, previous: null, generatedAt };
  if (!current.previousRegistrationId)
    throw new AppError('BUSINESS_RULE', 'This registration is not a renewal: there is no previous version to compare with.');
  const previous = await buildDetail(db, v, await visibleOr404(db, v, current.previousRegistrationId));
  return { current, previous, generatedAt };
}
