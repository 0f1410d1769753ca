import type { z } from 'zod';

import {
  MANUAL_TARGETS,
  type ManualTarget,
  manualTargetFor,
  manualTargetLabel,
  type manualSaveSchema,
  type paymentDetailInputSchema,
  PAYMENT_MODES,
} from '@stoa/shared/configuration';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { AuditService } from '../audit/audit.service';
import { USER_MANUAL_OWNER_TYPE } from '../files/files.policy';
import type { FilesService } from '../files/files.service';
import { usersRepository } from '../users/users.repository';
import { manualsRepository as repo } from './manuals.repository';

/** User manuals (one PDF per role or OA entity type) and the payment instructions of each payment mode. */

type Meta = { requestId: string; ip?: string };
export interface ManualsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  files: FilesService;
}

/** Every manual target with its current file, if any. */
async function manualList(db: DbOrTx) {
  const byTarget = new Map((await repo.listManuals(db)).map((r) => [r.target, r]));
  return MANUAL_TARGETS.map((target) => {
    const r = byTarget.get(target);
    return {
      target,
      label: manualTargetLabel(target),
      fileId: r?.fileId ?? null,
      fileName: r?.fileName ?? null,
      updatedAt: r?.updatedAt.toISOString() ?? null,
    };
  });
}

/** Links an uploaded PDF (formName=UserManual) as the manual of a role or OA entity type. */
export async function saveManual(deps: ManualsDeps, actor: RequestUser, input: z.output<typeof manualSaveSchema>, meta: Meta) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const file = await deps.files.attach(tx, actor, input.fileId, { ownerType: USER_MANUAL_OWNER_TYPE, ownerId: input.target }, meta);
    if (file.extension !== 'pdf') throw AppError.field('VALIDATION_FAILED', 'fileId', 'Invalid file. Please upload pdf file');
    const before = await repo.findManualForUpdate(tx, input.target);
    await repo.upsertManual(tx, { target: input.target, fileId: input.fileId, updatedBy: actor.id, updatedAt: now });
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'USER_MANUAL_SET',
      entity: 'UserManual',
      entityId: input.target,
      before: before ?? null,
      after: { fileId: input.fileId },
      requestId: meta.requestId,
    });
  });
  return (await manualList(deps.db)).find((m) => m.target === input.target)!;
}

/** The manual of the signed-in user: by role, or by entity type for an OA applicant. */
export async function openManualForUser(deps: Pick<ManualsDeps, 'db' | 'files'>, actor: RequestUser) {
  const user = await usersRepository.findById(deps.db, actor.id);
  const target = manualTargetFor(actor.role, user?.entityType) as ManualTarget;
  const row = await repo.findManual(deps.db, target);
  if (!row) throw new AppError('NOT_FOUND', 'No user manual has been uploaded for your role yet.');
  return deps.files.open(actor, row.fileId);
}

export async function listPaymentDetails(deps: Pick<ManualsDeps, 'db'>) {
  const rows = await repo.listPaymentDetails(deps.db);
  const order = (m: string) => PAYMENT_MODES.indexOf(m as (typeof PAYMENT_MODES)[number]);
  return {
    paymentDetailList: rows
      .sort((a, b) => order(a.mode) - order(b.mode))
      .map((r) => ({
        mode: r.mode as (typeof PAYMENT_MODES)[number],
        isEnabled: r.isEnabled,
        instructions: r.instructions,
        updatedAt: r.updatedAt.toISOString(),
      })),
  };
}

export async function updatePaymentDetail(
  deps: ManualsDeps,
  actor: RequestUser,
  input: z.output<typeof paymentDetailInputSchema>,
  meta: Meta,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await repo.findPaymentDetailForUpdate(tx, input.mode);
    const now = deps.clock.now();
    const row = await repo.upsertPaymentDetail(tx, { ...input, updatedAt: now });
    await deps.audit.record(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'PAYMENT_DETAIL_UPDATED',
      entity: 'PaymentDetail',
      entityId: input.mode,
      before: before ?? null,
      after: row,
      requestId: meta.requestId,
    });
    return { mode: input.mode, isEnabled: row.isEnabled, instructions: row.instructions, updatedAt: row.updatedAt.toISOString() };
  });
}

export function createManualsService(deps: ManualsDeps) {
  return {
    list: async () => ({ manualList: await manualList(deps.db) }),
    save: (actor: RequestUser, input: z.output<typeof manualSaveSchema>, meta: Meta) => saveManual(deps, actor, input, meta),
    openForUser: (actor: RequestUser) => openManualForUser(deps, actor),
    listPaymentDetails: () => listPaymentDetails(deps),
    updatePaymentDetail: (actor: RequestUser, input: z.output<typeof paymentDetailInputSchema>, meta: Meta) =>
      updatePaymentDetail(deps, actor, input, meta),
  };
}
export type ManualsService = ReturnType<typeof createManualsService>;
