/**
 * The parties an application can name (spec 001 §7 Application): sellers and buyers, their
 * details, the caller's traders and registrations, and the quantum a seller and a buyer have left.
 */
import { centiToMw, groupFieldErrors } from '@stoa/shared/common';
import { enApplications } from '@stoa/shared/messages';
import type { EntityType } from '@stoa/shared/account';
import { type ApplicationParty, monthOf, remainingQuantum, timeToMinutes } from '@stoa/shared/applications';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { type PartyRecord, partiesRepository } from '../registrations/registrations.parties.repository';
import { registrationsRepository, type Viewer } from '../registrations/registrations.repository';
import {
  type ApplicationsDeps,
  BUYER_TYPES,
  canBuy,
  canSell,
  LOAD_CENTRE,
  registrationNotFound,
  SELLER_TYPES,
  viewerOf,
} from './applications.access';
import { applicationsRepository as repo } from './applications.repository';

const E = enApplications.errors;
const M = enApplications.schedule;

/** A quantum in MW text, null when the registration does not give it. */
const mwOrNull = (centi: number | null) => (centi === null ? null : centiToMw(centi));

async function utilityNames(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const valid = ids.filter((x): x is string => !!x);
  if (valid.length === 0) return new Map();
  return new Map((await registrationsRepository.utilities(db, { ids: valid })).map((u) => [u.id, u.name]));
}

/** The users whose registrations the caller may name: a trader's associated applicants, else the caller. */
async function ownUsers(db: DbOrTx, v: Viewer): Promise<string[]> {
  return v.role === 'Trader' ? [...new Set((await partiesRepository.traderLinks(db, v.id)).map((l) => l.applicantUserId))] : [v.id];
}

const partyRow = (p: PartyRecord, side: 'seller' | 'buyer', isOwn: boolean): ApplicationParty => ({
  id: p.id,
  registrationNo: p.registrationNo,
  entityName: p.entityName,
  entityType: p.entityType as EntityType,
  quantum: centiToMw((side === 'seller' ? p.stoaInjectionQuantumCenti : p.stoaDrawlQuantumCenti) ?? 0),
  isOwn,
});

const available = (p: PartyRecord) => ({
  id: p.id,
  registrationNo: p.registrationNo,
  entityName: p.entityName,
  entityType: p.entityType as EntityType,
  canSell: canSell(p.entityType),
  canBuy: canBuy(p.entityType),
  stoaInjectionQuantum: canSell(p.entityType) ? mwOrNull(p.stoaInjectionQuantumCenti) : null,
  stoaDrawlQuantum: canBuy(p.entityType) ? mwOrNull(p.stoaDrawlQuantumCenti) : null,
  expiredOn: p.expiredOn,
});

/** A registration a party detail may show: approved (any non-draft one for the load-centre roles), not a trader's. */
async function partyOr404(db: DbOrTx, v: Viewer, id: string, side?: 'seller' | 'buyer'): Promise<PartyRecord> {
  const p = (await partiesRepository.byIds(db, [id])).get(id);
  const visible = !!p && p.entityType !== 'Trader' && (p.status === 'Approved' || (LOAD_CENTRE.includes(v.role) && p.status !== 'Draft'));
  if (!visible) throw registrationNotFound();
  if (side === 'seller' && !canSell(p.entityType)) throw registrationNotFound();
  if (side === 'buyer' && !canBuy(p.entityType)) throw registrationNotFound();
  return p;
}

/** GetSellers / GetBuyers (and the trader variants, of one entity type): approved parties by name, the caller's own marked. */
export async function listParties(
  deps: ApplicationsDeps,
  actor: RequestUser,
  side: 'seller' | 'buyer',
  entityType?: EntityType,
): Promise<ApplicationParty[]> {
  const v = await viewerOf(deps.db, actor);
  const types = (side === 'seller' ? SELLER_TYPES : BUYER_TYPES).filter((t) => !entityType || t === entityType);
  const rows = await partiesRepository.approvedOfTypes(deps.db, types);
  const own = new Set(await ownUsers(deps.db, v));
  return rows.map((p) => partyRow(p, side, own.has(p.ownerUserId)));
}

/** GetUserBasedTraders: the caller's traders. */
export async function userBasedTraders(deps: ApplicationsDeps, actor: RequestUser) {
  return (await partiesRepository.tradersOfApplicant(deps.db, actor.id)).map((t) => ({ id: t.id, description: t.entityName }));
}

/** GetAvailableRegistrations: the approved registrations the caller may apply with. */
export async function availableRegistrations(deps: ApplicationsDeps, actor: RequestUser) {
  const v = await viewerOf(deps.db, actor);
  return (await partiesRepository.approvedOfOwners(deps.db, await ownUsers(deps.db, v))).map(available);
}

