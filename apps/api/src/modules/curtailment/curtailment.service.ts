import {
  atcElementKey,
  BLOCKS_PER_DAY,
  blockEndTime,
  blockStartTime,
  centiToMw,
  type CurtailmentDetail,
  type CurtailmentInputValues,
  type CurtailmentItem,
  type CurtailmentList,
  type CurtailmentListQuery,
  type CurtailmentOrder,
  type CurtailmentPreview,
  curtailedMwh,
  curtailmentCuts,
  curtailmentRefund,
  cutTargets,
  DEFAULT_CURTAILMENT_ORDER,
  enCurtailment,
  firstBlockOf,
  isCurtailmentOrder,
  istClock,
  keepOrder,
  lastBlockOf,
  LOAD_CENTRE_ROLES,
  mwToCenti,
  type TransmissionChargeUnit,
} from '@stoa/shared';

import type { RequestUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { PROCESSING_LOCK } from '../../platform/db/locks';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, notFound } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import type { AuditService } from '../audit/audit.service';
import { configurationRepository } from '../configuration/configuration.repository';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { applicationsRepository } from '../applications/applications.repository';
import { registrationsRepository } from '../registrations/registrations.repository';
import type { Viewer } from '../registrations/registrations.repository';
import { recordScheduleVersion } from '../revisions/revisions.repository';
import { type AffectedRow, curtailmentRepository as repo } from './curtailment.repository';
import type { CurtailmentRecord } from './curtailment.tables';

const E = enCurtailment.errors;
const TRANSMISSION_UNITS: readonly string[] = ['INR_PER_KWH', 'INR_PER_MW_DAY'];

interface Charge {
  rate: string;
  unit: TransmissionChargeUnit;
  gstRatePercent: string;
}

/** What a curtailment does to the affected schedules of its day (nothing saved). */
interface Plan {
  order: CurtailmentOrder;
  element: string;
  elementKey: string;
  marginId: string;
  marginVersion: number;
  margin: number[];
  fromBlock: number;
  toBlock: number;
  quantumCenti: number;
  charge: Charge | null;
  refundNote: string;
  /** Whether any affected schedule holds anything in the blocks chosen. */
  heldInRange: boolean;
  items: { row: AffectedRow; before: number[]; after: number[]; centiBlocks: number; refundPaise: number | null }[];
}

const sumOf = (values: readonly number[]) => values.reduce((s, x) => s + x, 0);
const trim = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

function blockList(before: readonly number[], after: readonly number[], fromBlock: number, toBlock: number) {
  const out: CurtailmentItem['blockList'] = [];
  for (let b = fromBlock; b <= toBlock; b++) {
    const x = before[b - 1] ?? 0;
    const y = after[b - 1] ?? 0;
    if (x === 0 && y === 0) continue;
    out.push({ block: b, fromTime: blockStartTime(b), toTime: blockEndTime(b), beforeMw: centiToMw(x), afterMw: centiToMw(y), cutMw: centiToMw(x - y) });
  }
  return out;
}

const refundTotal = (values: (number | null)[]) => (values.length === 0 || values.some((v) => v === null) ? null : sumOf(values as number[]));

