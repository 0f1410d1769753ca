import {
  appliedInWindow,
  type CongestedApplicationsQuery,
  congestionWindow,
  enEBidding,
  type InvitationDetail,
  type InvitationList,
  type InvitationListQuery,
  type InvitationSubmit,
} from '@stoa/shared/e-bidding';
import { ceilToPaise, centiToMw, type FieldError, istDate, priceToTenThousandths } from '@stoa/shared/common';

import type { RequestUser } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import type { RequestMeta } from '../account/account.service';
import { configurationRepository } from '../configuration/configuration.repository';
import type { Viewer } from '../registrations/registrations.repository';
import { seesAtcMargin, viewerOf, visibleInvitation, visibleInvited, visibleProposalStatuses } from './e-bidding.access';
import { deadlinesOf, deadlineText, invitationDateErrors } from './e-bidding.deadline';
import type { EBiddingDeps } from './e-bidding.deps';
import { applicantOf, atcMarginView, invitationDetailOf, ownListRow, staffListRow, windowOf } from './e-bidding.mapper';
import { marginErrors, marginLimitOf } from './e-bidding.margin';
import { tellBidders } from './e-bidding.notify';
import { eBiddingRepository as repo, type InvitationTexts } from './e-bidding.repository';
import {
  type FlaggedInvitation,
  type InvitationFilters,
  invitationsRepository as invitations,
  type InvitedRow,
} from './invitations.repository';
import { proposalsRepository as proposals } from './proposals.repository';

/** Form ST2, the invitations: save and send, the detail, the lists and their downloads, the applications an invitation may name. */

const E = enEBidding.errors;
const N = enEBidding.notifications;
/** The downloads list at most this many rows. */
export const DOWNLOAD_ROW_CAP = 10_000;
/** The candidates list shows at most this many applications. */
export const CANDIDATE_CAP = 500;

// ---- Form ST2: save (draft) and submit (send) ---------------------------------------------------

/**
 * The default floor price of a new draft: the configured e-bidding floor price on `on` (DOMAIN.md
 * §4). Prices have at most two decimals (spec 000 §9, decision 0016): rounded up to the paisa, never
 * below the rate.
 */
async function defaultFloorPriceTt(tx: Tx, on: string): Promise<number | null> {
  const rate = await configurationRepository.rateOn(tx, 'EBIDDING_FLOOR_PRICE', on);
  if (!rate) return null;
  return ceilToPaise(priceToTenThousandths(rate.amount)); // numeric(14, 4): at most 4 decimals
}

/** The draft being saved again or sent: locked, still a draft, at the version the caller read. */
async function editableDraft(tx: Tx, id: string, version: number | null | undefined): Promise<FlaggedInvitation> {
  const before = await invitations.invitation(tx, id, { lock: true });
  if (!before) throw new AppError('NOT_FOUND', E.invitationNotFound);
  if (before.inv.status !== 'Draft') throw new AppError('CONFLICT', E.notDraft);
  if (version !== undefined && version !== null && version !== before.inv.version) throw new AppError('CONFLICT', E.stale);
  return before;
}

/** An invitation names congested Advance applications pending STOA check, each in no other live invitation (decision 0015). */
async function assertInvitable(
  tx: Tx,
  appIds: string[],
  byId: Map<string, { type: string; status: string; applicationNo: string }>,
  exceptId: string | null,
): Promise<void> {
  const congested = await repo.congestedIds(tx, appIds);
  const bad: string[] = [];
  for (const appId of appIds) {
    const row = byId.get(appId);
    if (!row || row.type !== 'Advance' || row.status !== 'PendingSTOAApproval' || !congested.has(appId))
      bad.push(E.notCongested(row?.applicationNo ?? appId));
  }
  const live = await invitations.liveInvitationsOf(tx, appIds, exceptId);
  for (const l of live) bad.push(E.alreadyInvited(byId.get(l.applicationId)?.applicationNo ?? l.applicationId, l.bidInvitationNo));
  if (bad.length > 0) throw new AppError('BUSINESS_RULE', bad[0], [{ fieldName: 'eBiddedApplications', errorMessages: bad }]);
}

