/**
 * The steps every change of an application takes, shared by submission, the SLDC review and
 * processing: the window of a type, the workflow transition (status, history, audit), the final
 * outcome, the application fee and the notices to the parties and the next role.
 */
import { amountPaise, gstPaise, istDate } from '@stoa/shared/common';
import {
  APPLICATION_TYPE_CODES,
  type ApplicationAction,
  type ApplicationStatus,
  applicationStepText,
  type ApplicationTransition,
  type ApplicationType,
  findApplicationTransition,
  nextApplicationActors,
  outcomeOf,
  permittedRange,
  WINDOW_SETTING_KEYS,
  type WindowSettingKey,
  windowSettingsFrom,
} from '@stoa/shared/applications';
import { CHARGE_HEAD_INFO } from '@stoa/shared/configuration';
import { enApplications } from '@stoa/shared/messages';
import type { Role } from '@stoa/shared/account';
import { WEB_LINKS } from '@stoa/shared/navigation';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { settleRejectedApplication } from '../payments/rejection-refunds';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import { type ApplicationsDeps, traderOwnerOf, typeLabel } from './applications.access';
import { applicationsRepository as repo, type ApplicationInsert, type ApplicationRecord } from './applications.repository';
import { raiseApprovalCharges } from './charges';

/** Owner type of the dues and files of an application. */
export const APPLICATION_OWNER_TYPE = 'Application';

const E = enApplications.errors;
const N = enApplications.notifications;

/** Who takes a step, with the remarks and the request it came with. */
export interface ActBy {
  userId: string;
  role: Role;
  remarks: string | null;
  requestId: string | null;
}

/** `STOA/{DA|AD|FC|CD|CS}/{yyyy}/{000123}`. */
export function applicationNumber(type: ApplicationType, year: string, seq: number): string {
  return `STOA/${APPLICATION_TYPE_CODES[type]}/${year}/${String(seq).padStart(6, '0')}`;
}

/** What the audit rows record of an application. */
export const summary = (row: ApplicationRecord) => ({
  applicationNo: row.applicationNo,
  type: row.type,
  status: row.status,
  version: row.version,
  applicantUserId: row.applicantUserId,
  createdByUserId: row.createdByUserId,
  traderRegistrationId: row.traderRegistrationId,
  sellerRegistrationId: row.sellerRegistrationId,
  buyerRegistrationId: row.buyerRegistrationId,
  month: row.month,
  fromDate: row.fromDate,
  toDate: row.toDate,
});

/** Audit action names per workflow step (`APPLICATION_…`). */
const AUDIT_ACTIONS: Record<ApplicationAction | 'Resubmit', string> = {
  Submit: 'SUBMITTED',
  Resubmit: 'RESUBMITTED',
  Forward: 'ACCEPTED',
  Approve: 'APPROVED',
  Return: 'RETURNED',
  Reject: 'REJECTED',
  Process: 'PROCESSED',
};

// ---- window ------------------------------------------------------------------------------------

async function windowSettings(deps: ApplicationsDeps, db: DbOrTx, on: string) {
  const values = Object.fromEntries(
    await Promise.all(WINDOW_SETTING_KEYS.map(async (k) => [k, await deps.configuration.settingOn(db, k, on)] as const)),
  );
  return windowSettingsFrom(values as Record<WindowSettingKey, string>);
}

/** The permitted range of the type now (DOMAIN.md §3 windows, on the injected clock). */
export async function rangeNow(deps: ApplicationsDeps, db: DbOrTx, type: ApplicationType) {
  return permittedRange(type, deps.clock.now(), await windowSettings(deps, db, istDate(deps.clock.now())));
}

// ---- fee ---------------------------------------------------------------------------------------

/** The application fee due, raised once when the application first reaches the SLDC (payer: the applicant). */
export async function raiseFee(deps: ApplicationsDeps, tx: Tx, row: ApplicationRecord): Promise<ApplicationRecord> {
  if (row.feeDueId || row.status !== 'Submitted') return row;
  const due = await deps.configuration.raiseDue(tx, {
    payerUserId: row.applicantUserId,
    head: 'APPLICATION_FEE',
    on: istDate(deps.clock.now()),
    quantity: '1',
    recordType: APPLICATION_OWNER_TYPE,
    recordId: row.id,
    description: `${CHARGE_HEAD_INFO.APPLICATION_FEE.label}: ${row.applicationNo}`,
  });
  return repo.update(tx, row.id, { feeDueId: due.id });
}

