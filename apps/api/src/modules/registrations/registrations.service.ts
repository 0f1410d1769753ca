import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

import {
  type Actor as WorkflowActor,
  availableActions,
  canEditTraderDetails,
  canRenew,
  CHARGE_HEAD_INFO,
  deemedTransition,
  displayDate,
  type editTraderDetailsSchema,
  enForms,
  enRegistrations,
  type EntityType,
  type FieldError,
  fieldsOf,
  type FileValidation,
  findTransition,
  formMode,
  type FormValues,
  groupFieldErrors,
  istDate,
  normalizeForm,
  REGISTRATION_FORMS,
  REGISTRATION_STATUS_LABELS,
  REGISTRATION_TRANSITIONS,
  registrationDocuments,
  type RegistrationActionInput,
  type RegistrationDetail,
  type RegistrationList,
  type RegistrationListQuery,
  type RegistrationRenew,
  type RegistrationRow,
  type RegistrationStatus,
  type RegistrationSubmit,
  type Role,
  TRADER_EDITABLE_FIELDS,
  type Transition,
  validateForm,
  type WorkflowAction,
  type WorkflowSubject,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { type AuditService, SYSTEM_ACTOR } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import { amountPaise, gstPaise } from '../configuration/money';
import type { FilesService } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { type ListKind, type RegistrationInsert, type RegistrationRecord, registrationsRepository as repo, type Viewer } from './registrations.repository';

/** Owner type of the files linked to a registration (files module policy). */
export const REGISTRATION_OWNER_TYPE = 'Registration';

const E = enRegistrations.errors;
const ENTITY_CODES: Record<EntityType, string> = { InjectingEntity: 'IE', DraweeEntity: 'DE', BothEntity: 'BE', Trader: 'TR' };
const LOAD_CENTRE: readonly Role[] = ['SLDCBusinessUser', 'SLDCApproverI', 'SLDCApproverII'];

const notFound = () => new AppError('NOT_FOUND', 'The requested registration was not found.');
const conflict = () => new AppError('CONFLICT', E.statusConflict);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The last day of validity: `months` after `from`, less one day (a month end is clamped). */
export function validityEnd(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(d, lastDay)) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** `REG/{IE|DE|BE|TR}/{yyyy}/{00001}` (decision 0007). */
export function registrationNumber(entityType: EntityType, year: string, seq: number): string {
  return `REG/${ENTITY_CODES[entityType]}/${year}/${String(seq).padStart(5, '0')}`;
}

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
    if (fileId) out.push({ fieldName: doc.name, label: doc.label, fileId, ...(doc.validityField ? { validityField: doc.validityField } : {}) });
  }
  const zones = data.zones;
  if (Array.isArray(zones)) {
    zones.forEach((zone, i) => {
      if (!isRecord(zone)) return;
      const fileId = str(zone.zonefileId);
      const name = str(zone.zone);
      if (fileId) out.push({ fieldName: `zones.${i}.zonefileId`, label: name ? `${enForms.zone.zonefileId} (${name})` : enForms.zone.zonefileId, fileId });
    });
  }
  return out;
}

/** The statuses' next actors (roles, or 'Owner' after a return) for a record in `subject`. */
function nextActors(subject: WorkflowSubject): WorkflowActor[] {
  return [
    ...new Set(
      REGISTRATION_TRANSITIONS.filter((t) => t.from === subject.status && (!t.entityTypes || t.entityTypes.includes(subject.entityType))).map((t) => t.actor),
    ),
  ];
}

const summary = (row: RegistrationRecord) => ({
  entityType: row.entityType,
  status: row.status,
  version: row.version,
  registrationNo: row.registrationNo,
  entityName: row.entityName,
  discomId: row.discomId,
  transcoId: row.transcoId,
  isRenewal: row.isRenewal,
  previousRegistrationId: row.previousRegistrationId,
  validFrom: row.validFrom,
  expiredOn: row.expiredOn,
});

const flatten = (errors: FieldError[]) => errors.flatMap((e) => e.errorMessages.map((message) => ({ fieldName: e.fieldName, message })));

interface ActBy {
  userId: string | null;
  role: Role | null;
  remarks: string | null;
  requestId: string | null;
  /** Deemed consent: the system acted for the DISCOM/TRANSCO user. */
  deemed?: boolean;
}