export async function submitInvitation(
  deps: EBiddingDeps,
  actor: RequestUser,
  body: InvitationSubmit,
  meta: RequestMeta,
): Promise<InvitationDetail> {
  const { db, clock, audit } = deps;
  const today = () => istDate(clock.now());
  const v = await viewerOf(db, actor);
  const appIds = [
    ...new Set([...body.eBiddedApplications.map((x) => x.applicationId), ...(body.applicationId ? [body.applicationId] : [])]),
  ];
  const id = await inTransaction(db, async (tx) => {
    const before = body.id ? await editableDraft(tx, body.id, body.version) : undefined;
    // Lock the applications first (before any audit row): no deadlock with their own workflow.
    const apps = await repo.lockApplications(tx, appIds);
    const byId = new Map(apps.map((r) => [r.id, r]));
    await assertInvitable(tx, appIds, byId, body.id ?? null);

    const window =
      body.congestionFromDate && body.congestionToDate && body.congestionFromTime && body.congestionToTime
        ? congestionWindow(body.congestionFromDate, body.congestionToDate, body.congestionFromTime, body.congestionToTime)
        : null;
    const days = await repo.days(tx, appIds);
    const applied = new Map(
      appIds.map((appId) => [
        appId,
        window
          ? appliedInWindow(
              window,
              days.filter((d) => d.applicationId === appId),
            )
          : 0,
      ]),
    );
    // The margin comes from the ATC uploads (decision 0016): prefilled on Save, above it refused on Submit.
    const limit = window && appIds.length > 0 ? await marginLimitOf(tx, appIds, window) : null;
    let availableMarginCenti = body.availableMargin ?? null; // centi-MW, read by the schema
    if (availableMarginCenti === null && limit?.centi !== null && limit?.centi !== undefined) availableMarginCenti = limit.centi;
    const { deadlineAt, bidOpeningAt } = deadlinesOf(body);
    const floorPriceTt = body.floorPrice ?? (body.id ? null : await defaultFloorPriceTt(tx, today())); // ten-thousandths, read by the schema

    if (!body.isDraft) {
      const fieldErrors: FieldError[] = invitationDateErrors({
        dbNow: await repo.databaseNow(tx),
        deadlineAt,
        bidOpeningAt,
        window,
        congestionFromTime: body.congestionFromTime,
      });
      const notAffected = appIds
        .filter((appId) => (applied.get(appId) ?? 0) === 0)
        .map((appId) => E.notCongested(byId.get(appId)!.applicationNo));
      if (notAffected.length > 0) fieldErrors.push({ fieldName: 'eBiddedApplications', errorMessages: notAffected });
      const margin = limit ? marginErrors(limit, availableMarginCenti) : [];
      if (margin.length > 0) fieldErrors.push({ fieldName: 'availableMargin', errorMessages: margin });
      if (fieldErrors.length > 0) throw new AppError('VALIDATION_FAILED', fieldErrors[0]!.errorMessages[0], fieldErrors);
    }

    const texts: InvitationTexts = {
      subStationDetails: body.subStationDetails ?? null,
      transmissionSystemDetails: body.transmissionSystemDetails ?? null,
      nameOfTransmissionSystem: body.nameOfTransmissionSystem ?? null,
      availableMarginSubstation: body.availableMarginSubstation ?? null,
      place: body.place ?? null,
      date: body.date ?? null,
      authorizedPersonName: body.authorizedPersonName ?? null,
      authorizedPersonDesignation: body.authorizedPersonDesignation ?? null,
    };
    const now = clock.now();
    const values = {
      status: body.isDraft ? ('Draft' as const) : ('Initiated' as const),
      dateOfInvitation: today(),
      congestionFromDate: body.congestionFromDate ?? null,
      congestionToDate: body.congestionToDate ?? null,
      congestionFromTime: body.congestionFromTime ?? null,
      congestionToTime: body.congestionToTime ?? null,
      availableMarginCenti,
      lastDateOfSubmission: body.lastDateOfSubmission ?? null,
      deadLine: body.deadLine ?? null,
      deadlineAt,
      bidOpeningDate: body.bidOpeningDate ?? null,
      bidOpeningTime: body.bidOpeningTime ?? null,
      bidOpeningAt,
      floorPriceTt,
      texts,
      sentBy: body.isDraft ? null : v.id,
      sentAt: body.isDraft ? null : now,
      updatedOn: now,
    };
    const inv = before
      ? await invitations.update(tx, before.inv.id, { ...values, version: before.inv.version + 1 })
      : await invitations.insert(tx, {
          ...values,
          bidInvitationNo: await invitations.nextInvitationNo(tx, today().slice(0, 4)),
          createdBy: v.id,
          createdOn: now,
        });
    await invitations.replaceInvited(
      tx,
      inv.id,
      appIds.map((applicationId) => ({ applicationId, appliedCenti: applied.get(applicationId) ?? 0 })),
      { existing: !!before },
    );
    await audit.record(tx, {
      actor: { id: v.id, role: v.role },
      action: body.isDraft ? 'EBIDDING_INVITATION_SAVED' : 'EBIDDING_INVITATION_SENT',
      entity: 'EBiddingInvitation',
      entityId: inv.id,
      before: before ? { status: before.inv.status, version: before.inv.version } : null,
      after: {
        bidInvitationNo: inv.bidInvitationNo,
        status: inv.status,
        version: inv.version,
        applications: appIds,
        floorPriceTt: inv.floorPriceTt,
        availableMarginCenti: inv.availableMarginCenti,
        deadlineAt: inv.deadlineAt,
      },
      requestId: meta.requestId,
    });
    if (!body.isDraft) {
      await tellBidders(deps, tx, appIds, (appId) => N.invited(inv.bidInvitationNo, byId.get(appId)!.applicationNo, deadlineText(inv)));
    }
    return inv.id;
  });
  return detailOf(db, v, (await invitations.invitation(db, id))!);
}

