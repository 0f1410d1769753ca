import { enRegistrations } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import {
  findTransition,
  type RegistrationActionInput,
  type RegistrationDetail,
  type RegistrationStatus,
  type WorkflowAction,
} from '@stoa/shared/registrations';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { buildDetail } from './detail';
import { verifyDocuments } from './documents';
import { conflict, notFound, viewerOf } from './registrations.access';
import type { RegistrationsDeps } from './registrations.deps';
import { registrationsRepository as repo } from './registrations.repository';
import { applyTransition } from './transition';

/**
 * A reviewer's workflow action (Forward, Approve, Return, Reject) on a record it sees, at the
 * version it saw: the transition must exist for the record's status, entity type and the
 * reviewer's role; Return and Reject need remarks. The SLDC business user may verify the
 * documents with the same action.
 */
export async function act(
  deps: Pick<RegistrationsDeps, 'db' | 'clock' | 'audit' | 'configuration' | 'notifications'>,
  actor: RequestUser,
  id: string,
  entityType: EntityType,
  action: WorkflowAction,
  input: RegistrationActionInput,
  meta: RequestMeta,
): Promise<RegistrationDetail> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  const validations = input.fileValidations ?? [];
  if (validations.length > 0 && v.role !== 'SLDCBusinessUser')
    throw new AppError('FORBIDDEN', 'Only the SLDC business user verifies documents.');
  const remarks = input.remarks.trim();
  await inTransaction(db, async (tx) => {
    const row = await repo.findVisible(tx, v, id, { lock: true });
    if (!row || row.entityType !== entityType) throw notFound();
    if (row.version !== input.version) throw conflict();
    const t = findTransition({ status: row.status as RegistrationStatus, entityType }, action, v.role);
    if (!t) throw conflict();
    if ((action === 'Return' || action === 'Reject') && !remarks)
      throw AppError.field('VALIDATION_FAILED', 'remarks', enRegistrations.detail.remarksRequired);
    if (validations.length > 0) await verifyDocuments(deps, tx, v, row, validations, meta);
    await applyTransition(deps, tx, row, t, { userId: v.id, role: v.role, remarks: remarks || null, requestId: meta.requestId });
  });
  return buildDetail(db, v, (await repo.findById(db, id))!);
}
