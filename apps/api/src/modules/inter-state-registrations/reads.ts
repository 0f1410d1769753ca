import type { EntityType, UtilityType } from '@stoa/shared/account';
import {
  INTER_STATE_REGISTRATION_DOCUMENTS,
  INTER_STATE_REGISTRATION_STATUS_LABELS,
  INTER_STATE_REGISTRATION_WORKFLOW,
  type InterStateEligible,
  type InterStateRegistrationDetail,
  type InterStateRegistrationList,
  type InterStateRegistrationListQuery,
  type InterStateRegistrationStatus,
  type InterStateRegistrationValues,
} from '@stoa/shared/inter-state';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { historyEntry } from '../inter-state/inter-state.mapper';
import { num } from '../registrations/registrations.mapper';
import { type InterStateRegistrationsDeps, scopeOf, visibleOr404 } from './inter-state-registrations.access';
import {
  type InterStateRegistrationRecord,
  interStateRegistrationsRepository as repo,
  type InterStateScope,
} from './inter-state-registrations.repository';

/** The lists, one record, and the caller's registrations that may register (decision 0076). */

const statusOf = (status: string) => ({
  status: status as InterStateRegistrationStatus,
  statusDescription: INTER_STATE_REGISTRATION_STATUS_LABELS[status as InterStateRegistrationStatus] ?? status,
});

/** The documents the values refer to, in form order. */
export function documentRefs(values: InterStateRegistrationValues) {
  return INTER_STATE_REGISTRATION_DOCUMENTS.flatMap((d) => {
    const fileId = values[d.name];
    return fileId ? [{ fieldName: d.name, label: d.label, fileId }] : [];
  });
}

/** The registered STOA quantum of a registration (MW): the larger of injection and drawal its type has. */
export function registeredQuantum(entityType: string, data: Record<string, unknown>): number | null {
  const injecting = entityType === 'InjectingEntity' || entityType === 'BothEntity';
  const drawee = entityType === 'DraweeEntity' || entityType === 'BothEntity';
  const values = [injecting ? num(data.stoaInjectionQuantum) : null, drawee ? num(data.stoaDrawlQuantum) : null].filter(
    (x): x is number => x !== null,
  );
  return values.length > 0 ? Math.max(...values) : null;
}

/** One record as its viewer sees it, with the documents, the history and the viewer's actions. */
export async function buildDetail(
  db: DbOrTx,
  s: InterStateScope,
  row: InterStateRegistrationRecord,
): Promise<InterStateRegistrationDetail> {
  const refs = documentRefs(row.data);
  const [registration, utilities, history, files, submissions] = await Promise.all([
    repo.registration(db, row.registrationId),
    repo.utilities(db, row.utilityId ? [row.utilityId] : []),
    repo.history(db, row.id),
    repo.filesByIds(
      db,
      refs.map((r) => r.fileId),
    ),
    repo.submissionCount(db, row.id),
  ]);
  const names = new Map(files.map((f) => [f.id, f.originalName]));
  const owner = row.ownerUserId === s.viewer.id;
  const subject = { status: row.status, kind: row.utilityType as UtilityType };
  return {
    id: row.id,
    version: row.version,
    status: statusOf(row.status),
    utilityType: row.utilityType as UtilityType,
    utilityId: row.utilityId,
    utilityName: utilities[0]?.name ?? null,
    registrationId: row.registrationId,
    registrationNo: registration?.registrationNo ?? null,
    entityName: row.entityName,
    entityType: (registration?.entityType ?? 'InjectingEntity') as EntityType,
    interStateRegistrationNo: row.interStateRegistrationNo,
    values: row.data,
    documents: refs.map((r) => ({ ...r, fileName: names.get(r.fileId) ?? '' })),
    history: history.map(historyEntry),
    allowedActions: INTER_STATE_REGISTRATION_WORKFLOW.available(subject, owner ? 'Owner' : s.viewer.role),
    formMode: owner ? INTER_STATE_REGISTRATION_WORKFLOW.formMode(subject, 'Owner') : 'ReadOnly',
    isOwner: owner,
    submissions,
    submittedOn: row.submittedOn?.toISOString() ?? null,
    approvedOn: row.approvedOn?.toISOString() ?? null,
    updatedOn: row.updatedOn.toISOString(),
  };
}

export async function detail(deps: Pick<InterStateRegistrationsDeps, 'db'>, actor: RequestUser, id: string) {
  const s = await scopeOf(deps.db, actor);
  return buildDetail(deps.db, s, await visibleOr404(deps.db, s, id));
}

export async function list(
  deps: Pick<InterStateRegistrationsDeps, 'db'>,
  actor: RequestUser,
  q: InterStateRegistrationListQuery,
): Promise<InterStateRegistrationList> {
  const s = await scopeOf(deps.db, actor);
  const { rows, total } = await repo.list(deps.db, s, q);
  return {
    registrationList: rows.map((x) => ({
      id: x.record.id,
      utilityType: x.record.utilityType as UtilityType,
      interStateRegistrationNo: x.record.interStateRegistrationNo,
      registrationNo: x.registrationNo,
      entityName: x.record.entityName,
      entityType: x.entityType as EntityType,
      noarRegistrationNo: x.record.noarRegistrationNo,
      utilityName: x.utilityName,
      region: x.record.data.region ?? null,
      updatedOn: x.record.updatedOn.toISOString(),
      status: statusOf(x.record.status),
    })),
    dataCount: total,
  };
}

/** The caller's approved registrations (not traders) with the utilities each names and its registered quantum. */
export async function eligible(deps: Pick<InterStateRegistrationsDeps, 'db'>, actor: RequestUser): Promise<InterStateEligible[]> {
  const rows = await repo.eligible(deps.db, actor.id);
  const ids = [...new Set(rows.flatMap((x) => [x.registration.discomId, x.registration.transcoId]).filter((x): x is string => !!x))];
  const utilities = new Map((await repo.utilities(deps.db, ids)).map((u) => [u.id, u]));
  return rows.map(({ registration: r, openId }) => ({
    registrationId: r.id,
    registrationNo: r.registrationNo,
    entityName: r.entityName,
    entityType: r.entityType as EntityType,
    utilities: [r.discomId, r.transcoId]
      .map((id) => (id ? utilities.get(id) : undefined))
      .filter((u): u is NonNullable<typeof u> => !!u)
      .map((u) => ({ utilityType: u.type as UtilityType, utilityId: u.id, name: u.name })),
    maxQuantumMw: registeredQuantum(r.entityType, r.data),
    openInterStateRegistrationId: openId,
  }));
}