// ---- the detail ----------------------------------------------------------------------------------

/** Form ST2 as the viewer may see it (a bidder: its own applications, no ATC data, no one else's draft). */
async function detailOf(dbx: DbOrTx, v: Viewer, f: FlaggedInvitation): Promise<InvitationDetail> {
  const { inv } = f;
  const invited = await visibleInvited(dbx, v, inv.id, await invitations.invited(dbx, [inv.id]));
  const total = (await invitations.appliedTotals(dbx, [inv.id])).get(inv.id) ?? 0;
  // Each invited application's proposal status (staff are not told of a bidder's unsent draft).
  const proposalsByInvited = new Map(
    (await proposals.proposalsOf(dbx, inv.id, visibleProposalStatuses(v))).map((p) => [p.eBiddingApplicationId, p]),
  );
  const window = windowOf(inv);
  const limit =
    seesAtcMargin(v) && window && invited.length > 0
      ? atcMarginView(
          await marginLimitOf(
            dbx,
            invited.map((r) => r.app.id),
            window,
          ),
        )
      : null;
  return invitationDetailOf(v.role, f, invited, total, proposalsByInvited, limit);
}

export async function invitation(deps: EBiddingDeps, actor: RequestUser, id: string): Promise<InvitationDetail> {
  const v = await viewerOf(deps.db, actor);
  return detailOf(deps.db, v, await visibleInvitation(deps.db, v, id));
}

