import { enForms } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { type FieldError, groupFieldErrors } from '@stoa/shared/common';
import { type FileValidation, type RegistrationActionInput, registrationDocuments } from '@stoa/shared/registrations';
import type { FormValues } from '@stoa/shared/forms';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { filesRepository } from '../files/files.repository';
import { viewerOf, visibleOr404 } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { isRecord, str } from './registrations.mapper';
import { type RegistrationRecord, registrationsRepository as repo, type Viewer } from './registrations.repository';

/** The documents of a registration: which uploads its values refer to, who may link them, and their verification. */

/** Owner type of the files linked to a registration (files module policy). */
export const REGISTRATION_OWNER_TYPE = 'Registration';

/** A document reference in a registration's values: a file field or a zone row's document. */
export interface FileRef {
  fieldName: string;
  label: string;
  fileId: string;
  validityField?: string;
}

/** Every uploaded file the values refer to (file fields and zone documents), in form order. */
export function fileRefs(entityType: EntityType, data: FormValues): FileRef[] {
  const out: FileRef[] = [];
  for (const doc of registrationDocuments(entityType)) {
    const fileId = str(data[doc.name]);
    if (fileId)
      out.push({ fieldName: doc.name, label: doc.label, fileId, ...(doc.validityField ? { validityField: doc.validityField } : {}) });
  }
  const zones = data.zones;
  if (Array.isArray(zones)) {
    zones.forEach((zone, i) => {
      if (!isRecord(zone)) return;
      const fileId = str(zone.zonefileId);
      const name = str(zone.zone);
      if (fileId)
        out.push({
          fieldName: `zones.${i}.zonefileId`,
          label: name ? `${enForms.zone.zonefileId} (${name})` : enForms.zone.zonefileId,
          fileId,
        });
    });
  }
  return out;
}

/**
 * Uploaded files the owner may put on a registration: its own uploads not linked elsewhere, or
 * documents already linked to one of its registrations (a renewal carries the previous ones).
 */
export async function fileErrors(dbx: DbOrTx, v: Viewer, registrationId: string | null, refs: FileRef[]): Promise<FieldError[]> {
  const rows = new Map(
    (
      await filesRepository.findManyByIds(
        dbx,
        refs.map((x) => x.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  const linked = await repo.ownersOf(
    dbx,
    [...rows.values()].filter((f) => f.ownerType === REGISTRATION_OWNER_TYPE && f.ownerId).map((f) => f.ownerId!),
  );
  const items: { fieldName: string; message: string }[] = [];
  for (const ref of refs) {
    const f = rows.get(ref.fileId);
    const ok =
      !!f &&
      (f.ownerType === null
        ? f.uploadedBy === v.id
        : f.ownerType === REGISTRATION_OWNER_TYPE && (f.ownerId === registrationId || linked.get(f.ownerId ?? '') === v.id));
    if (!ok) items.push({ fieldName: ref.fieldName, message: enForms.field.invalidFile(ref.label) });
  }
  return groupFieldErrors(items);
}

/** Links the values' new uploads to the registration (documents of an earlier registration stay with it). */
export async function attachFiles(
  deps: Pick<RegistrationsDeps, 'files'>,
  tx: Tx,
  actor: RequestUser,
  registrationId: string,
  refs: FileRef[],
  meta: RequestMeta,
) {
  const rows = await filesRepository.findManyByIds(
    tx,
    refs.map((x) => x.fileId),
  );
  const seen = new Set<string>();
  for (const f of rows) {
    if (seen.has(f.id)) continue;
    seen.add(f.id);
    if (f.ownerType !== null || f.uploadedBy !== actor.id) continue;
    await deps.files.attach(tx, actor, f.id, { ownerType: REGISTRATION_OWNER_TYPE, ownerId: registrationId }, meta);
  }
}

/** The record's documents with their file names and the SLDC's verification of the current file. */
export async function fileList(dbx: DbOrTx, row: RegistrationRecord): Promise<FileValidation[]> {
  const refs = fileRefs(row.entityType as EntityType, row.data);
  if (refs.length === 0) return [];
  const [fileRows, checks] = await Promise.all([
    filesRepository.findManyByIds(
      dbx,
      refs.map((x) => x.fileId),
    ),
    repo.fileChecks(dbx, row.id),
  ]);
  const names = new Map(fileRows.map((f) => [f.id, f.originalName]));
  const byField = new Map(checks.map((c) => [c.fieldName, c]));
  return refs.map((ref) => {
    const check = byField.get(ref.fieldName);
    const current = check && check.fileId === ref.fileId ? check : undefined;
    return {
      fieldName: ref.fieldName,
      documentLabel: ref.label,
      fileId: ref.fileId,
      fileName: names.get(ref.fileId) ?? '',
      validUpto: ref.validityField ? str(row.data[ref.validityField]) : null,
      isValid: current ? current.isValid : null,
      comments: current?.comments ?? null,
    };
  });
}

/** The document list of a record the viewer sees (Get File Validation Details). */
export async function fileValidationDetails(deps: Pick<RegistrationsDeps, 'db'>, actor: RequestUser, id: string, entityType: EntityType) {
  const v = await viewerOf(deps.db, actor);
  return { fileList: await fileList(deps.db, await visibleOr404(deps.db, v, id, entityType)) };
}

/**
 * The SLDC business user's verification of the record's documents, sent with a workflow action:
 * each file must be a document of the record; every field that holds it gets the check, and one
 * audit row records the lot. Runs in the action's transaction on the locked record.
 */
export async function verifyDocuments(
  deps: Pick<RegistrationsDeps, 'clock' | 'audit'>,
  tx: Tx,
  v: Viewer,
  row: RegistrationRecord,
  validations: NonNullable<RegistrationActionInput['fileValidations']>,
  meta: RequestMeta,
) {
  const refs = fileRefs(row.entityType as EntityType, row.data);
  const now = deps.clock.now();
  const items: { fieldName: string; message: string }[] = [];
  const matched = validations.map((fv, i) => {
    const ref = refs.filter((x) => x.fileId === fv.fileId);
    if (ref.length === 0)
      items.push({ fieldName: `fileValidations.${i}.fileId`, message: 'The file is not a document of this registration.' });
    return { fv, ref };
  });
  if (items.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(items));
  for (const { fv, ref } of matched) {
    for (const x of ref) {
      await repo.upsertFileCheck(tx, {
        registrationId: row.id,
        fieldName: x.fieldName,
        fileId: fv.fileId,
        isValid: fv.isValid,
        comments: fv.comments?.trim() || null,
        checkedBy: v.id,
        checkedOn: now,
      });
    }
  }
  await deps.audit.record(tx, {
    actor: { id: v.id, role: v.role },
    action: 'REGISTRATION_DOCUMENTS_VERIFIED',
    entity: 'Registration',
    entityId: row.id,
    after: { fileValidations: validations },
    requestId: meta.requestId,
  });
}
