import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { centiToMw, groupFieldErrors, istDate } from '@stoa/shared/common';
import type { StandingClearanceApply, StandingClearanceDetail } from '@stoa/shared/inter-state';
import { enInterState } from '@stoa/shared/messages';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { RequestUser } from '../../platform/auth';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { canBuy, canSell } from '../applications/applications.access';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { buildDetail } from './reads';
import { applicationNumber, type InterStateDeps, ownersOf, scopeOf, STANDING_CLEARANCE_RECORD_TYPE } from './standing-clearance.access';
import { standingClearanceRepository as repo } from './standing-clearance.repository';

const S = enInterState.standingClearance;

/**
 * Apply (OA applicant or its trader; decision 0060). The rules that need the clock and the database are
 * checked here, all at once (every field error in one answer): Valid From not in the past; the entity an
 * approved registration of the caller's own or of an applicant it trades for; a buy cap only for an entity
 * that draws and a sell cap only for one that injects, neither above the registered STOA quantum; Valid To
 * not after the registration expires. Then, in one transaction serialised per entity: no active clearance of
 * the same type overlapping the period in the same direction, the clearance and its history row, the fee due
 * (Payments), the audit row and the notifications.
 */
export async function applyStandingClearance(
  deps: InterStateDeps,
  actor: RequestUser,
  input: StandingClearanceApply,
  meta: RequestMeta,
): Promise<StandingClearanceDetail> {
  const { db, clock, audit, configuration, notifications } = deps;
  const { viewer, scope } = await scopeOf(db, actor);
  const today = istDate(clock.now());
  // 0 MW, like an empty field, clears nothing on that side.
  const buy = input.maxBuyMw || null;
  const sell = input.maxSellMw || null;
  const issues: { fieldName: string; message: string }[] = [];
  if (input.validFrom < today) issues.push({ fieldName: 'validFrom', message: S.rules.pastFrom });
  const party = (await partiesRepository.byIds(db, [input.registrationId])).get(input.registrationId);
  const mine = !!party && party.status === 'Approved' && party.entityType !== 'Trader' && ownersOf(scope).includes(party.ownerUserId);
  if (!party || !mine) {
    issues.push({ fieldName: 'registrationId', message: S.errors.registrationNotFound });
  } else {
    if (buy !== null) {
      if (!canBuy(party.entityType)) issues.push({ fieldName: 'maxBuyMw', message: S.rules.cannotBuy });
      else if (buy > (party.stoaDrawlQuantumCenti ?? 0))
        issues.push({
          fieldName: 'maxBuyMw',
          message: S.rules.aboveQuantum(S.fields.maxBuyMw, centiToMw(party.stoaDrawlQuantumCenti ?? 0)),
        });
    }
    if (sell !== null) {
      if (!canSell(party.entityType)) issues.push({ fieldName: 'maxSellMw', message: S.rules.cannotSell });
      else if (sell > (party.stoaInjectionQuantumCenti ?? 0))
        issues.push({
          fieldName: 'maxSellMw',
          message: S.rules.aboveQuantum(S.fields.maxSellMw, centiToMw(party.stoaInjectionQuantumCenti ?? 0)),
        });
    }
    if (party.expiredOn && input.validTo > party.expiredOn)
      issues.push({ fieldName: 'validTo', message: S.rules.registrationExpires(party.expiredOn) });
  }
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', undefined, groupFieldErrors(issues));
  const owner = party!.ownerUserId;
  if (viewer.isDefaulter || (owner !== viewer.id && (await repo.isDefaulter(db, owner))))
    throw new AppError('BUSINESS_RULE', S.errors.defaulter);

  const id = await inTransaction(db, async (tx) => {
    await repo.lockEntity(tx, input.registrationId);
    const clash = await repo.overlapping(tx, {
      registrationId: input.registrationId,
      transactionType: input.transactionType,
      from: input.validFrom,
      to: input.validTo,
      buy: buy !== null,
      sell: sell !== null,
    });
    if (clash.length > 0) {
      const c = clash[0]!;
      const direction = buy !== null && c.maxBuyCenti !== null ? S.directions.buy : S.directions.sell;
      throw new AppError('BUSINESS_RULE', S.rules.overlap(c.certificateNo ?? c.applicationNo, direction));
    }
    const now = clock.now();
    const applicationNo = applicationNumber(today.slice(0, 4), await repo.nextNo(tx));
    const row = await repo.insert(tx, {
      applicationNo,
      transactionType: input.transactionType,
      registrationId: input.registrationId,
      applicantUserId: owner,
      createdByUserId: viewer.id,
      maxBuyCenti: buy,
      maxSellCenti: sell,
      blockCaps: [...input.blockCaps]
        .sort((a, b) => a.fromBlock - b.fromBlock)
        .map((r) => ({ fromBlock: r.fromBlock, toBlock: r.toBlock, maxBuyCenti: r.maxBuyMw ?? null, maxSellCenti: r.maxSellMw ?? null })),
      validFrom: input.validFrom,
      validTo: input.validTo,
      declaration: input.declaration,
      remarks: input.remarks?.trim() || null,
      status: 'Submitted',
      createdOn: now,
      updatedOn: now,
    });
    const due = await configuration.raiseDue(tx, {
      payerUserId: owner,
      head: 'STANDING_CLEARANCE_FEE',
      on: today,
      quantity: '1',
      recordType: STANDING_CLEARANCE_RECORD_TYPE,
      recordId: row.id,
      description: `${CHARGE_HEAD_INFO.STANDING_CLEARANCE_FEE.label}: ${applicationNo}`,
    });
    const saved = await repo.update(tx, row.id, { feeDueId: due.id });
    await repo.insertAction(tx, {
      standingClearanceId: row.id,
      action: 'Submit',
      fromStatus: null,
      toStatus: 'Submitted',
      actorUserId: viewer.id,
      actorRole: viewer.role,
      remarks: saved.remarks,
      createdOn: now,
    });
    await audit.record(tx, {
      actor: { id: viewer.id, role: viewer.role },
      action: 'STANDING_CLEARANCE_APPLIED',
      entity: 'StandingClearance',
      entityId: row.id,
      after: saved,
      requestId: meta.requestId,
    });
    const link = WEB_LINKS.standingClearance(row.id);
    await notifications.notify(tx, { role: 'SLDCBusinessUser', message: S.notifications.applied(applicationNo, party!.entityName), link });
    // A trader applied: the entity (the fee's payer) hears of it too.
    if (owner !== viewer.id)
      await notifications.notify(tx, { userId: owner, message: S.notifications.applied(applicationNo, party!.entityName), link });
    return row.id;
  });
  return buildDetail(deps, db, viewer, id);
}
