/** What standing clearances show (decision 0060): the list, one clearance, the fee, the public check. */
import { blockEndTime, blockStartTime } from '@stoa/shared/applications';
import { amountPaise, centiToMw, gstPaise, istDate } from '@stoa/shared/common';
import {
  displayStatusOf,
  type StandingClearanceDetail,
  type StandingClearanceList,
  type StandingClearanceListQuery,
  type StandingClearanceVerification,
  standingClearanceActionsFor,
} from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { canBuy, canSell } from '../applications/applications.access';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import type { Viewer } from '../registrations/registrations.repository';
import { historyEntry } from './inter-state.mapper';
import { type InterStateDeps, notFound, scopeOf } from './standing-clearance.access';
import { type StandingClearanceRecord, standingClearanceRepository as repo } from './standing-clearance.repository';

const S = enInterState.standingClearance;
const mw = (centi: number | null) => (centi === null ? null : centiToMw(centi));

interface RowInput {
  clearance: StandingClearanceRecord;
  entityName: string;
  registrationNo: string | null;
  feeStatus: string | null;
}

function rowOf(r: RowInput, today: string) {
  const c = r.clearance;
  const status = displayStatusOf(c.status, c.validTo, today);
  return {
    id: c.id,
    applicationNo: c.applicationNo,
    certificateNo: c.certificateNo,
    transactionType: c.transactionType,
    registrationId: c.registrationId,
    entityName: r.entityName,
    registrationNo: r.registrationNo,
    maxBuyMw: mw(c.maxBuyCenti),
    maxSellMw: mw(c.maxSellCenti),
    validFrom: c.validFrom,
    validTo: c.validTo,
    status,
    statusDescription: S.statusLabels[status],
    appliedOn: c.createdOn.toISOString(),
    issuedOn: c.issuedAt?.toISOString() ?? null,
    feeUnpaid: r.feeStatus === 'DUE',
    version: c.version,
  };
}

/** The caps per block range as the detail, the certificate and the public check show them (decision 0077). */
function blockCapsOf(c: StandingClearanceRecord) {
  return c.blockCaps.map((r) => ({
    fromBlock: r.fromBlock,
    toBlock: r.toBlock,
    fromTime: blockStartTime(r.fromBlock),
    toTime: blockEndTime(r.toBlock),
    maxBuyMw: mw(r.maxBuyCenti),
    maxSellMw: mw(r.maxSellCenti),
  }));
}

/** GetAll: the caller's scope, newest first. */
export async function listStandingClearances(
  deps: InterStateDeps,
  actor: RequestUser,
  q: StandingClearanceListQuery,
): Promise<StandingClearanceList> {
  const { scope } = await scopeOf(deps.db, actor);
  const today = istDate(deps.clock.now());
  const { rows, total } = await repo.list(deps.db, scope, q, today);
  return { standingClearanceList: rows.map((r) => rowOf(r, today)), dataCount: total };
}

/** The detail of a clearance the viewer may see (the caller checked the scope, or just wrote it). */
export async function buildDetail(deps: InterStateDeps, db: DbOrTx, viewer: Viewer, id: string): Promise<StandingClearanceDetail> {
  const row = await repo.detailRow(db, id);
  if (!row) throw notFound();
  const today = istDate(deps.clock.now());
  const c = row.clearance;
  const base = rowOf(row, today);
  const party = (await partiesRepository.byIds(db, [c.registrationId])).get(c.registrationId);
  const history = await repo.history(db, id);
  const point = (substation: string | null, voltage: string | null) =>
    substation ? `${substation}${voltage && !substation.includes('kV') ? ` (${voltage} kV)` : ''}` : null;
  return {
    ...base,
    blockCaps: blockCapsOf(c),
    remarks: c.remarks,
    declaration: c.declaration,
    appliedByName: row.appliedByName,
    entityType: row.entityType,
    injectionPoint: party && canSell(party.entityType) ? point(party.injectionSubstation, party.injectionVoltage) : null,
    drawalPoint: party && canBuy(party.entityType) ? point(party.drawalSubstation, party.drawalVoltage) : null,
    feeDueId: c.feeDueId,
    feeAmount: row.feeAmount ?? null,
    feeStatus: row.feeStatus ?? null,
    decisionReason: c.decisionReason,
    decidedOn: c.decidedAt?.toISOString() ?? null,
    verificationCode: c.verificationCode,
    deemed: c.deemed,
    consentUtility: row.consentUtilityName ?? null,
    consentedOn: c.consentedAt?.toISOString() ?? null,
    actions: standingClearanceActionsFor(base.status, viewer.role),
    history: history.map(historyEntry),
    viewerRole: viewer.role,
  };
}

