import { blockEndTime, blockStartTime, BLOCKS_PER_DAY } from '@stoa/shared/applications';
import { centiToMw, istDate } from '@stoa/shared/common';
import { enRevisions } from '@stoa/shared/messages';
import { REVISABLE_APPLICATION_STATUSES, type BlockPoint } from '@stoa/shared/revisions';

import type { Clock } from '../../platform/clock';
import type { Database, DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { applicationsRepository as apps, type ApplicationRecord } from '../applications/applications.repository';
import type { AuditService } from '../audit/audit.service';
import type { ConfigurationService } from '../configuration/configuration.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { partiesRepository } from '../registrations/registrations.parties.repository';
import type { Viewer } from '../registrations/registrations.repository';
import type { revisionsRepository as repo, RevisionRecord } from './revisions.repository';

export { viewerOf } from '../applications/applications.access';

/** What every use case of the revisions module is given (app.ts builds it once). */
export interface RevisionsDeps {
  db: Database;
  clock: Clock;
  audit: AuditService;
  configuration: ConfigurationService;
  notifications: NotificationsService;
}

const E = enRevisions.errors;
export const STATUS_LABELS = enRevisions.statusLabels;

export const notFound = () => new AppError('NOT_FOUND', E.notFound);
export const conflict = () => new AppError('CONFLICT', E.statusConflict);
export const isRevisable = (row: ApplicationRecord) => (REVISABLE_APPLICATION_STATUSES as readonly string[]).includes(row.status);

export type Days = Map<string, Int32Array>;
export const mwDays = (days: ReadonlyMap<string, ArrayLike<number>>) =>
  [...days].map(([date, blocks]) => ({ date, granted: Array.from(blocks, (c) => centiToMw(c)) }));
export const sumBlocks = (days: ReadonlyMap<string, ArrayLike<number>>) => {
  let total = 0;
  for (const blocks of days.values()) for (let i = 0; i < BLOCKS_PER_DAY; i++) total += blocks[i] ?? 0;
  return total;
};
export const effectiveOf = (p: BlockPoint) => ({ date: p.date, block: p.block, time: blockStartTime(p.block) });
/** What the audit rows record of a revision. */
export const summary = (row: RevisionRecord) => ({
  revisionNo: row.revisionNo,
  applicationId: row.applicationId,
  status: row.status,
  version: row.version,
  effectiveDate: row.effectiveDate,
  effectiveBlock: row.effectiveBlock,
  scheduleVersion: row.scheduleVersion,
  reducedCentiBlocks: row.reducedCentiBlocks,
  retainedCentiBlocks: row.retainedCentiBlocks,
  releasedCentiBlocks: row.releasedCentiBlocks,
  refundPaise: row.refundPaise,
});

/** `REV/{yyyy}/{000123}`. */
export function revisionNumber(year: string, seq: number): string {
  return `REV/${year}/${String(seq).padStart(6, '0')}`;
}

/** `revisionLeadBlocks` in force today (the effective block counting the request's block as the 1st). */
export async function leadBlocks(deps: RevisionsDeps, db: DbOrTx): Promise<number> {
  const value = Number(await deps.configuration.settingOn(db, 'revisionLeadBlocks', istDate(deps.clock.now())));
  return Number.isInteger(value) && value >= 1 ? value : 4;
}

/** The granted values now, per day (a day not processed counts as 0). */
export async function grantedOf(db: DbOrTx, applicationId: string): Promise<Days> {
  const days = await apps.days(db, applicationId);
  return new Map(days.map((d) => [d.day, Int32Array.from(d.granted ?? new Array<number>(BLOCKS_PER_DAY).fill(0))]));
}

/** An application in the viewer's scope (with `lock`, locked FOR UPDATE); else 404. */
export async function applicationOr404(db: DbOrTx, v: Viewer, id: string, lock = false): Promise<ApplicationRecord> {
  const row = await apps.findVisible(db, v, id, { lock });
  if (!row) throw new AppError('NOT_FOUND', E.applicationNotFound);
  return row;
}

/** The applicant, the filer and the application's trader, without `exclude`. */
export async function partiesOf(db: DbOrTx, app: ApplicationRecord, exclude: string[]): Promise<string[]> {
  const ids = new Set([app.applicantUserId, app.createdByUserId]);
  if (app.traderRegistrationId) {
    const owner = (await partiesRepository.byIds(db, [app.traderRegistrationId])).get(app.traderRegistrationId)?.ownerUserId;
    if (owner) ids.add(owner);
  }
  return [...ids].filter((id) => !exclude.includes(id));
}

export async function partyNames(db: DbOrTx, app: ApplicationRecord) {
  const parties = await partiesRepository.byIds(db, [app.sellerRegistrationId, app.buyerRegistrationId]);
  return {
    sellerName: parties.get(app.sellerRegistrationId)?.entityName ?? '',
    buyerName: parties.get(app.buyerRegistrationId)?.entityName ?? '',
  };
}

/** The revision's rows as the rules read them (time texts, MW). */
export const rowValues = (rows: Awaited<ReturnType<typeof repo.rows>>) =>
  rows.map((x) => ({
    oaFromDate: x.fromDate,
    oaToDate: x.toDate,
    fromTimeBlock: blockStartTime(x.fromBlock),
    toTimeBlock: blockEndTime(x.toBlock),
    revisedRequirement: centiToMw(x.revisedCenti),
  }));