export function createCurtailmentService(deps: { db: Database; clock: Clock; audit: AuditService; configuration: ConfigurationService; notifications: NotificationsService }) {
  const { db, clock, audit, configuration, notifications } = deps;

  async function viewerOf(actor: RequestUser): Promise<Viewer> {
    const v = await registrationsRepository.viewer(db, actor.id);
    if (!v) throw new AppError('UNAUTHENTICATED');
    return v;
  }

  /** Date and blocks: not in the past; on today only from the block in progress on. */
  function checkWhen(input: CurtailmentInputValues) {
    const { date: today, msOfDay } = istClock(clock.now());
    if (input.curtailmentDate < today) throw AppError.field('VALIDATION_FAILED', 'curtailmentDate', E.pastDate);
    if (input.curtailmentDate === today) {
      const current = Math.floor(msOfDay / (15 * 60_000)) + 1;
      if (firstBlockOf(input.fromTimeBlock) < current) throw AppError.field('VALIDATION_FAILED', 'fromTimeBlock', E.pastBlocks(blockStartTime(current)));
    }
  }

  async function chargeOn(dbx: DbOrTx, date: string): Promise<Charge | null> {
    const rate = await configurationRepository.rateOn(dbx, 'STU_TRANSMISSION_CHARGE', date);
    if (!rate || !TRANSMISSION_UNITS.includes(rate.unit)) return null;
    return { rate: trim(rate.amount), unit: rate.unit as TransmissionChargeUnit, gstRatePercent: trim(rate.gstRatePercent) };
  }

  async function plan(dbx: DbOrTx, input: CurtailmentInputValues, lock: boolean): Promise<Plan> {
    const elementKey = atcElementKey(input.element);
    const day = input.curtailmentDate;
    const margin = await repo.marginRow(dbx, day, elementKey, lock);
    if (!margin) throw AppError.field('VALIDATION_FAILED', 'element', E.unknownElement);
    const setting = await configuration.settingOn(dbx, 'curtailmentOrder', day);
    const order: CurtailmentOrder = isCurtailmentOrder(setting) ? setting : DEFAULT_CURTAILMENT_ORDER;
    const fromBlock = firstBlockOf(input.fromTimeBlock);
    const toBlock = lastBlockOf(input.toTimeBlock);
    const quantumCenti = mwToCenti(input.quantum);

    // Locking: the applications first (in id order, as a revision approval does), then their day rows.
    if (lock) await repo.lockApplications(dbx, (await repo.affected(dbx, elementKey, day)).map((r) => r.applicationId));
    const rows = await repo.affected(dbx, elementKey, day, lock);
    const apps = rows.length;
    const held = new Int32Array(apps * BLOCKS_PER_DAY);
    rows.forEach((r, i) => held.set(r.granted, i * BLOCKS_PER_DAY));
    const targets = cutTargets(held, apps, BLOCKS_PER_DAY, input.basis, quantumCenti, fromBlock, toBlock);
    const keep = keepOrder(
      rows.map((r) => ({ type: r.type, submittedAt: r.submittedAt?.getTime() ?? 0, applicationNo: r.applicationNo })),
      order,
    );
    let heldInRange = false;
    for (let i = 0; i < apps && !heldInRange; i++) {
      for (let b = fromBlock - 1; b < toBlock; b++) if (held[i * BLOCKS_PER_DAY + b]! > 0) heldInRange = true;
    }
    const cuts = curtailmentCuts({ held, cuts: targets, apps, blocks: BLOCKS_PER_DAY, order: keep, rule: order });

    let charge: Charge | null = null;
    let refundNote: string = enCurtailment.refundNoteOther;
    if (input.cause === 'TransmissionConstraint') {
      charge = await chargeOn(dbx, day);
      refundNote = charge ? `${enCurtailment.refundNoteTransmission} STU transmission charge ${charge.rate} ${charge.unit === 'INR_PER_KWH' ? 'Rs/kWh' : 'Rs/MW/day'}, GST ${charge.gstRatePercent} %.` : enCurtailment.refundNoteNoRate(day);
    }
    const items: Plan['items'] = [];
    rows.forEach((row, i) => {
      const before = row.granted;
      const cut = cuts.subarray(i * BLOCKS_PER_DAY, (i + 1) * BLOCKS_PER_DAY);
      const centiBlocks = sumOf(Array.from(cut));
      if (centiBlocks === 0) return;
      const after = before.map((g, b) => g - cut[b]!);
      const refundPaise = charge ? curtailmentRefund(centiBlocks, charge.rate, charge.unit, charge.gstRatePercent).totalPaise : null;
      items.push({ row, before, after, centiBlocks, refundPaise });
    });
    return { order, element: margin.element, elementKey, marginId: margin.id, marginVersion: margin.version, margin: margin.blocks, fromBlock, toBlock, quantumCenti, charge, refundNote, heldInRange, items };
  }

  const itemOut = (p: { row: Pick<AffectedRow, 'applicationId' | 'applicationNo' | 'type' | 'applicantName' | 'sellerName' | 'buyerName'>; before: number[]; after: number[]; centiBlocks: number; refundPaise: number | null }, fromBlock: number, toBlock: number): CurtailmentItem => ({
    applicationId: p.row.applicationId,
    applicationNo: p.row.applicationNo,
    applicationType: p.row.type,
    applicantName: p.row.applicantName,
    sellerName: p.row.sellerName,
    buyerName: p.row.buyerName,
    blockList: blockList(p.before, p.after, fromBlock, toBlock),
    curtailedMwh: curtailedMwh(p.centiBlocks),
    refundAmount: p.refundPaise,
  });

  function previewOf(input: CurtailmentInputValues, p: Plan): CurtailmentPreview {
    const itemList = p.items.map((i) => itemOut(i, p.fromBlock, p.toBlock));
    return {
      element: p.element,
      curtailmentDate: input.curtailmentDate,
      fromTimeBlock: blockStartTime(p.fromBlock),
      toTimeBlock: blockEndTime(p.toBlock),
      basis: input.basis,
      quantum: centiToMw(p.quantumCenti),
      cause: input.cause,
      order: p.order,
      curtailedMwh: curtailedMwh(sumOf(p.items.map((i) => i.centiBlocks))),
      refundAmount: p.charge ? refundTotal(p.items.map((i) => i.refundPaise)) : null,
      refundNote: p.refundNote,
      marginVersion: p.marginVersion,
      itemList,
    };
  }

  function headerOf(r: CurtailmentRecord) {
    return {
      id: r.id,
      curtailmentNo: r.curtailmentNo,
      element: r.element,
      curtailmentDate: r.curtailmentDate,
      fromTimeBlock: blockStartTime(r.fromBlock),
      toTimeBlock: blockEndTime(r.toBlock),
      basis: r.basis,
      quantum: centiToMw(r.quantumCenti),
      cause: r.cause,
    };
  }

  return {
    async elements(date: string) {
      const rows = await repo.elementsOn(db, date);
      const setting = await configuration.settingOn(db, 'curtailmentOrder', date);
      return { elementList: rows, order: isCurtailmentOrder(setting) ? setting : DEFAULT_CURTAILMENT_ORDER };
    },

    async preview(input: CurtailmentInputValues): Promise<CurtailmentPreview> {
      checkWhen(input);
      return previewOf(input, await plan(db, input, false));
    },

    /**
     * Applies a curtailment in one transaction: the processing lock, the element's margin row and
     * the affected applications and day rows locked, the cuts recomputed on what is locked, the
     * granted values reduced (each a new schedule version, source 'Curtailment'), the element's
     * margin lowered, the curtailment and its items recorded, audited, and each applicant (and
     * trader) notified.
     */
    async create(actor: RequestUser, input: CurtailmentInputValues, meta: RequestMeta): Promise<CurtailmentDetail> {
      checkWhen(input);
      const id = await inTransaction(db, async (tx) => {
        await tx.execute(PROCESSING_LOCK);
        const p = await plan(tx, input, true);
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
          p.items.map((i) => ({ curtailmentId: record.id, applicationId: i.row.applicationId, day: input.curtailmentDate, before: i.before, after: i.after, curtailedCentiBlocks: i.centiBlocks, refundPaise: i.refundPaise })),
        );
        const auditActor = { id: actor.id, role: actor.role };
        for (const i of p.items) {
          // The schedule after the cut is the application's next version (v0 first if none exists yet).
          const before = new Map((await applicationsRepository.days(tx, i.row.applicationId)).map((d) => [d.day, d.granted ?? new Array<number>(BLOCKS_PER_DAY).fill(0)]));
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
          await repo.setGranted(tx, i.row.applicationId, input.curtailmentDate, i.after, now);
          await audit.record(tx, {
            actor: auditActor,
            action: 'APPLICATION_CURTAILED',
            entity: 'Application',
            entityId: i.row.applicationId,
            before: { day: input.curtailmentDate, granted: i.before, scheduleVersion: previous },
            after: { day: input.curtailmentDate, granted: i.after, scheduleVersion: versionNo, curtailmentId: record.id, curtailedCentiBlocks: i.centiBlocks, refundPaise: i.refundPaise },
            requestId: meta.requestId,
          });
          const message = enCurtailment.notifications.applicant(no, i.row.applicationNo, p.element, input.curtailmentDate, blockStartTime(p.fromBlock), blockEndTime(p.toBlock), curtailedMwh(i.centiBlocks));
          const userIds = [...new Set([i.row.applicantUserId, i.row.createdByUserId, i.row.traderOwnerUserId].filter((x): x is string => !!x))];
          await notifications.notify(tx, { userIds, message });
        }
        // The element's STOA capacity in the curtailed blocks: lowered by the reduction, or to the new capacity.
        const margin = p.margin.map((m, b) => {
          if (b + 1 < p.fromBlock || b + 1 > p.toBlock) return m;
          return input.basis === 'Reduction' ? Math.max(0, m - p.quantumCenti) : Math.min(m, p.quantumCenti);
        });
        if (margin.some((m, b) => m !== p.margin[b])) {
          await repo.updateMargin(tx, p.marginId, margin, actor.id, now);
          await audit.record(tx, { actor: auditActor, action: 'ATC_MARGIN_CURTAILED', entity: 'AtcMargin', entityId: p.marginId, before: { blocks: p.margin }, after: { blocks: margin, curtailmentId: record.id }, requestId: meta.requestId });
        }
        await audit.record(tx, { actor: auditActor, action: 'CURTAILMENT_CREATED', entity: 'Curtailment', entityId: record.id, after: record, requestId: meta.requestId });
        return record.id;
      });
      return this.detail(actor, id);
    },

    async list(actor: RequestUser, q: CurtailmentListQuery): Promise<CurtailmentList> {
      const v = await viewerOf(actor);
      const { rows, total } = await repo.list(db, v, q);
      return {
        curtailmentList: rows.map((r) => ({
          ...headerOf(r.curtailment),
          applicationCount: r.applicationCount,
          curtailedMwh: curtailedMwh(r.curtailedCentiBlocks),
          refundAmount: r.refundPaise,
          createdOn: r.curtailment.createdOn.toISOString(),
        })),
        dataCount: total,
      };
    },

    /** One curtailment: the SLDC roles see every item, an applicant or trader only its own (404 if none). */
    async detail(actor: RequestUser, id: string): Promise<CurtailmentDetail> {
      const v = await viewerOf(actor);
      const found = await repo.findById(db, id);
      if (!found) throw notFound('curtailment');
      const items = await repo.items(db, v, id);
      const sldc = (LOAD_CENTRE_ROLES as readonly string[]).includes(v.role);
      if (!sldc && items.length === 0) throw notFound('curtailment');
      const r = found.curtailment;
      const itemList = items.map((i) =>
        itemOut(
          { row: { applicationId: i.item.applicationId, applicationNo: i.applicationNo, type: i.type, applicantName: i.applicantName, sellerName: i.sellerName, buyerName: i.buyerName }, before: i.item.before, after: i.item.after, centiBlocks: i.item.curtailedCentiBlocks, refundPaise: i.item.refundPaise },
          r.fromBlock,
          r.toBlock,
        ),
      );
      return {
        ...headerOf(r),
        order: r.curtailmentOrder,
        remarks: r.remarks,
        createdByName: sldc ? found.createdByName : null,
        createdOn: r.createdOn.toISOString(),
        curtailedMwh: curtailedMwh(sldc ? r.curtailedCentiBlocks : sumOf(items.map((i) => i.item.curtailedCentiBlocks))),
        refundAmount: sldc ? r.refundPaise : r.refundPaise === null ? null : refundTotal(items.map((i) => i.item.refundPaise)),
        refundNote: r.refundNote,
        itemList,
      };
    },
  };
}

export type CurtailmentService = ReturnType<typeof createCurtailmentService>;