/** Get/{id}: one clearance in the caller's scope (another's answers the same 404 as a missing one). */
export async function standingClearanceDetail(deps: InterStateDeps, actor: RequestUser, id: string): Promise<StandingClearanceDetail> {
  const { viewer, scope } = await scopeOf(deps.db, actor);
  if (!(await repo.findVisible(deps.db, scope, id))) throw notFound();
  return buildDetail(deps, deps.db, viewer, id);
}

/** GetFee: the standing clearance fee in force today (paise, with its GST line). */
export async function standingClearanceFee(deps: InterStateDeps) {
  const { chargeList } = await deps.configuration.listCharges({ head: 'STANDING_CLEARANCE_FEE' });
  const current = chargeList.find((c) => c.state === 'CURRENT');
  if (!current) throw new AppError('NOT_FOUND', S.errors.noFee);
  const baseAmount = amountPaise(current.amount, '1');
  const gstAmount = gstPaise(baseAmount, current.gstRatePercent);
  return {
    baseAmount,
    gstRatePercent: current.gstRatePercent,
    gstAmount,
    totalAmount: baseAmount + gstAmount,
    effectiveFrom: current.effectiveFrom,
  };
}

/** What the certificate PDF prints: an issued (or since revoked or expired) clearance in the caller's scope. */
export async function certificateData(deps: InterStateDeps, actor: RequestUser, id: string) {
  const detail = await standingClearanceDetail(deps, actor, id);
  if (!detail.certificateNo || !detail.verificationCode || !detail.issuedOn) throw new AppError('CONFLICT', S.errors.notIssued);
  return detail;
}
export type CertificateData = Awaited<ReturnType<typeof certificateData>>;

/**
 * The public check (no sign-in): valid, not yet in force, revoked or expired, for whom, the MW (with the
 * caps per block range, as the certificate prints them; decision 0088) and the period. A code of no
 * certificate answers 404 with one text whatever the reason, so nothing leaks.
 */
export async function verifyStandingClearance(deps: InterStateDeps, code: string): Promise<StandingClearanceVerification> {
  const row = await repo.byCode(deps.db, code);
  const c = row?.clearance;
  if (!row || !c || !c.certificateNo || !c.issuedAt || !['Issued', 'Revoked', 'Expired'].includes(c.status))
    throw new AppError('NOT_FOUND', S.errors.codeNotFound);
  const today = istDate(deps.clock.now());
  // Expired whether the expiry job has stored it yet or not (decision 0062).
  const status =
    c.status === 'Revoked'
      ? 'Revoked'
      : c.status === 'Expired' || c.validTo < today
        ? 'Expired'
        : c.validFrom > today
          ? 'NotYetValid'
          : 'Valid';
  return {
    certificateNo: c.certificateNo,
    entityName: row.entityName,
    registrationNo: row.registrationNo,
    transactionType: c.transactionType,
    maxBuyMw: mw(c.maxBuyCenti),
    maxSellMw: mw(c.maxSellCenti),
    validFrom: c.validFrom,
    validTo: c.validTo,
    status,
    issuedOn: c.issuedAt.toISOString(),
    revokedOn: c.status === 'Revoked' ? (c.decidedAt?.toISOString() ?? null) : null,
    deemed: c.deemed,
    blockCaps: blockCapsOf(c),
  };
}
