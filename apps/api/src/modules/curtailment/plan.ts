/**
 * What a curtailment does (decision 0014), computed without saving anything: the affected
 * schedules of the element and day, the cuts in the configured order, the refunds, and the
 * preview and list rows made of them.
 */
import { atcElementKey } from '@stoa/shared/atc';
import { BLOCKS_PER_DAY, blockEndTime, blockStartTime, firstBlockOf, istClock, lastBlockOf } from '@stoa/shared/applications';
import { centiToMw, centiBlocksToMwh, formatRupeeRate } from '@stoa/shared/common';
import { centiBlocksOutsideWindows } from '@stoa/shared/e-bidding';
import { eBiddingRepository } from '../e-bidding/e-bidding.repository';
import {
  type CurtailmentInputValues,
  type CurtailmentItem,
  type CurtailmentOrder,
  type CurtailmentPreview,
  curtailmentCuts,
  curtailmentRefund,
  cutTargets,
  DEFAULT_CURTAILMENT_ORDER,
  isCurtailmentOrder,
  keepOrder,
  type TransmissionChargeUnit,
} from '@stoa/shared/curtailment';
import { enCurtailment } from '@stoa/shared/messages';

import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { applicationsRepository } from '../applications/applications.repository';
import type { AuditService } from '../audit/audit.service';
import { configurationRepository } from '../configuration/configuration.repository';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { type AffectedRow, curtailmentRepository as repo, type CurtailmentRecord } from './curtailment.repository';

/** What every use case of the curtailment module is given (app.ts builds it once). */
export interface CurtailmentDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  notifications: NotificationsService;
}

const E = enCurtailment.errors;
const TRANSMISSION_UNITS: readonly string[] = ['INR_PER_KWH', 'INR_PER_MW_DAY'];

interface Charge {
  rate: string;
  unit: TransmissionChargeUnit;
  gstRatePercent: string;
}

