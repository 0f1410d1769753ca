import type { z } from 'zod';

import {
  canEditTraderDetails,
  type editTraderDetailsSchema,
  REGISTRATION_FORMS,
  type RegistrationDetail,
  type RegistrationStatus,
  TRADER_EDITABLE_FIELDS,
} from '@stoa/shared/registrations';
import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { groupFieldErrors, istDate } from '@stoa/shared/common';
import { normalizeForm, validateForm } from '@stoa/shared/forms';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { buildDetail } from './detail';
import { attachFiles, fileErrors, fileRefs } from './documents';
import { optionValues } from './form-options';
import { conflict, notFound, viewerOf } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { flatten, str } from './registrations.mapper';
import { registrationsRepository as repo } from './registrations.repository';

/**
 * 'Edit Trader Details' (decision 0008): the owner of an Approved Trader registration changes the
 * fields of its trader step (TRADER_EDITABLE_FIELDS) without a new approval; the SLDC is told.
 */
export async function editTraderDetails(
  deps: Pick<RegistrationsDeps, 'db' | 'clock' | 'audit' | 'files' | 'notifications'>,
  actor: RequestUser,
  id: string,
  input: z.output<typeof editTraderDetailsSchema>,
  meta: RequestMeta,
): Promise<RegistrationDetail> {
  const { db, clock, audit, notifications } = deps;
  const v = await viewerOf(db, actor);
  const def = REGISTRATION_FORMS.Trader;
  const options = await optionValues(db);
  await inTransaction(db, async (tx) => {
    const row = await repo.findVisible(tx, v, id, { lock: true });
    if (!row || row.ownerUserId !== v.id) throw notFound();
    if (!canEditTraderDetails({ status: row.status as RegistrationStatus, entityType: row.entityType as EntityType }, 'Owner'))
      throw conflict();
    if (row.version !== input.version) throw conflict();
    const editable = new Set<string>(TRADER_EDITABLE_FIELDS);
    const changes = Object.fromEntries(Object.entries(input.data).filter(([k]) => editable.has(k)));
    const merged = { ...row.data, ...changes };
    const head = (path: string) => path.split('.')[0]!;
    const data = normalizeForm(def, merged);
    const refs = fileRefs('Trader', data).filter((x) => editable.has(head(x.fieldName)));
    const errors = [
      ...validateForm(def, merged, { today: istDate(clock.now()), optionValues: options }),
      ...(await fileErrors(tx, v, row.id, refs)),
    ].filter((e) => editable.has(head(e.fieldName)));
    if (errors.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(flatten(errors)));
    const now = clock.now();
    const after = await repo.update(tx, row.id, {
      data,
      tradingLicenceNo: str(data.tradingLicenceNo),
      issuingAuthority: str(data.issuingAuthority),
      version: row.version + 1,
      updatedOn: now,
    });
    await attachFiles(deps, tx, actor, row.id, refs, meta);
    await repo.insertAction(tx, {
      registrationId: row.id,
      action: 'Edit',
      fromStatus: row.status,
      toStatus: row.status,
      actorUserId: v.id,
      actorRole: v.role,
      remarks: null,
      createdOn: now,
    });
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
    await notifications.notify(tx, {
      role: 'SLDCBusinessUser',
      message: enRegistrations.notifications.moved(after.entityName, enRegistrations.detail.editTraderDetails),
      link: WEB_LINKS.registration(row.entityType, row.id),
    });
  });
  return buildDetail(db, v, (await repo.findById(db, id))!);
}