/** GetApplicationFee: the application fee in force today, in paise with its GST line. */
export async function applicationFee(deps: ApplicationsDeps) {
  const { chargeList } = await deps.configuration.listCharges({ head: 'APPLICATION_FEE' });
  const current = chargeList.find((c) => c.state === 'CURRENT');
  if (!current) throw new AppError('NOT_FOUND', `No ${CHARGE_HEAD_INFO.APPLICATION_FEE.label.toLowerCase()} is configured for today.`);
  const baseAmount = amountPaise(current.amount, '1');
  const gstAmount = gstPaise(baseAmount, current.gstRatePercent);
  return {
    head: 'APPLICATION_FEE',
    baseAmount,
    gstRatePercent: current.gstRatePercent,
    gstAmount,
    totalAmount: baseAmount + gstAmount,
    effectiveFrom: current.effectiveFrom,
  };
}

// ---- transition and outcome --------------------------------------------------------------------

/**
 * Takes a workflow transition on a locked application: status, version, submission time, fee,
 * the history row, the audit row and the notifications (parties and next actors).
 */
export async function applyTransition(
  deps: ApplicationsDeps,
  tx: Tx,
  row: ApplicationRecord,
  t: ApplicationTransition,
  by: ActBy,
  extra: Partial<ApplicationInsert> = {},
  opts: { batch?: boolean } = {},
): Promise<ApplicationRecord> {
  const now = deps.clock.now();
  const patch: Partial<ApplicationInsert> = { ...extra, status: t.to, statusSince: now, version: row.version + 1, updatedOn: now };
  if (t.to === 'Submitted') patch.submittedAt = now;
  const after = await moneyOfStatusChange(deps, tx, row.status, await repo.update(tx, row.id, patch), by);
  const action = t.action === 'Submit' && row.status === 'Returned' ? 'Resubmit' : t.action;
  const auditAction =
    t.actor === 'Applicant' && row.status === 'PendingApplicantApproval'
      ? `TRADER_REQUEST_${t.action === 'Approve' ? 'APPROVED' : 'REJECTED'}`
      : AUDIT_ACTIONS[action];
  await repo.insertAction(tx, {
    applicationId: row.id,
    action,
    fromStatus: row.status,
    toStatus: t.to,
    actorUserId: by.userId,
    actorRole: by.role,
    remarks: by.remarks,
    createdOn: now,
  });
  await deps.audit.record(tx, {
    actor: { id: by.userId, role: by.role },
    action: `APPLICATION_${auditAction}`,
    entity: 'Application',
    entityId: row.id,
    before: summary(row),
    after: { ...summary(after), remarks: by.remarks },
    requestId: by.requestId,
  });
  await notifyMoved(deps, tx, row.status, after, by, action, opts.batch);
  return after;
}

/**
 * What a status change does to the application's money, in its transaction, whoever writes the
 * status: the fee on first reaching the SLDC, the approval charges on final approval, and on every
 * rejection (SLDC, approvers, the applicant, no margin in processing or e-bidding) the unpaid dues
 * cancelled and the paid charges a refund due (decision 0064). Called by `applyTransition` and by
 * e-bidding's grant step (`e-bidding.grants.ts`), which writes its own history and audit rows.
 */
export async function moneyOfStatusChange(
  deps: ApplicationsDeps,
  tx: Tx,
  from: ApplicationStatus,
  after: ApplicationRecord,
  by: { userId: string | null; role: string; requestId: string | null },
): Promise<ApplicationRecord> {
  const row = await raiseFee(deps, tx, after);
  if ((row.status === 'Approved' || row.status === 'PartiallyApproved') && from !== row.status)
    await raiseApprovalCharges(deps, tx, row, APPLICATION_OWNER_TYPE);
  if ((row.status === 'Rejected' || row.status === 'NoSTOARejected') && from !== row.status)
    await settleRejectedApplication(deps, tx, row, by);
  return row;
}

