import type { UtilityType } from '@stoa/shared/account';
import { enInterStateRegistration } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { OpenedFile } from '../files/files.service';
import {
  INTER_STATE_REGISTRATION_OWNER_TYPE,
  type InterStateRegistrationsDeps,
  notFound,
  scopeOf,
  visibleOr404,
} from './inter-state-registrations.access';
import { interStateRegistrationComparisonPdf, interStateRegistrationDetailPdf } from './inter-state-registrations.pdf';
import { interStateRegistrationsRepository as repo } from './inter-state-registrations.repository';
import { buildDetail } from './reads';

/** The downloads at the spec's InterState/… paths (decision 0076): only for those who may see the record; 404 otherwise. */

const safe = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, '-');
const baseName = (d: { id: string; interStateRegistrationNo: string | null }) =>
  `inter-state-registration-${safe(d.interStateRegistrationNo ?? d.id)}`;

export async function detailPdf(deps: Pick<InterStateRegistrationsDeps, 'db' | 'clock'>, actor: RequestUser, id: string) {
  const s = await scopeOf(deps.db, actor);
  const detail = await buildDetail(deps.db, s, await visibleOr404(deps.db, s, id));
  return { fileName: `${baseName(detail)}.pdf`, stream: interStateRegistrationDetailPdf({ detail, generatedAt: deps.clock.now() }) };
}

/** The last submitted version against the one before; a record never submitted has nothing to compare (422). */
export async function comparisonPdf(deps: Pick<InterStateRegistrationsDeps, 'db' | 'clock'>, actor: RequestUser, id: string) {
  const s = await scopeOf(deps.db, actor);
  const detail = await buildDetail(deps.db, s, await visibleOr404(deps.db, s, id));
  const versions = await repo.versions(deps.db, id, 2);
  if (versions.length === 0) throw new AppError('BUSINESS_RULE', enInterStateRegistration.errors.noComparison);
  const utilityIds = [...new Set(versions.map((v) => v.utilityId).filter((x): x is string => !!x))];
  const names = new Map((await repo.utilities(deps.db, utilityIds)).map((u) => [u.id, u.name]));
  const [current, previous] = versions.map((v) => ({
    submission: v.submission,
    submittedOn: v.submittedOn,
    utilityType: v.utilityType as UtilityType,
    utilityName: v.utilityId ? (names.get(v.utilityId) ?? null) : null,
    data: v.data,
  }));
  return {
    fileName: `${baseName(detail)}-comparison.pdf`,
    stream: interStateRegistrationComparisonPdf({ detail, current: current!, previous: previous ?? null, generatedAt: deps.clock.now() }),
  };
}

/** A document of a record the caller sees, opened for streaming; any other file (or none) is 404. */
export async function openDocument(
  deps: Pick<InterStateRegistrationsDeps, 'db' | 'files'>,
  actor: RequestUser,
  fileId: string,
): Promise<OpenedFile> {
  const file = await repo.findFile(deps.db, fileId);
  if (!file || file.ownerType !== INTER_STATE_REGISTRATION_OWNER_TYPE || !file.ownerId) throw notFound();
  const s = await scopeOf(deps.db, actor);
  if (!(await repo.findVisible(deps.db, s, file.ownerId))) throw notFound();
  return deps.files.open(actor, fileId);
}