/** GetRegistrationDetail/{id}. */
export async function registrationDetail(deps: ApplicationsDeps, actor: RequestUser, id: string) {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  const p = await partyOr404(db, v, id);
  const [utilities, people] = await Promise.all([utilityNames(db, [p.discomId, p.transcoId]), repo.usersByIds(db, [p.ownerUserId])]);
  return {
    ...available(p),
    ownerName: people.get(p.ownerUserId)?.name ?? '',
    injectionSubstation: canSell(p.entityType) ? p.injectionSubstation : null,
    drawalSubstation: canBuy(p.entityType) ? p.drawalSubstation : null,
    transcoName: p.transcoId ? (utilities.get(p.transcoId) ?? null) : null,
    discomName: p.discomId ? (utilities.get(p.discomId) ?? null) : null,
    validFrom: p.validFrom,
  };
}

/** GetInjectingEntityDetails/{id}: a seller's injection details. */
export async function injectingEntityDetails(deps: ApplicationsDeps, actor: RequestUser, id: string) {
  const v = await viewerOf(deps.db, actor);
  const p = await partyOr404(deps.db, v, id, 'seller');
  const utilities = await utilityNames(deps.db, [p.transcoId]);
  return {
    id: p.id,
    registrationNo: p.registrationNo,
    entityName: p.entityName,
    entityType: p.entityType as EntityType,
    stoaInjectionQuantum: centiToMw(p.stoaInjectionQuantumCenti ?? 0),
    installedCapacity: mwOrNull(p.installedCapacityCenti),
    injectionSubstation: p.injectionSubstation,
    injectionVoltage: p.injectionVoltage,
    generatorType: p.generatorType,
    isRe: p.isRe,
    transcoName: p.transcoId ? (utilities.get(p.transcoId) ?? null) : null,
  };
}

/** GetDraweeEntityDetails/{id}: a buyer's drawal details. */
export async function draweeEntityDetails(deps: ApplicationsDeps, actor: RequestUser, id: string) {
  const v = await viewerOf(deps.db, actor);
  const p = await partyOr404(deps.db, v, id, 'buyer');
  const utilities = await utilityNames(deps.db, [p.discomId]);
  return {
    id: p.id,
    registrationNo: p.registrationNo,
    entityName: p.entityName,
    entityType: p.entityType as EntityType,
    stoaDrawlQuantum: centiToMw(p.stoaDrawlQuantumCenti ?? 0),
    contractDemand: mwOrNull(p.contractDemandCenti),
    consumerNumber: p.consumerNumber,
    drawalSubstation: p.drawalSubstation,
    drawalVoltage: p.drawalVoltage,
    discomName: p.discomId ? (utilities.get(p.discomId) ?? null) : null,
  };
}

/**
 * GetRemainingQuatumDetails: the registered quantum of the seller (injection) and the buyer
 * (drawal) less what they already hold, the least over the dates and blocks asked.
 */
export async function remainingQuantumOf(
  deps: ApplicationsDeps,
  q: { SellerId: string; BuyerId: string; FromTimeBlock: string; ToTimeBlock: string; OAFromDate: string; OAToDate: string },
) {
  const { db } = deps;
  const span = { oaFromDate: q.OAFromDate, oaToDate: q.OAToDate, fromTimeBlock: q.FromTimeBlock, toTimeBlock: q.ToTimeBlock };
  const issues: { fieldName: string; message: string }[] = [];
  if (q.OAFromDate > q.OAToDate) issues.push({ fieldName: 'OAFromDate', message: M.fromDateAfterToDate });
  else if (monthOf(q.OAFromDate) !== monthOf(q.OAToDate)) issues.push({ fieldName: 'OAToDate', message: M.oneMonth });
  if (q.FromTimeBlock === '24:00') issues.push({ fieldName: 'FromTimeBlock', message: M.endOnly });
  else if (q.ToTimeBlock === '00:00') issues.push({ fieldName: 'ToTimeBlock', message: M.startOnly });
  else if (timeToMinutes(q.FromTimeBlock) >= timeToMinutes(q.ToTimeBlock))
    issues.push({ fieldName: 'FromTimeBlock', message: M.fromTimeNotBeforeToTime });
  const regs = await partiesRepository.byIds(db, [q.SellerId, q.BuyerId]);
  const seller = regs.get(q.SellerId);
  const buyer = regs.get(q.BuyerId);
  if (!seller || seller.status !== 'Approved' || !canSell(seller.entityType))
    issues.push({ fieldName: 'SellerId', message: E.sellerNotApproved });
  if (!buyer || buyer.status !== 'Approved' || !canBuy(buyer.entityType))
    issues.push({ fieldName: 'BuyerId', message: E.buyerNotApproved });
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));
  const [sellerHeld, buyerHeld] = await Promise.all([
    repo.heldByDay(db, 'seller', seller!.id, q.OAFromDate, q.OAToDate),
    repo.heldByDay(db, 'buyer', buyer!.id, q.OAFromDate, q.OAToDate),
  ]);
  return {
    remainingQuatumSeller: centiToMw(remainingQuantum(seller!.stoaInjectionQuantumCenti ?? 0, sellerHeld, span)),
    remainingQuatumBuyer: centiToMw(remainingQuantum(buyer!.stoaDrawlQuantumCenti ?? 0, buyerHeld, span)),
  };
}

/** IsDefaulter: whether the caller is marked a defaulter. */
export async function isDefaulter(deps: ApplicationsDeps, actor: RequestUser): Promise<boolean> {
  return (await viewerOf(deps.db, actor)).isDefaulter;
}