/** The final approval: Approved or PartiallyApproved from the granted quantum (DOMAIN.md §3); 422 when nothing was granted. */
export async function withOutcome(tx: Tx, row: ApplicationRecord, t: ApplicationTransition): Promise<ApplicationTransition> {
  const days = await repo.days(tx, row.id);
  if (days.length === 0 || days.some((d) => !d.granted)) throw new AppError('BUSINESS_RULE', E.notGranted);
  const outcome = outcomeOf(Int32Array.from(days.flatMap((d) => d.requested)), Int32Array.from(days.flatMap((d) => d.granted!)));
  const found = findApplicationTransition(row.status, t.action, t.actor, outcome);
  if (!found || found.when !== outcome) throw new AppError('BUSINESS_RULE', E.notGranted);
  return found;
}

// ---- notices -----------------------------------------------------------------------------------

export async function nameOfUser(db: DbOrTx, id: string): Promise<string> {
  return (await repo.usersByIds(db, [id])).get(id)?.name ?? '';
}

/** The parties to tell about a change: the applicant and the application's traders, without `exclude`. */
export async function partiesToTell(tx: Tx, row: ApplicationRecord, exclude: string[]): Promise<string[]> {
  const ids = new Set([row.applicantUserId, row.createdByUserId]);
  const traderOwner = await traderOwnerOf(tx, row);
  if (traderOwner) ids.add(traderOwner);
  return [...ids].filter((id) => !exclude.includes(id));
}

/** Notifies the load-centre role(s) that act next on the application in its new status. */
async function notifyNextRoles(deps: ApplicationsDeps, tx: Tx, row: ApplicationRecord, message: string, link: string) {
  for (const actor of nextApplicationActors(row.status)) {
    if (actor === 'Applicant' || actor === 'ApplicationTrader') continue;
    await deps.notifications.notify(tx, { role: actor, message, link });
  }
}

/** Tells the parties and the next actors where the application went (`from` null: just made). */
export async function notifyMoved(
  deps: ApplicationsDeps,
  tx: Tx,
  from: ApplicationStatus | null,
  after: ApplicationRecord,
  by: ActBy,
  action: string,
  batch = false,
) {
  const { notifications } = deps;
  const no = after.applicationNo;
  const partyLink = WEB_LINKS.oaApplication(after.type, after.id);
  if (after.status === 'PendingApplicantApproval') {
    const trader = after.traderRegistrationId
      ? (await partiesRepository.byIds(tx, [after.traderRegistrationId])).get(after.traderRegistrationId)
      : undefined;
    await notifications.notify(tx, {
      userId: after.applicantUserId,
      message: N.traderApplied(trader?.entityName ?? (await nameOfUser(tx, by.userId)), typeLabel(after.type), no),
      link: partyLink,
    });
    return;
  }
  if (from === 'PendingApplicantApproval') {
    const traders = (await partiesToTell(tx, after, [after.applicantUserId])).filter((id) => id !== by.userId);
    const message = after.status === 'Submitted' ? N.traderRequestApproved(no) : N.traderRequestRejected(no);
    if (traders.length > 0) await notifications.notify(tx, { userIds: traders, message, link: partyLink });
  } else {
    // One notice per step, saying who acted and what comes next (two statuses share 'Pending SLDC approval').
    const parties = await partiesToTell(tx, after, [by.userId]);
    const step = applicationStepText(action, after.status, by.role);
    if (parties.length > 0)
      await notifications.notify(tx, { userIds: parties, message: enApplications.steps.notice(no, step, by.remarks), link: partyLink });
  }
  if (batch) return; // a batch (processing, approve all) tells the next role once
  const sldcLink = WEB_LINKS.sldcApplication(after.type, after.id);
  if (after.status === 'Submitted')
    await notifications.notify(tx, { role: 'SLDCBusinessUser', message: N.submitted(no, typeLabel(after.type)), link: sldcLink });
  else if (after.status === 'STOAApproved' || after.status === 'SLDCApproverIApproved')
    await notifyNextRoles(deps, tx, after, N.pendingApproval(no, typeLabel(after.type)), sldcLink);
}