/** What a curtailment does to the affected schedules of its day (nothing saved). */
export interface Plan {
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

export const sumOf = (values: readonly number[]) => values.reduce((s, x) => s + x, 0);
const trim = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

function blockList(before: readonly number[], after: readonly number[], fromBlock: number, toBlock: number) {
  const out: CurtailmentItem['blockList'] = [];
  for (let b = fromBlock; b <= toBlock; b++) {
    const x = before[b - 1] ?? 0;
    const y = after[b - 1] ?? 0;
    if (x === 0 && y === 0) continue;
    out.push({
      block: b,
      fromTime: blockStartTime(b),
      toTime: blockEndTime(b),
      beforeMw: centiToMw(x),
      afterMw: centiToMw(y),
      cutMw: centiToMw(x - y),
    });
  }
  return out;
}

export const refundTotal = (values: (number | null)[]) =>
  values.length === 0 || values.some((v) => v === null) ? null : sumOf(values as number[]);

/** Date and blocks: not in the past; on today only from the block in progress on. */
export function checkWhen(deps: CurtailmentDeps, input: CurtailmentInputValues) {
  const { date: today, msOfDay } = istClock(deps.clock.now());
  if (input.curtailmentDate < today) throw AppError.field('VALIDATION_FAILED', 'curtailmentDate', E.pastDate);
  if (input.curtailmentDate === today) {
    const current = Math.floor(msOfDay / (15 * 60_000)) + 1;
    if (firstBlockOf(input.fromTimeBlock) < current)
      throw AppError.field('VALIDATION_FAILED', 'fromTimeBlock', E.pastBlocks(blockStartTime(current)));
  }
}

async function chargeOn(dbx: DbOrTx, date: string): Promise<Charge | null> {
  const rate = await configurationRepository.rateOn(dbx, 'STU_TRANSMISSION_CHARGE', date);
  if (!rate || !TRANSMISSION_UNITS.includes(rate.unit)) return null;
  return { rate: trim(rate.amount), unit: rate.unit as TransmissionChargeUnit, gstRatePercent: trim(rate.gstRatePercent) };
}

export async function plan(deps: CurtailmentDeps, dbx: DbOrTx, input: CurtailmentInputValues, lock: boolean): Promise<Plan> {
  const elementKey = atcElementKey(input.element);
  const day = input.curtailmentDate;
  const margin = await repo.marginRow(dbx, day, elementKey, lock);
  if (!margin) throw AppError.field('VALIDATION_FAILED', 'element', E.unknownElement);
  const setting = await deps.configuration.settingOn(dbx, 'curtailmentOrder', day);
  const order: CurtailmentOrder = isCurtailmentOrder(setting) ? setting : DEFAULT_CURTAILMENT_ORDER;
  const fromBlock = firstBlockOf(input.fromTimeBlock);
  const toBlock = lastBlockOf(input.toTimeBlock);
  const quantumCenti = input.quantum; // centi-MW, read by the schema

  // Locking: the applications first (in id order, as a revision approval does), then their day rows.
  if (lock)
    await applicationsRepository.lockByIds(
      dbx,
      (await repo.affected(dbx, elementKey, day)).map((r) => r.applicationId),
    );
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
    refundNote = charge
      ? `${enCurtailment.refundNoteTransmission} STU transmission charge ${formatRupeeRate(charge.rate, charge.unit === 'INR_PER_KWH' ? 'kWh' : 'MW/day')}, GST ${charge.gstRatePercent} %.`
      : enCurtailment.refundNoteNoRate(day);
  }
  const items: Plan['items'] = [];
  for (const [i, row] of rows.entries()) {
    const before = row.granted;
    const cut = cuts.subarray(i * BLOCKS_PER_DAY, (i + 1) * BLOCKS_PER_DAY);
    const centiBlocks = sumOf(Array.from(cut));
    if (centiBlocks === 0) continue;
    const after = before.map((g, b) => g - cut[b]!);
    // Decision 0057: blocks inside an allocated e-bidding congestion window were never charged the
    // transmission charge, so their cut refunds nothing at that rate (decision 0059).
    let refundPaise: number | null = null;
    if (charge) {
      const windows = await eBiddingRepository.allocatedWindowsOf(dbx, row.applicationId);
      const charged = centiBlocksOutsideWindows(windows, day, cut);
      refundPaise = curtailmentRefund(charged, charge.rate, charge.unit, charge.gstRatePercent).totalPaise;
    }
    items.push({ row, before, after, centiBlocks, refundPaise });
  }
  return {
    order,
    element: margin.element,
    elementKey,
    marginId: margin.id,
    marginVersion: margin.version,
    margin: margin.blocks,
    fromBlock,
    toBlock,
    quantumCenti,
    charge,
    refundNote,
    heldInRange,
    items,
  };
}

export const itemOut = (
  p: {
    row: Pick<AffectedRow, 'applicationId' | 'applicationNo' | 'type' | 'applicantName' | 'sellerName' | 'buyerName'>;
    before: number[];
    after: number[];
    centiBlocks: number;
    refundPaise: number | null;
  },
  fromBlock: number,
  toBlock: number,
): CurtailmentItem => ({
  applicationId: p.row.applicationId,
  applicationNo: p.row.applicationNo,
  applicationType: p.row.type,
  applicantName: p.row.applicantName,
  sellerName: p.row.sellerName,
  buyerName: p.row.buyerName,
  blockList: blockList(p.before, p.after, fromBlock, toBlock),
  curtailedMwh: centiBlocksToMwh(p.centiBlocks),
  refundAmount: p.refundPaise,
});

export function previewOf(input: CurtailmentInputValues, p: Plan): CurtailmentPreview {
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
    curtailedMwh: centiBlocksToMwh(sumOf(p.items.map((i) => i.centiBlocks))),
    refundAmount: p.charge ? refundTotal(p.items.map((i) => i.refundPaise)) : null,
    refundNote: p.refundNote,
    marginVersion: p.marginVersion,
    itemList,
  };
}

export function headerOf(r: CurtailmentRecord) {
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