export function createRegistrationsService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  files: FilesService;
  notifications: NotificationsService;
  log?: FastifyBaseLogger;
}) {
  const { db, clock, audit, configuration, files, notifications } = deps;
  const today = () => istDate(clock.now());

  // Files of a registration: the owner, the load-centre roles and the DISCOM/TRANSCO users who see
  // the registration (or a renewal carrying its documents) may read them.
  files.policy.registerOwner(REGISTRATION_OWNER_TYPE, async (actor, ownerId) => {
    if (!ownerId) return false;
    const v = await repo.viewer(db, actor.id);
    return !!v && (await repo.visibleInChain(db, v, ownerId));
  });

  async function viewerOf(actor: RequestUser): Promise<Viewer> {
    const v = await repo.viewer(db, actor.id);
    if (!v) throw new AppError('UNAUTHENTICATED');
    return v;
  }

  /** The entity type a user registers: a trader is a Trader, an applicant the type of its profile. */
  function checkEntityType(v: Viewer, entityType: EntityType) {
    const own = v.role === 'Trader' ? 'Trader' : v.entityType;
    if (own !== entityType) throw new AppError('BUSINESS_RULE', E.entityTypeMismatch);
  }

  async function optionValues(dbx: DbOrTx) {
    const rows = await repo.utilities(dbx, { activeOnly: true });
    return { discoms: rows.filter((u) => u.type === 'DISCOM').map((u) => u.id), transcos: rows.filter((u) => u.type === 'TRANSCO').map((u) => u.id) };
  }

  /** The columns copied out of the values (lists filter and scope on them). */
  function columnsOf(data: FormValues, v: Viewer, options: { discoms: string[]; transcos: string[] }) {
    const discomId = str(data.discomId);
    const transcoId = str(data.transcoId);
    return {
      entityName: str(data.entityName) ?? v.entityName ?? '',
      tradingLicenceNo: str(data.tradingLicenceNo),
      issuingAuthority: str(data.issuingAuthority),
      discomId: discomId && options.discoms.includes(discomId) ? discomId : null,
      transcoId: transcoId && options.transcos.includes(transcoId) ? transcoId : null,
    };
  }

  /**
   * Uploaded files the owner may put on a registration: its own uploads not linked elsewhere, or
   * documents already linked to one of its registrations (a renewal carries the previous ones).
   */
  async function fileErrors(dbx: DbOrTx, v: Viewer, registrationId: string | null, refs: FileRef[]): Promise<FieldError[]> {
    const rows = new Map((await repo.filesByIds(dbx, refs.map((x) => x.fileId))).map((f) => [f.id, f]));
    const linked = await repo.ownersOf(dbx, [...rows.values()].filter((f) => f.ownerType === REGISTRATION_OWNER_TYPE && f.ownerId).map((f) => f.ownerId!));
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
  async function attachFiles(tx: Tx, actor: RequestUser, registrationId: string, refs: FileRef[], meta: RequestMeta) {
    const rows = await repo.filesByIds(tx, refs.map((x) => x.fileId));
    const seen = new Set<string>();
    for (const f of rows) {
      if (seen.has(f.id)) continue;
      seen.add(f.id);
      if (f.ownerType !== null || f.uploadedBy !== actor.id) continue;
      await files.attach(tx, actor, f.id, { ownerType: REGISTRATION_OWNER_TYPE, ownerId: registrationId }, meta);
    }
  }

  async function notifyNext(tx: Tx, row: RegistrationRecord, message: string, exclude: string[] = []) {
    for (const actor of nextActors({ status: row.status as RegistrationStatus, entityType: row.entityType as EntityType })) {
      if (actor === 'Owner') continue;
      if (actor === 'DISCOMBusinessUser' || actor === 'TRANSCOBusinessUser') {
        const utilityId = actor === 'DISCOMBusinessUser' ? row.discomId : row.transcoId;
        const ids = utilityId ? (await repo.utilityUserIds(tx, utilityId, actor)).filter((id) => !exclude.includes(id)) : [];
        if (ids.length > 0) await notifications.notify(tx, { userIds: ids, message });
      } else {
        await notifications.notify(tx, { role: actor, message });
      }
    }
  }

  /**
   * Takes a workflow transition on a locked record: status, version, validity and number at the
   * final approval, the history row, the audit row, the previous record Renewed after an approved
   * renewal, and the notifications (owner and next actors).
   */
  async function applyTransition(tx: Tx, row: RegistrationRecord, t: Transition, by: ActBy): Promise<RegistrationRecord> {
    const now = clock.now();
    const patch: Partial<RegistrationInsert> = { status: t.to, statusSince: now, version: row.version + 1, updatedOn: now };
    if (t.to === 'Approved') {
      const from = istDate(now);
      const months = Number(await configuration.settingOn(tx, 'registrationValidityMonths', from));
      patch.validFrom = from;
      patch.expiredOn = validityEnd(from, months);
      patch.registrationNo = row.isRenewal && row.registrationNo ? row.registrationNo : registrationNumber(row.entityType as EntityType, from.slice(0, 4), await repo.nextRegistrationNo(tx));
    }
    const after = await repo.update(tx, row.id, patch);
    await repo.insertAction(tx, { registrationId: row.id, action: t.action, fromStatus: row.status, toStatus: t.to, actorUserId: by.userId, actorRole: by.role, remarks: by.remarks, createdOn: now });
    await audit.record(tx, {
      actor: by.userId ? { id: by.userId, role: by.role ?? 'SYSTEM' } : SYSTEM_ACTOR,
      action: by.deemed ? 'REGISTRATION_DEEMED_CONSENT' : `REGISTRATION_${t.action.toUpperCase()}`,
      entity: 'Registration',
      entityId: row.id,
      before: summary(row),
      after: { ...summary(after), remarks: by.remarks },
      requestId: by.requestId,
    });

    if (t.to === 'Approved' && row.isRenewal && row.previousRegistrationId) {
      const previous = await repo.lockById(tx, row.previousRegistrationId);
      if (previous && previous.status !== 'Renewed') {
        const renewed = await repo.update(tx, previous.id, { status: 'Renewed', statusSince: now, version: previous.version + 1, updatedOn: now });
        const movedAssociations = row.entityType === 'Trader' ? await repo.moveTraderAssociations(tx, previous.id, row.id) : 0;
        await repo.insertAction(tx, { registrationId: previous.id, action: 'Renewed', fromStatus: previous.status, toStatus: 'Renewed', actorUserId: by.userId, actorRole: by.role, remarks: null, createdOn: now });
        await audit.record(tx, {
          actor: by.userId ? { id: by.userId, role: by.role ?? 'SYSTEM' } : SYSTEM_ACTOR,
          action: 'REGISTRATION_RENEWED',
          entity: 'Registration',
          entityId: previous.id,
          before: summary(previous),
          after: { ...summary(renewed), renewalId: row.id, movedAssociations },
          requestId: by.requestId,
        });
      }
    }

    const N = enRegistrations.notifications;
    const label = REGISTRATION_STATUS_LABELS[t.to];
    const ownerMessage =
      t.to === 'Approved' ? N.approved(after.entityName, after.registrationNo ?? '', displayDate(after.expiredOn ?? '')) : by.deemed ? N.deemed(after.entityName) : N.moved(after.entityName, label);
    const told = [row.ownerUserId];
    await notifications.notify(tx, { userId: row.ownerUserId, message: ownerMessage });
    if (by.deemed) {
      // The party that did not act learns that consent was deemed.
      const role = row.status === 'PendingDISCOMApproval' ? 'DISCOMBusinessUser' : 'TRANSCOBusinessUser';
      const utilityId = role === 'DISCOMBusinessUser' ? row.discomId : row.transcoId;
      const ids = utilityId ? await repo.utilityUserIds(tx, utilityId, role) : [];
      if (ids.length > 0) await notifications.notify(tx, { userIds: ids, message: N.deemed(after.entityName) });
      told.push(...ids);
    }
    await notifyNext(tx, after, N.moved(after.entityName, label), told);
    return after;
  }

  async function fileList(dbx: DbOrTx, row: RegistrationRecord): Promise<FileValidation[]> {
    const refs = fileRefs(row.entityType as EntityType, row.data);
    if (refs.length === 0) return [];
    const [fileRows, checks] = await Promise.all([repo.filesByIds(dbx, refs.map((x) => x.fileId)), repo.fileChecks(dbx, row.id)]);
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

  async function buildDetail(dbx: DbOrTx, v: Viewer, row: RegistrationRecord): Promise<RegistrationDetail> {
    const subject: WorkflowSubject = { status: row.status as RegistrationStatus, entityType: row.entityType as EntityType };
    const owner = row.ownerUserId === v.id;
    const actor: WorkflowActor = owner ? 'Owner' : v.role;
    const [history, list, utilities, ownerRow, openRenewal] = await Promise.all([
      repo.history(dbx, row.id),
      fileList(dbx, row),
      repo.utilities(dbx, { ids: [row.discomId, row.transcoId].filter((x): x is string => !!x) }),
      repo.viewer(dbx, row.ownerUserId),
      owner && canRenew(subject.status) ? repo.openRenewalOf(dbx, row.id) : Promise.resolve(undefined),
    ]);
    const utility = (id: string | null) => {
      const u = id ? utilities.find((x) => x.id === id) : undefined;
      return u ? { id: u.id, name: u.name, type: u.type, zone: u.zone } : null;
    };
    return {
      id: row.id,
      entityType: subject.entityType,
      status: subject.status,
      statusDescription: REGISTRATION_STATUS_LABELS[subject.status],
      registrationNo: row.registrationNo,
      version: row.version,
      data: row.data,
      validFrom: row.validFrom,
      expiredOn: row.expiredOn,
      isRenewal: row.isRenewal,
      previousRegistrationId: row.previousRegistrationId,
      submittedOn: row.submittedOn?.toISOString() ?? null,
      updatedOn: row.updatedOn.toISOString(),
      ownerName: ownerRow ? `${ownerRow.firstName} ${ownerRow.lastName}`.trim() : '',
      discom: utility(row.discomId),
      transco: utility(row.transcoId),
      allowedActions: availableActions(subject, actor),
      formMode: owner ? formMode(subject, 'Owner') : 'ReadOnly',
      canRenew: owner && canRenew(subject.status) && !openRenewal,
      canEditTraderDetails: canEditTraderDetails(subject, actor),
      history: history.map((h) => ({
        action: h.action,
        fromStatus: (h.fromStatus as RegistrationStatus | null) ?? null,
        toStatus: h.toStatus as RegistrationStatus,
        actorName: h.firstName !== null ? `${h.firstName} ${h.lastName ?? ''}`.trim() : null,
        role: (h.actorRole as Role | null) ?? null,
        remarks: h.remarks,
        at: h.createdOn.toISOString(),
      })),
      fileList: list,
    };
  }

  async function visibleOr404(v: Viewer, id: string, entityType?: EntityType): Promise<RegistrationRecord> {
    const row = await repo.findVisible(db, v, id);
    if (!row || (entityType && row.entityType !== entityType)) throw notFound();
    return row;
  }

  async function detail(actor: RequestUser, id: string, entityType?: EntityType): Promise<RegistrationDetail> {
    const v = await viewerOf(actor);
    return buildDetail(db, v, await visibleOr404(v, id, entityType));
  }

  /**
   * Submit (or save as draft) a registration or a renewal: a new record, or an existing Draft /
   * returned record of the caller passed by id and version.
   */
  async function save(actor: RequestUser, entityType: EntityType, body: RegistrationSubmit, previousId: string | null, meta: RequestMeta) {
    const v = await viewerOf(actor);
    checkEntityType(v, entityType);
    const def = REGISTRATION_FORMS[entityType];
    const options = await optionValues(db);
    const data = normalizeForm(def, body.data);
    const refs = fileRefs(entityType, data);
    if (body.id !== undefined && body.version === undefined) throw AppError.field('VALIDATION_FAILED', 'version', 'Version is required');
    if (body.id !== undefined) {
      // A record the caller does not own is not found, whatever the values.
      const existing = await repo.findVisible(db, v, body.id);
      if (!existing || existing.ownerUserId !== v.id || existing.entityType !== entityType) throw notFound();
    } else if (previousId) {
      const previous = await repo.findById(db, previousId);
      if (!previous || previous.ownerUserId !== v.id || previous.entityType !== entityType) throw notFound();
    }
    if (!body.isDraft) {
      const errors = [...validateForm(def, body.data, { today: today(), optionValues: options }), ...(await fileErrors(db, v, body.id ?? null, refs))];
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(flatten(errors)));
    }
    const columns = columnsOf(data, v, options);
    const id = await inTransaction(db, async (tx) => {
      await repo.lockOwner(tx, v.id);
      const now = clock.now();
      let before: RegistrationRecord | undefined;
      let row: RegistrationRecord;
      if (body.id) {
        before = await repo.findVisible(tx, v, body.id, { lock: true });
        if (!before || before.ownerUserId !== v.id || before.entityType !== entityType) throw notFound();
        if (previousId && before.previousRegistrationId !== previousId) throw notFound();
        if (before.version !== body.version) throw conflict();
        const t = findTransition({ status: before.status as RegistrationStatus, entityType }, 'Submit', 'Owner');
        if (!t) throw conflict();
        const patch: Partial<RegistrationInsert> = { ...columns, data, version: before.version + 1, updatedOn: now };
        if (!body.isDraft) Object.assign(patch, { status: t.to, statusSince: now, submittedOn: before.submittedOn ?? now });
        row = await repo.update(tx, before.id, patch);
        if (!body.isDraft) {
          await repo.insertAction(tx, { registrationId: row.id, action: 'Submit', fromStatus: before.status, toStatus: t.to, actorUserId: v.id, actorRole: v.role, remarks: null, createdOn: now });
        }
      } else {
        let previous: RegistrationRecord | undefined;
        if (previousId) {
          previous = await repo.lockById(tx, previousId);
          if (!previous || previous.ownerUserId !== v.id || previous.entityType !== entityType) throw notFound();
          if (!canRenew(previous.status as RegistrationStatus)) throw new AppError('BUSINESS_RULE', E.notRenewable);
          if (await repo.openRenewalOf(tx, previous.id)) throw new AppError('BUSINESS_RULE', E.renewalInProgress);
        } else if (await repo.openRegistrationOf(tx, v.id)) {
          throw new AppError('BUSINESS_RULE', E.alreadyRegistered);
        }
        row = await repo.insert(tx, {
          ...columns,
          entityType,
          ownerUserId: v.id,
          status: body.isDraft ? 'Draft' : 'Submitted',
          data,
          isRenewal: !!previous,
          previousRegistrationId: previous?.id ?? null,
          registrationNo: previous?.registrationNo ?? null,
          submittedOn: body.isDraft ? null : now,
          statusSince: now,
          createdOn: now,
          updatedOn: now,
        });
        if (!body.isDraft) {
          await repo.insertAction(tx, { registrationId: row.id, action: 'Submit', fromStatus: null, toStatus: 'Submitted', actorUserId: v.id, actorRole: v.role, remarks: null, createdOn: now });
        }
      }
      await attachFiles(tx, actor, row.id, refs, meta);
      const renewal = row.isRenewal;
      await audit.record(tx, {
        actor: { id: v.id, role: v.role },
        action: body.isDraft ? 'REGISTRATION_DRAFT_SAVED' : renewal ? 'RENEWAL_SUBMITTED' : 'REGISTRATION_SUBMITTED',
        entity: 'Registration',
        entityId: row.id,
        before: before ? { ...summary(before), data: before.data } : null,
        after: { ...summary(row), data: row.data },
        requestId: meta.requestId,
      });
      if (!body.isDraft) {
        if (!before?.submittedOn) {
          const head = renewal ? 'RENEWAL_FEE' : 'REGISTRATION_FEE';
          await configuration.raiseDue(tx, {
            payerUserId: v.id,
            head,
            on: istDate(now),
            quantity: '1',
            recordType: REGISTRATION_OWNER_TYPE,
            recordId: row.id,
            description: `${CHARGE_HEAD_INFO[head].label}: ${row.entityName}`,
          });
        }
        await notifications.notify(tx, { role: 'SLDCBusinessUser', message: enRegistrations.notifications.submitted(row.entityName) });
      }
      return row.id;
    });
    return buildDetail(db, v, (await repo.findById(db, id))!);
  }

  /** Runs `fn` for each id in its own transaction; one failure does not stop the others. */
  async function eachInOwnTransaction(ids: string[], fn: (tx: Tx, id: string) => Promise<boolean>): Promise<number> {
    let done = 0;
    let firstError: unknown;
    for (const id of ids) {
      try {
        if (await inTransaction(db, (tx) => fn(tx, id))) done++;
      } catch (err) {
        deps.log?.error({ err, registrationId: id }, 'registration job: a record failed');
        firstError ??= err;
      }
    }
    if (firstError) throw firstError;
    return done;
  }

  return {
    submit: (actor: RequestUser, entityType: EntityType, body: RegistrationSubmit, meta: RequestMeta) => save(actor, entityType, body, null, meta),
    renew: (actor: RequestUser, entityType: EntityType, body: RegistrationRenew, meta: RequestMeta) => save(actor, entityType, body, body.previousRegistrationId, meta),
    detail,

    async list(actor: RequestUser, query: RegistrationListQuery, opts: { kind: ListKind; entityType?: EntityType }): Promise<RegistrationList> {
      const v = await viewerOf(actor);
      const { rows, total } = await repo.list(db, v, query, opts);
      return {
        registrationList: rows.map(
          (x): RegistrationRow => ({
            id: x.id,
            entityType: x.entityType as EntityType,
            registrationNo: x.registrationNo,
            entityName: x.entityName,
            issuingAuthority: x.issuingAuthority,
            tradingLicenceNo: x.tradingLicenceNo,
            updatedOn: x.updatedOn.toISOString(),
            expiredOn: x.expiredOn,
            status: { status: x.status as RegistrationStatus, statusDescription: REGISTRATION_STATUS_LABELS[x.status as RegistrationStatus] },
            isRenewal: x.isRenewal,
            previousRegistrationId: x.previousRegistrationId,
            canRenew: x.ownerUserId === v.id && canRenew(x.status as RegistrationStatus) && !x.hasOpenRenewal,
          }),
        ),
        dataCount: total,
      };
    },

    /** A reviewer's workflow action (Forward, Approve, Return, Reject) on a record it sees. */
    async act(actor: RequestUser, id: string, entityType: EntityType, action: WorkflowAction, input: RegistrationActionInput, meta: RequestMeta) {
      const v = await viewerOf(actor);
      const validations = input.fileValidations ?? [];
      if (validations.length > 0 && v.role !== 'SLDCBusinessUser') throw new AppError('FORBIDDEN', 'Only the SLDC business user verifies documents.');
      const remarks = input.remarks.trim();
      await inTransaction(db, async (tx) => {
        const row = await repo.findVisible(tx, v, id, { lock: true });
        if (!row || row.entityType !== entityType) throw notFound();
        if (row.version !== input.version) throw conflict();
        const t = findTransition({ status: row.status as RegistrationStatus, entityType }, action, v.role);
        if (!t) throw conflict();
        if ((action === 'Return' || action === 'Reject') && !remarks) throw AppError.field('VALIDATION_FAILED', 'remarks', enRegistrations.detail.remarksRequired);
        if (validations.length > 0) {
          const refs = fileRefs(entityType, row.data);
          const now = clock.now();
          const items: { fieldName: string; message: string }[] = [];
          const matched = validations.map((fv, i) => {
            const ref = refs.filter((x) => x.fileId === fv.fileId);
            if (ref.length === 0) items.push({ fieldName: `fileValidations.${i}.fileId`, message: 'The file is not a document of this registration.' });
            return { fv, ref };
          });
          if (items.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(items));
          for (const { fv, ref } of matched) {
            for (const x of ref) {
              await repo.upsertFileCheck(tx, { registrationId: row.id, fieldName: x.fieldName, fileId: fv.fileId, isValid: fv.isValid, comments: fv.comments?.trim() || null, checkedBy: v.id, checkedOn: now });
            }
          }
          await audit.record(tx, {
            actor: { id: v.id, role: v.role },
            action: 'REGISTRATION_DOCUMENTS_VERIFIED',
            entity: 'Registration',
            entityId: row.id,
            after: { fileValidations: validations },
            requestId: meta.requestId,
          });
        }
        await applyTransition(tx, row, t, { userId: v.id, role: v.role, remarks: remarks || null, requestId: meta.requestId });
      });
      return buildDetail(db, v, (await repo.findById(db, id))!);
    },

    /** 'Edit Trader Details' (decision 0008): the trader step of the owner's Approved Trader registration. */
    async editTraderDetails(actor: RequestUser, id: string, input: z.output<typeof editTraderDetailsSchema>, meta: RequestMeta) {
      const v = await viewerOf(actor);
      const def = REGISTRATION_FORMS.Trader;
      const options = await optionValues(db);
      await inTransaction(db, async (tx) => {
        const row = await repo.findVisible(tx, v, id, { lock: true });
        if (!row || row.ownerUserId !== v.id) throw notFound();
        if (!canEditTraderDetails({ status: row.status as RegistrationStatus, entityType: row.entityType as EntityType }, 'Owner')) throw conflict();
        if (row.version !== input.version) throw conflict();
        const editable = new Set<string>(TRADER_EDITABLE_FIELDS);
        const changes = Object.fromEntries(Object.entries(input.data).filter(([k]) => editable.has(k)));
        const merged = { ...row.data, ...changes };
        const head = (path: string) => path.split('.')[0]!;
        const data = normalizeForm(def, merged);
        const refs = fileRefs('Trader', data).filter((x) => editable.has(head(x.fieldName)));
        const errors = [...validateForm(def, merged, { today: today(), optionValues: options }), ...(await fileErrors(tx, v, row.id, refs))].filter((e) => editable.has(head(e.fieldName)));
        if (errors.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(flatten(errors)));
        const now = clock.now();
        const after = await repo.update(tx, row.id, {
          data,
          tradingLicenceNo: str(data.tradingLicenceNo),
          issuingAuthority: str(data.issuingAuthority),
          version: row.version + 1,
          updatedOn: now,
        });
        await attachFiles(tx, actor, row.id, refs, meta);
        await repo.insertAction(tx, { registrationId: row.id, action: 'Edit', fromStatus: row.status, toStatus: row.status, actorUserId: v.id, actorRole: v.role, remarks: null, createdOn: now });
        const pick = (d: Record<string, unknown>) => Object.fromEntries(TRADER_EDITABLE_FIELDS.map((k) => [k, d[k] ?? null]));
        await audit.record(tx, {
          actor: { id: v.id, role: v.role },
          action: 'REGISTRATION_TRADER_DETAILS_EDITED',
          entity: 'Registration',
          entityId: row.id,
          before: { version: row.version, ...pick(row.data) },
          after: { version: after.version, ...pick(after.data) },
          requestId: meta.requestId,
        });
        await notifications.notify(tx, { role: 'SLDCBusinessUser', message: enRegistrations.notifications.moved(after.entityName, enRegistrations.detail.editTraderDetails) });
      });
      return buildDetail(db, v, (await repo.findById(db, id))!);
    },

    async fileValidationDetails(actor: RequestUser, id: string, entityType: EntityType) {
      const v = await viewerOf(actor);
      return { fileList: await fileList(db, await visibleOr404(v, id, entityType)) };
    },

    /** Eligibility and document checks (DOMAIN.md §2) for the reviewers. */
    async mandatoryChecks(actor: RequestUser, id: string) {
      const v = await viewerOf(actor);
      const row = await visibleOr404(v, id);
      const entityType = row.entityType as EntityType;
      const data = row.data;
      const on = today();
      const L = enRegistrations.fields;
      const C = enRegistrations.checks;
      const num = (k: string) => (typeof data[k] === 'number' ? (data[k] as number) : null);
      const checkList: { key: string; label: string; passed: boolean; detail: string }[] = [];
      if (entityType !== 'Trader') {
        const min = Number(await configuration.settingOn(db, 'minContractDemandMw', on));
        const quantities: [string, string][] = [];
        if (entityType !== 'InjectingEntity') quantities.push(['contractDemand', L.contractDemand], ['stoaDrawlQuantum', L.stoaDrawlQuantum]);
        if (entityType !== 'DraweeEntity') quantities.push(['stoaInjectionQuantum', L.stoaInjectionQuantum]);
        const values = quantities.map(([k, label]) => ({ label, value: num(k) }));
        checkList.push({
          key: 'minimumDemand',
          label: C.minimumDemand,
          passed: values.every((x) => x.value !== null && x.value >= min),
          detail: `${values.map((x) => `${x.label}: ${x.value ?? '—'} MW`).join('; ')} (minimum ${min} MW)`,
        });
        const voltages: [string, string][] = [];
        if (entityType !== 'InjectingEntity') voltages.push(['drawalVoltage', L.drawalVoltage]);
        if (entityType !== 'DraweeEntity') voltages.push(['injectionVoltage', L.injectionVoltage]);
        const kv = voltages.map(([k, label]) => ({ label, value: str(data[k]) }));
        checkList.push({
          key: 'voltage',
          label: C.voltage,
          passed: kv.every((x) => x.value !== null && Number(x.value) >= 11),
          detail: kv.map((x) => `${x.label}: ${x.value ?? '—'} kV`).join('; '),
        });
      }
      const required = fieldsOf(REGISTRATION_FORMS[entityType]).filter((f) => f.kind === 'file' && f.required);
      const missing = required.filter((f) => !str(data[f.name])).map((f) => f.label);
      checkList.push({
        key: 'documents',
        label: C.documents,
        passed: missing.length === 0,
        detail: missing.length === 0 ? `${required.length} of ${required.length} uploaded` : `Missing: ${missing.join(', ')}`,
      });
      const dated = registrationDocuments(entityType).filter((d) => d.validityField);
      const expired = dated.filter((d) => {
        const until = str(data[d.validityField!]);
        return until !== null && until < on;
      });
      checkList.push({
        key: 'documentsValid',
        label: C.documentsValid,
        passed: expired.length === 0,
        detail: expired.length === 0 ? 'Every dated document is valid today' : `Expired: ${expired.map((d) => `${d.label} (${displayDate(str(data[d.validityField!])!)})`).join(', ')}`,
      });
      const owner = await repo.viewer(db, row.ownerUserId);
      checkList.push({ key: 'noDues', label: C.noDues, passed: !owner?.isDefaulter, detail: owner?.isDefaulter ? 'Marked as a defaulter' : 'Not a defaulter' });
      if (entityType === 'Trader') {
        const until = str(data.licenceValidUpto);
        const licenceNo = str(data.tradingLicenceNo);
        checkList.push({
          key: 'licence',
          label: C.licence,
          passed: !!licenceNo && until !== null && until >= on,
          detail: `${L.tradingLicenceNo}: ${licenceNo ?? '—'}; ${L.licenceValidUpto}: ${until ? displayDate(until) : '—'}`,
        });
      }
      return { checkList };
    },

    /** A fee in force today, in paise with its GST line. */
    async fee(head: 'REGISTRATION_FEE' | 'RENEWAL_FEE') {
      const { chargeList } = await configuration.listCharges({ head });
      const current = chargeList.find((c) => c.state === 'CURRENT');
      if (!current) throw new AppError('NOT_FOUND', `No ${CHARGE_HEAD_INFO[head].label.toLowerCase()} is configured for today.`);
      const baseAmount = amountPaise(current.amount, '1');
      const gstAmount = gstPaise(baseAmount, current.gstRatePercent);
      return { head, baseAmount, gstRatePercent: current.gstRatePercent, gstAmount, totalAmount: baseAmount + gstAmount, effectiveFrom: current.effectiveFrom };
    },

    /** Fees and charges in force today. */
    async charges() {
      const { chargeList } = await configuration.listCharges({});
      return { chargeList: chargeList.filter((c) => c.state === 'CURRENT') };
    },

    /** Active utilities of a type (or both). */
    async utilities(type?: 'TRANSCO' | 'DISCOM') {
      return (await repo.utilities(db, { type, activeOnly: true })).map((u) => ({ id: u.id, name: u.name, type: u.type, zone: u.zone }));
    },

    /** What the download routes render: the detail, and for a comparison the previous version. */
    async forDownload(actor: RequestUser, id: string, withPrevious: boolean) {
      const v = await viewerOf(actor);
      if (!LOAD_CENTRE.includes(v.role)) throw new AppError('FORBIDDEN');
      const current = await buildDetail(db, v, await visibleOr404(v, id));
      const generatedAt = clock.now();
      if (!withPrevious) return { current, previous: null, generatedAt };
      if (!current.previousRegistrationId) throw new AppError('BUSINESS_RULE', 'This registration is not a renewal: there is no previous version to compare with.');
      const previous = await buildDetail(db, v, await visibleOr404(v, current.previousRegistrationId));
      return { current, previous, generatedAt };
    },

    /**
     * Deemed consent (DOMAIN.md §2): a record waiting on a DISCOM/TRANSCO user for more than the
     * configured working days (counted from the IST date it entered the status) takes the deemable
     * transition as the system. Idempotent; each record in its own transaction.
     */
    async runDeemedConsent(): Promise<number> {
      const on = today();
      const days = Number(await configuration.settingOn(db, 'consentWorkingDays', on));
      const deadlines = new Map<string, string>();
      const deadlineOf = async (dbx: DbOrTx, since: Date) => {
        const from = istDate(since);
        if (!deadlines.has(from)) deadlines.set(from, await configuration.addWorkingDays(dbx, from, days));
        return deadlines.get(from)!;
      };
      const due: string[] = [];
      for (const c of await repo.consentCandidates(db)) {
        if ((await deadlineOf(db, c.statusSince)) < on) due.push(c.id);
      }
      return eachInOwnTransaction(due, async (tx, id) => {
        const row = await repo.lockById(tx, id);
        if (!row) return false;
        const t = deemedTransition({ status: row.status as RegistrationStatus, entityType: row.entityType as EntityType });
        if (!t) return false;
        if ((await deadlineOf(tx, row.statusSince)) >= on) return false;
        await applyTransition(tx, row, t, { userId: null, role: null, remarks: enRegistrations.detail.deemedConsent, requestId: null, deemed: true });
        return true;
      });
    },

    /** Expiry (DOMAIN.md §2): Approved records past their last day of validity become Expired. Idempotent. */
    async runExpiry(): Promise<number> {
      const on = today();
      const ids = (await repo.expiryCandidates(db, on)).map((x) => x.id);
      return eachInOwnTransaction(ids, async (tx, id) => {
        const row = await repo.lockById(tx, id);
        if (!row || row.status !== 'Approved' || !row.expiredOn || row.expiredOn >= on) return false;
        const now = clock.now();
        const after = await repo.update(tx, row.id, { status: 'Expired', statusSince: now, version: row.version + 1, updatedOn: now });
        await repo.insertAction(tx, { registrationId: row.id, action: 'Expire', fromStatus: row.status, toStatus: 'Expired', actorUserId: null, actorRole: null, remarks: null, createdOn: now });
        await audit.record(tx, { actor: SYSTEM_ACTOR, action: 'REGISTRATION_EXPIRED', entity: 'Registration', entityId: row.id, before: summary(row), after: summary(after) });
        await notifications.notify(tx, { userId: row.ownerUserId, message: enRegistrations.notifications.expired(after.entityName, after.registrationNo ?? '') });
        return true;
      });
    },
  };
}
export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