/** For the PDF: the detail as the caller sees it. */
export async function invitationForDownload(
  deps: EBiddingDeps,
  actor: RequestUser,
  id: string,
): Promise<{ detail: InvitationDetail; generatedAt: Date }> {
  const v = await viewerOf(deps.db, actor);
  return { detail: await detailOf(deps.db, v, await visibleInvitation(deps.db, v, id)), generatedAt: deps.clock.now() };
}

// ---- lists ----------------------------------------------------------------------------------------

async function staffRows(dbx: DbOrTx, v: Viewer, rows: FlaggedInvitation[]) {
  const ids = rows.map((r) => r.inv.id);
  const [invited, totals] = await Promise.all([invitations.invited(dbx, ids), invitations.appliedTotals(dbx, ids)]);
  const byInvitation = new Map<string, InvitedRow[]>();
  for (const r of invited) byInvitation.set(r.ea.invitationId, [...(byInvitation.get(r.ea.invitationId) ?? []), r]);
  return rows.map((f) => staffListRow(v.role, f, byInvitation.get(f.inv.id) ?? [], totals.get(f.inv.id) ?? 0));
}

async function ownRows(dbx: DbOrTx, v: Viewer, q: InvitationFilters, page: { limit: number; offset: number }) {
  const { rows, total } = await invitations.listOwn(dbx, v.id, q, page);
  const totals = await invitations.appliedTotals(dbx, [...new Set(rows.map((r) => r.inv.id))]);
  return { total, rows: rows.map((r) => ownListRow(v.role, r, totals.get(r.inv.id) ?? 0)) };
}

/** The staff list (`all`: one row per invitation) or a bidder's (`own`: one row per invited application of theirs). */
export async function listInvitations(
  deps: EBiddingDeps,
  actor: RequestUser,
  q: InvitationListQuery,
  kind: 'all' | 'own',
): Promise<InvitationList> {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  if (kind === 'all') {
    const { rows, total } = await invitations.listAll(db, q);
    return { invitationList: await staffRows(db, v, rows), dataCount: total };
  }
  const { rows, total } = await ownRows(db, v, q, { limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize });
  return { invitationList: rows, dataCount: total };
}

/** Every row of a list for the downloads (capped). */
export async function invitationRowsForDownload(deps: EBiddingDeps, actor: RequestUser, q: InvitationFilters, kind: 'all' | 'own') {
  const { db } = deps;
  const v = await viewerOf(db, actor);
  if (kind === 'all') return staffRows(db, v, await invitations.allMatching(db, q, DOWNLOAD_ROW_CAP));
  return (await ownRows(db, v, q, { limit: DOWNLOAD_ROW_CAP, offset: 0 })).rows;
}

// ---- the applications an invitation may name --------------------------------------------------------

/** The applications an invitation may name, with the applied quantum in the period when one is given. */
export async function congestedApplications(deps: EBiddingDeps, q: CongestedApplicationsQuery) {
  const { db } = deps;
  const rows = await repo.congestedCandidates(db, q.month, CANDIDATE_CAP);
  const ids = rows.map((r) => r.app.id);
  const window =
    q.congestionFromDate && q.congestionToDate && q.congestionFromTime && q.congestionToTime
      ? congestionWindow(q.congestionFromDate, q.congestionToDate, q.congestionFromTime, q.congestionToTime)
      : null;
  const [days, live] = await Promise.all([window ? repo.days(db, ids) : Promise.resolve([]), invitations.liveInvitationsOf(db, ids, null)]);
  const invitedIn = new Map(live.map((l) => [l.applicationId, l.bidInvitationNo]));
  const applicationList = rows.map((r) => ({
    ...applicantOf(r),
    appliedQuantum: window
      ? centiToMw(
          appliedInWindow(
            window,
            days.filter((d) => d.applicationId === r.app.id),
          ),
        )
      : null,
    invitedIn: invitedIn.get(r.app.id) ?? null,
  }));
  return { applicationList, dataCount: applicationList.length };
}
