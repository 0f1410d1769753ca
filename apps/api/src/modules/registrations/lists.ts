import type { EntityType } from '@stoa/shared/account';
import type { RegistrationList, RegistrationListQuery } from '@stoa/shared/registrations';

import type { RequestUser } from '../../platform/auth';
import { referenceRepository } from '../reference/reference.repository';
import { viewerOf } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { toListRow } from './registrations.mapper';
import { type ListKind, registrationsRepository as repo } from './registrations.repository';

/**
 * One page of the registrations in the viewer's scope (filtered, sorted and paged in SQL): the
 * first registrations, the renewals, or all, optionally of one entity type.
 */
export async function list(
  deps: Pick<RegistrationsDeps, 'db'>,
  actor: RequestUser,
  query: RegistrationListQuery,
  opts: { kind: ListKind; entityType?: EntityType },
): Promise<RegistrationList> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  const { rows, total } = await repo.list(db, v, query, opts);
  const utilityIds = [...new Set(rows.flatMap((x) => [x.discomId, x.transcoId]).filter((id): id is string => id !== null))];
  const zones = new Map((await referenceRepository.utilities(db, { ids: utilityIds })).map((u) => [u.id, u.zone]));
  return { registrationList: rows.map((x) => toListRow(x, v.id, zones)), dataCount: total };
}
