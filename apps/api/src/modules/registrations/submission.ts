import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import {
  findTransition,
  REGISTRATION_FORMS,
  type RegistrationDetail,
  type RegistrationRenew,
  type RegistrationStatus,
  type RegistrationSubmit,
} from '@stoa/shared/registrations';
import { type FormValues, normalizeForm, validateForm } from '@stoa/shared/forms';
import { groupFieldErrors, istDate } from '@stoa/shared/common';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { buildDetail } from './detail';
import { attachFiles, fileErrors, fileRefs, REGISTRATION_OWNER_TYPE } from './documents';
import { optionValues } from './form-options';
import { checkEntityType, conflict, notFound, viewerOf } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { flatten, str, summary } from './registrations.mapper';
import { type RegistrationInsert, type RegistrationRecord, registrationsRepository as repo, type Viewer } from './registrations.repository';
import { lockRenewable } from './renewals';

/**
 * The owner's side of a registration: save a draft, submit, resubmit after a return, and submit a
 * renewal (DOMAIN.md §2). The first submission raises the registration or renewal fee.
 */

const E = enRegistrations.errors;

type SubmissionDeps = Pick<RegistrationsDeps, 'db' | 'clock' | 'audit' | 'configuration' | 'files' | 'notifications'>;

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
 * Submit (or save as draft) a registration or a renewal: a new record, or an existing Draft /
 * returned record of the caller passed by id and version.
 */
async function save(
  deps: SubmissionDeps,
  actor: RequestUser,
  entityType: EntityType,
  body: RegistrationSubmit,
  previousId: string | null,
  meta: RequestMeta,
): Promise<RegistrationDetail> {
  const { db, clock, audit, configuration, notifications } = deps;
  const v = await viewerOf(db, actor);
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
    const errors = [
      ...validateForm(def, body.data, { today: istDate(clock.now()), optionValues: options }),
      ...(await fileErrors(db, v, body.id ?? null, refs)),
    ];
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
        await repo.insertAction(tx, {
          registrationId: row.id,
          action: 'Submit',
          fromStatus: before.status,
          toStatus: t.to,
          actorUserId: v.id,
          actorRole: v.role,
          remarks: null,
          createdOn: now,
        });
      }
    } else {
      let previous: RegistrationRecord | undefined;
      if (previousId) {
        previous = await lockRenewable(tx, v, previousId, entityType);
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
        await repo.insertAction(tx, {
          registrationId: row.id,
          action: 'Submit',
          fromStatus: null,
          toStatus: 'Submitted',
          actorUserId: v.id,
          actorRole: v.role,
          remarks: null,
          createdOn: now,
        });
      }
    }
    await attachFiles(deps, tx, actor, row.id, refs, meta);
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
      await notifications.notify(tx, {
        role: 'SLDCBusinessUser',
        message: enRegistrations.notifications.submitted(row.entityName),
        link: WEB_LINKS.registration(row.entityType, row.id),
      });
    }
    return row.id;
  });
  return buildDetail(db, v, (await repo.findById(db, id))!);
}

/** A first registration: a new record, or the caller's Draft or returned record by id and version. */
export const submit = (deps: SubmissionDeps, actor: RequestUser, entityType: EntityType, body: RegistrationSubmit, meta: RequestMeta) =>
  save(deps, actor, entityType, body, null, meta);

/** A renewal of `body.previousRegistrationId` (renewals.ts decides which record may be renewed). */
export const renew = (deps: SubmissionDeps, actor: RequestUser, entityType: EntityType, body: RegistrationRenew, meta: RequestMeta) =>
  save(deps, actor, entityType, body, body.previousRegistrationId, meta);
