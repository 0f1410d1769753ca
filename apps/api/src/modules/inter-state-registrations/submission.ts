import type { UtilityType } from '@stoa/shared/account';
import { groupFieldErrors } from '@stoa/shared/common';
import {
  INTER_STATE_REGISTRATION_WORKFLOW,
  type InterStateRegistrationDetail,
  type InterStateRegistrationSubmit,
  type InterStateRegistrationValues,
} from '@stoa/shared/inter-state';
import { enInterStateRegistration } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { usersRepository } from '../users/users.repository';
import {
  conflict,
  INTER_STATE_REGISTRATION_OWNER_TYPE,
  type InterStateRegistrationsDeps,
  scopeOf,
  visibleOr404,
} from './inter-state-registrations.access';
import { type InterStateRegistrationRecord, interStateRegistrationsRepository as repo } from './inter-state-registrations.repository';
import { buildDetail, documentRefs, registeredQuantum } from './reads';
import { applyTransition, summary } from './transition';

const E = enInterStateRegistration.errors;

/** The values as stored: what the contract accepted, without the request's envelope fields. */
function valuesOf(input: InterStateRegistrationSubmit): InterStateRegistrationValues {
  const { id: _id, version: _version, registrationId: _r, utilityType: _u, draft: _d, ...values } = input;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as InterStateRegistrationValues;
}

/**
 * Save as draft or submit an inter-state registration (decision 0076): a new one for an approved
 * registration of the caller's own (not a trader's), or the caller's draft or returned record at the
 * version it saw. The server checks what the contract cannot — the registration and the utility it names
 * of the chosen type, the quantum against the registered STOA quantum, the documents the caller's own
 * uploads, one open inter-state registration per registration — reports every failing field at once,
 * and writes the record, its submitted version, history, audit and notifications in one transaction
 * (the owner's row locked, so two submissions cannot both open one).
 */
export async function submit(
  deps: Pick<InterStateRegistrationsDeps, 'db' | 'clock' | 'audit' | 'files' | 'notifications'>,
  actor: RequestUser,
  input: InterStateRegistrationSubmit,
  meta: RequestMeta,
): Promise<InterStateRegistrationDetail> {
  const { db, clock, audit } = deps;
  const s = await scopeOf(db, actor);
  const values = valuesOf(input);
  const id = await inTransaction(db, async (tx) => {
    await usersRepository.lock(tx, actor.id);
    const existing = input.id ? await visibleOr404(tx, s, input.id, { lock: true }) : undefined;
    if (existing) {
      if (existing.ownerUserId !== actor.id || existing.version !== input.version) throw conflict();
      const subject = { status: existing.status, kind: existing.utilityType as UtilityType };
      if (INTER_STATE_REGISTRATION_WORKFLOW.formMode(subject, 'Owner') !== 'Write') throw conflict();
    }

    const items: { fieldName: string; message: string }[] = [];
    const registration = await repo.registration(tx, input.registrationId);
    const own = registration && registration.ownerUserId === actor.id && registration.entityType !== 'Trader';
    if (!own || (existing && existing.registrationId !== registration.id))
      items.push({ fieldName: 'registrationId', message: E.registrationNotFound });
    else if (registration.status !== 'Approved') items.push({ fieldName: 'registrationId', message: E.notApproved });
    const utilityId = own ? (input.utilityType === 'DISCOM' ? registration.discomId : registration.transcoId) : null;
    if (own && !utilityId) items.push({ fieldName: 'utilityType', message: E.noUtility(input.utilityType) });
    const max = own ? registeredQuantum(registration.entityType, registration.data) : null;
    if (values.interStateQuantumMw !== undefined && max !== null && values.interStateQuantumMw > max)
      items.push({ fieldName: 'interStateQuantumMw', message: E.quantumAbove(max.toFixed(2)) });
    const refs = documentRefs(values);
    const files = new Map(
      (
        await repo.filesByIds(
          tx,
          refs.map((r) => r.fileId),
        )
      ).map((f) => [f.id, f]),
    );
    for (const ref of refs) {
      const f = files.get(ref.fileId);
      const ok =
        !!f &&
        (f.ownerType === null
          ? f.uploadedBy === actor.id
          : f.ownerType === INTER_STATE_REGISTRATION_OWNER_TYPE && !!existing && f.ownerId === existing.id);
      if (!ok) items.push({ fieldName: ref.fieldName, message: E.invalidFile(ref.label) });
    }
    if (own && !existing && (await repo.openOf(tx, registration.id))) items.push({ fieldName: 'registrationId', message: E.openExists });
    if (items.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(items));

    const now = clock.now();
    const fields = {
      utilityType: input.utilityType,
      utilityId,
      entityName: registration!.entityName,
      noarRegistrationNo: values.noarRegistrationNo ?? null,
      data: values,
      updatedOn: now,
    };
    let row: InterStateRegistrationRecord;
    if (existing) {
      row = await repo.update(tx, existing.id, { ...fields, version: existing.version + 1 });
    } else {
      row = await repo.insert(tx, {
        ...fields,
        registrationId: registration!.id,
        ownerUserId: actor.id,
        status: 'Draft',
        statusSince: now,
        createdOn: now,
      });
    }
    await attach(deps, tx, actor, row.id, refs, files, meta);
    await audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: existing ? 'INTER_STATE_REGISTRATION_SAVED' : 'INTER_STATE_REGISTRATION_CREATED',
      entity: 'InterStateRegistration',
      entityId: row.id,
      before: existing ? summary(existing) : null,
      after: { ...summary(row), data: values },
      requestId: meta.requestId,
    });
    if (!input.draft) {
      const t = INTER_STATE_REGISTRATION_WORKFLOW.find({ status: row.status, kind: row.utilityType as UtilityType }, 'Submit', 'Owner');
      if (!t) throw conflict();
      await repo.insertVersion(tx, {
        interStateRegistrationId: row.id,
        utilityType: row.utilityType,
        utilityId: row.utilityId,
        data: values,
        submittedBy: actor.id,
        submittedOn: now,
      });
      await applyTransition(deps, tx, row, t, { userId: actor.id, role: actor.role, remarks: null, requestId: meta.requestId });
    }
    return row.id;
  });
  return buildDetail(db, s, await visibleOr404(db, s, id));
}

/** Links the caller's new uploads to the record (documents already linked to it stay). */
async function attach(
  deps: Pick<InterStateRegistrationsDeps, 'files'>,
  tx: Tx,
  actor: RequestUser,
  id: string,
  refs: { fileId: string }[],
  files: Map<string, { id: string; ownerType: string | null }>,
  meta: RequestMeta,
) {
  for (const fileId of new Set(refs.map((r) => r.fileId))) {
    if (files.get(fileId)?.ownerType !== null) continue;
    await deps.files.attach(tx, actor, fileId, { ownerType: INTER_STATE_REGISTRATION_OWNER_TYPE, ownerId: id }, meta);
  }
}
