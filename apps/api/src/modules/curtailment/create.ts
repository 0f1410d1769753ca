import { BLOCKS_PER_DAY, blockEndTime, blockStartTime } from '@stoa/shared/applications';
import type { CurtailmentDetail, CurtailmentInputValues } from '@stoa/shared/curtailment';
import { centiBlocksToMwh } from '@stoa/shared/common';
import { enCurtailment } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { applicationsRepository } from '../applications/applications.repository';
import { recordScheduleVersion } from '../revisions/revisions.repository';
import { curtailmentRepository as repo } from './curtailment.repository';
import { checkWhen, type CurtailmentDeps, plan, refundTotal, sumOf } from './plan';
import { curtailmentDetail } from './reads';

const E = enCurtailment.errors;

/**
 * Applies a curtailment in one transaction: the processing lock, the element's margin row and
 * the affected applications and day rows locked, the cuts recomputed on what is locked, the
 * granted values reduced (each a new schedule version, source 'Curtailment'), the element's
 * margin lowered, the curtailment and its items recorded, audited, and each applicant (and
 * trader) notified.
 */
export async function createCurtailment(
  deps: CurtailmentDeps,
  actor: RequestUser,
  input: CurtailmentInputValues,
  meta: RequestMeta,
): Promise<CurtailmentDetail> {
  const { db, clock, audit, notifications } = deps;
  checkWhen(deps, input);
  const id = await inTransaction(db, async (tx) => {
    await tx.execute(PROCESSING_LOCK);
    const p = await plan(deps, tx, input, true);
    if (input.marginVersion !== undefined && input.marginVersion !== p.marginVersion) throw new AppError('CONFLICT', E.marginChanged);
    if (p.items.length === 0) throw new AppError('BUSINESS_RULE', p.heldInRange ? E.nothingToCut : E.nothingAffected);
    const now = clock.now();
    const no = `CUR/${input.curtailmentDate.slice(0, 4)}/${String(await repo.nextNo(tx)).padStart(6, '0')}`;
    const total = sumOf(p.items.map((i) => i.centiBlocks));
    const record = await repo.insert(tx, {
      curtailmentNo: no,
      element: p.element,
      elementKey: p.elementKey,
      curtailmentDate: input.curtailmentDate,
      fromBlock: p.fromBlock,
      toBlock: p.toBlock,
      basis: input.basis,
      quantumCenti: p.quantumCenti,
      cause: input.cause,
      curtailmentOrder: p.order,
      remarks: input.remarks,
      curtailedCentiBlocks: total,
      refundPaise: p.charge ? refundTotal(p.items.map((i) => i.refundPaise)) : null,
      chargeRate: p.charge?.rate ?? null,
      chargeUnit: p.charge?.unit ?? null,
      gstRatePercent: p.charge?.gstRatePercent ?? null,
      refundNote: p.refundNote,
      createdBy: actor.id,
      createdOn: now,
    });
    await repo.insertItems(
      tx,
      p.items.map((i) => ({
        curtailmentId: record.id,
        applicationId: i.row.applicationId,
        day: input.curtailmentDate,
        before: i.before,
        after: i.after,
        curtailedCentiBlocks: i.centiBlocks,
        refundPaise: i.refundPaise,
      })),
    );
    const auditActor = { id: actor.id, role: actor.role };
    for (const i of p.items) {
      // The schedule after the cut is the application's next version (v0 first if none exists yet).
      const before = new Map(
        (await applicationsRepository.days(tx, i.row.applicationId)).map((d) => [
          d.day,
          d.granted ?? new Array<number>(BLOCKS_PER_DAY).fill(0),
        ]),
      );
      const after = new Map(before).set(input.curtailmentDate, i.after);
      const { previous, versionNo } = await recordScheduleVersion(tx, {
        applicationId: i.row.applicationId,
        approvedAt: i.row.statusSince,
        before,
        after,
        source: 'Curtailment',
        curtailmentId: record.id,
        createdByUserId: actor.id,
        createdAt: now,
      });
      await applicationsRepository.setGranted(tx, i.row.applicationId, input.curtailmentDate, i.after);
      await applicationsRepository.bumpVersion(tx, i.row.applicationId, now);
      await audit.record(tx, {
        actor: auditActor,
        action: 'APPLICATION_CURTAILED',
        entity: 'Application',
        entityId: i.row.applicationId,
        before: { day: input.curtailmentDate, granted: i.before, scheduleVersion: previous },
        after: {
          day: input.curtailmentDate,
          granted: i.after,
          scheduleVersion: versionNo,
          curtailmentId: record.id,
          curtailedCentiBlocks: i.centiBlocks,
          refundPaise: i.refundPaise,
        },
        requestId: meta.requestId,
      });
      const message = enCurtailment.notifications.applicant(
        no,
        i.row.applicationNo,
        p.element,
        input.curtailmentDate,
        blockStartTime(p.fromBlock),
        blockEndTime(p.toBlock),
        centiBlocksToMwh(i.centiBlocks),
      );
      const userIds = [...new Set([i.row.applicantUserId, i.row.createdByUserId, i.row.traderOwnerUserId].filter((x): x is string => !!x))];
      await notifications.notify(tx, { userIds, message, link: WEB_LINKS.curtailment(record.id) });
    }
    // The element's STOA capacity in the curtailed blocks: lowered by the reduction, or to the new capacity.
    const margin = p.margin.map((m, b) => {
      if (b + 1 < p.fromBlock || b + 1 > p.toBlock) return m;
      return input.basis === 'Reduction' ? Math.max(0, m - p.quantumCenti) : Math.min(m, p.quantumCenti);
    });
    if (margin.some((m, b) => m !== p.margin[b])) {
      await repo.updateMargin(tx, p.marginId, margin, actor.id, now);
      await audit.record(tx, {
        actor: auditActor,
        action: 'ATC_MARGIN_CURTAILED',
        entity: 'AtcMargin',
        entityId: p.marginId,
        before: { blocks: p.margin },
        after: { blocks: margin, curtailmentId: record.id },
        requestId: meta.requestId,
      });
    }
    await audit.record(tx, {
      actor: auditActor,
      action: 'CURTAILMENT_CREATED',
      entity: 'Curtailment',
      entityId: record.id,
      after: record,
      requestId: meta.requestId,
    });
    return record.id;
  });
  return curtailmentDetail(deps, actor, id);
}
