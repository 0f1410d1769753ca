import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';

import {
  MANUAL_TARGETS,
  type ManualTarget,
  manualTargetFor,
  manualTargetLabel,
  type manualSaveSchema,
  type paymentDetailInputSchema,
  PAYMENT_MODES,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { AuditService } from '../audit/audit.service';
import { USER_MANUAL_OWNER_TYPE } from '../files/files.policy';
import type { FilesService } from '../files/files.service';
import { files as filesTable } from '../files/files.tables';
import { usersRepository } from '../users/users.repository';
import { paymentDetails, userManuals } from './manuals.tables';

type Meta = { requestId: string; ip?: string };

export function createManualsService(deps: { db: Database; clock: Clock; audit: AuditService; files: FilesService }) {
  const { db, clock, audit, files } = deps;

  async function list() {
    const rows = await db
      .select({ target: userManuals.target, fileId: userManuals.fileId, updatedAt: userManuals.updatedAt, fileName: filesTable.originalName })
      .from(userManuals)
      .innerJoin(filesTable, eq(filesTable.id, userManuals.fileId));
    const byTarget = new Map(rows.map((r) => [r.target, r]));
    return MANUAL_TARGETS.map((target) => {
      const r = byTarget.get(target);
      return { target, label: manualTargetLabel(target), fileId: r?.fileId ?? null, fileName: r?.fileName ?? null, updatedAt: r?.updatedAt.toISOString() ?? null };
    });
  }

  return {
    list: async () => ({ manualList: await list() }),

    /** Links an uploaded PDF (formName=UserManual) as the manual of a role or OA entity type. */
    async save(actor: RequestUser, input: z.output<typeof manualSaveSchema>, meta: Meta) {
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        const file = await files.attach(tx, actor, input.fileId, { ownerType: USER_MANUAL_OWNER_TYPE, ownerId: input.target }, meta);
        if (file.extension !== 'pdf') throw AppError.field('VALIDATION_FAILED', 'fileId', 'Invalid file. Please upload pdf file');
        const [before] = await tx.select().from(userManuals).where(eq(userManuals.target, input.target)).for('update');
        await tx
          .insert(userManuals)
          .values({ target: input.target, fileId: input.fileId, updatedBy: actor.id, updatedAt: now })
          .onConflictDoUpdate({ target: userManuals.target, set: { fileId: input.fileId, updatedBy: actor.id, updatedAt: now } });
        await audit.record(tx, { actor: { id: actor.id, role: actor.role }, action: 'USER_MANUAL_SET', entity: 'UserManual', entityId: input.target, before: before ?? null, after: { fileId: input.fileId }, requestId: meta.requestId });
      });
      return (await list()).find((m) => m.target === input.target)!;
    },

    /** The manual of the signed-in user: by role, or by entity type for an OA applicant. */
    async openForUser(actor: RequestUser) {
      const user = await usersRepository.findById(db, actor.id);
      const target = manualTargetFor(actor.role, user?.entityType) as ManualTarget;
      const [row] = await db.select().from(userManuals).where(eq(userManuals.target, target)).limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'No user manual has been uploaded for your role yet.');
      return files.open(actor, row.fileId);
    },

    async listPaymentDetails() {
      const rows = await db.select().from(paymentDetails).orderBy(asc(paymentDetails.mode));
      const order = (m: string) => PAYMENT_MODES.indexOf(m as (typeof PAYMENT_MODES)[number]);
      return {
        paymentDetailList: rows
          .sort((a, b) => order(a.mode) - order(b.mode))
          .map((r) => ({ mode: r.mode as (typeof PAYMENT_MODES)[number], isEnabled: r.isEnabled, instructions: r.instructions, updatedAt: r.updatedAt.toISOString() })),
      };
    },

    async updatePaymentDetail(actor: RequestUser, input: z.output<typeof paymentDetailInputSchema>, meta: Meta) {
      return inTransaction(db, async (tx) => {
        const [before] = await tx.select().from(paymentDetails).where(eq(paymentDetails.mode, input.mode)).for('update');
        const now = clock.now();
        const [row] = await tx
          .insert(paymentDetails)
          .values({ ...input, updatedAt: now })
          .onConflictDoUpdate({ target: paymentDetails.mode, set: { isEnabled: input.isEnabled, instructions: input.instructions, updatedAt: now } })
          .returning();
        await audit.record(tx, { actor: { id: actor.id, role: actor.role }, action: 'PAYMENT_DETAIL_UPDATED', entity: 'PaymentDetail', entityId: input.mode, before: before ?? null, after: row, requestId: meta.requestId });
        return { mode: input.mode, isEnabled: row!.isEnabled, instructions: row!.instructions, updatedAt: row!.updatedAt.toISOString() };
      });
    },
  };
}
export type ManualsService = ReturnType<typeof createManualsService>;
