import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';

import {
  INTER_STATE_REGISTRATION_CONSENT_STATUSES,
  INTER_STATE_REGISTRATION_REJECTED_STATUSES,
  type InterStateRegistrationListQuery,
} from '@stoa/shared/inter-state';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { outer } from '../../platform/db/sql';
import { filesRepository } from '../files/files.repository';
import { transcoDiscom } from '../reference/reference.tables';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import type { Viewer } from '../users/users.repository';
import {
  interStateRegistrationActions,
  interStateRegistrationNoSeq,
  interStateRegistrations,
  interStateRegistrationVersions,
} from './inter-state-registrations.tables';

export type InterStateRegistrationRecord = typeof interStateRegistrations.$inferSelect;
export type InterStateRegistrationInsert = typeof interStateRegistrations.$inferInsert;

/** Who sees what: the viewer and, for a trader, the applicants associated with it. */
export interface InterStateScope {
  viewer: Viewer;
  linkedApplicantIds: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isr = interStateRegistrations;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Record-level scope (decision 0076): the owner its own; a trader those of its associated applicants
 * (not drafts); a DISCOM/TRANSCO user those embedded in its utility while the utility is in its zone
 * (not drafts); the load-centre roles all but drafts.
 */
export function scopeWhere(s: InterStateScope): SQL {
  const v = s.viewer;
  switch (v.role) {
    case 'OABusinessUser':
      return eq(isr.ownerUserId, v.id);
    case 'Trader':
      return s.linkedApplicantIds.length > 0 ? and(inArray(isr.ownerUserId, s.linkedApplicantIds), ne(isr.status, 'Draft'))! : sql`false`;
    case 'DISCOMBusinessUser':
    case 'TRANSCOBusinessUser':
      if (!v.utilityId || !v.zone) return sql`false`;
      return and(
        ne(isr.status, 'Draft'),
        eq(isr.utilityType, v.role === 'DISCOMBusinessUser' ? 'DISCOM' : 'TRANSCO'),
        eq(isr.utilityId, v.utilityId),
        sql`exists (select 1 from ${transcoDiscom} u where u.id = ${outer(isr.utilityId)} and u.zone = ${v.zone})`,
      )!;
    case 'SLDCBusinessUser':
    case 'SLDCApproverI':
    case 'SLDCApproverII':
      return ne(isr.status, 'Draft');
    default:
      return sql`false`;
  }
}

/** SQL of the inter-state registrations (decision 0076). */
export const interStateRegistrationsRepository = {
  async insert(tx: Tx, values: InterStateRegistrationInsert): Promise<InterStateRegistrationRecord> {
    const [row] = await tx.insert(isr).values(values).returning();
    return row!;
  },

  async update(tx: Tx, id: string, values: Partial<InterStateRegistrationInsert>): Promise<InterStateRegistrationRecord> {
    const [row] = await tx.update(isr).set(values).where(eq(isr.id, id)).returning();
    return row!;
  },

  /** The record if the scope may see it; with `lock`, locked FOR UPDATE for the transaction. */
  async findVisible(db: DbOrTx, s: InterStateScope, id: string, opts: { lock?: boolean } = {}) {
    if (!UUID.test(id)) return undefined;
    const q = db
      .select()
      .from(isr)
      .where(and(eq(isr.id, id), scopeWhere(s)))
      .limit(1);
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },

  /** A record by id without a scope check (the deemed-consent job), locked. */
  async lockById(tx: Tx, id: string): Promise<InterStateRegistrationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx.select().from(isr).where(eq(isr.id, id)).limit(1).for('update');
    return row;
  },

  /** The open (not rejected) inter-state registration of a registration, if any. */
  async openOf(db: DbOrTx, registrationId: string): Promise<InterStateRegistrationRecord | undefined> {
    const [row] = await db
      .select()
      .from(isr)
      .where(and(eq(isr.registrationId, registrationId), notInArray(isr.status, [...INTER_STATE_REGISTRATION_REJECTED_STATUSES])))
      .limit(1);
    return row;
  },

  /** One page of the scope's records, newest change first, with the utility's and the registration's names. */
  async list(db: DbOrTx, s: InterStateScope, q: InterStateRegistrationListQuery) {
    const conds: (SQL | undefined)[] = [scopeWhere(s)];
    if (q.status) conds.push(eq(isr.status, q.status));
    if (q.utilityType) conds.push(eq(isr.utilityType, q.utilityType));
    if (q.search) {
      const p = likePattern(q.search);
      conds.push(
        or(
          ilike(isr.entityName, p),
          ilike(isr.noarRegistrationNo, p),
          ilike(isr.interStateRegistrationNo, p),
          ilike(registrations.registrationNo, p),
        ),
      );
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          record: isr,
          registrationNo: registrations.registrationNo,
          entityType: registrations.entityType,
          utilityName: transcoDiscom.name,
        })
        .from(isr)
        .innerJoin(registrations, eq(registrations.id, isr.registrationId))
        .leftJoin(transcoDiscom, eq(transcoDiscom.id, isr.utilityId))
        .where(where)
        .orderBy(desc(isr.updatedOn), desc(isr.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(isr).innerJoin(registrations, eq(registrations.id, isr.registrationId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async insertAction(tx: Tx, values: typeof interStateRegistrationActions.$inferInsert): Promise<void> {
    await tx.insert(interStateRegistrationActions).values(values);
  },

  /** The workflow steps of a record, oldest first, with the actor's name. */
  async history(db: DbOrTx, id: string) {
    return db
      .select({
        action: {
          action: interStateRegistrationActions.action,
          fromStatus: interStateRegistrationActions.fromStatus,
          toStatus: interStateRegistrationActions.toStatus,
          actorRole: interStateRegistrationActions.actorRole,
          remarks: interStateRegistrationActions.remarks,
          createdOn: interStateRegistrationActions.createdOn,
        },
        actorName: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      })
      .from(interStateRegistrationActions)
      .leftJoin(users, eq(users.id, interStateRegistrationActions.actorUserId))
      .where(eq(interStateRegistrationActions.interStateRegistrationId, id))
      .orderBy(asc(interStateRegistrationActions.createdOn), asc(interStateRegistrationActions.id));
  },

  /** Stores the values a submission sent, as submission n+1. */
  async insertVersion(tx: Tx, values: Omit<typeof interStateRegistrationVersions.$inferInsert, 'submission'>): Promise<number> {
    const [last] = await tx
      .select({ n: sql<number>`coalesce(max(${interStateRegistrationVersions.submission}), 0)::int` })
      .from(interStateRegistrationVersions)
      .where(eq(interStateRegistrationVersions.interStateRegistrationId, values.interStateRegistrationId));
    const submission = Number(last?.n ?? 0) + 1;
    await tx.insert(interStateRegistrationVersions).values({ ...values, submission });
    return submission;
  },

  /** The submitted versions, newest first (at most `limit`). */
  async versions(db: DbOrTx, id: string, limit = 2) {
    return db
      .select()
      .from(interStateRegistrationVersions)
      .where(eq(interStateRegistrationVersions.interStateRegistrationId, id))
      .orderBy(desc(interStateRegistrationVersions.submission))
      .limit(limit);
  },

  async submissionCount(db: DbOrTx, id: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(interStateRegistrationVersions)
      .where(eq(interStateRegistrationVersions.interStateRegistrationId, id));
    return row?.n ?? 0;
  },

  async nextNumber(tx: Tx): Promise<number> {
    const res = (await tx.execute(
      sql`select nextval(${interStateRegistrationNoSeq.seqName ?? 'inter_state_registration_no_seq'})::int as n`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return Number(res.rows[0]!.n);
  },

  /** Records waiting on a DISCOM/TRANSCO user (candidates for deemed consent), oldest first. */
  async consentCandidates(db: DbOrTx) {
    return db
      .select({ id: isr.id, statusSince: isr.statusSince })
      .from(isr)
      .where(inArray(isr.status, [...INTER_STATE_REGISTRATION_CONSENT_STATUSES]))
      .orderBy(asc(isr.statusSince));
  },

  /** The caller's approved registrations (its own), with their open inter-state registration, if any. */
  async eligible(db: DbOrTx, ownerUserId: string) {
    return db
      .select({
        registration: registrations,
        openId: sql<
          string | null
        >`(select x.id from ${isr} x where x.registration_id = ${outer(registrations.id)} and x.status not in ('SLDCRejected', 'DISCOMRejected', 'TRANSCORejected', 'Rejected') limit 1)`,
      })
      .from(registrations)
      .where(and(eq(registrations.ownerUserId, ownerUserId), eq(registrations.status, 'Approved'), ne(registrations.entityType, 'Trader')))
      .orderBy(asc(registrations.entityName));
  },

  /** The intra-state registration a record extends. */
  async registration(db: DbOrTx, id: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(registrations).where(eq(registrations.id, id)).limit(1);
    return row;
  },

  /** Utilities by id with name, type and zone. */
  async utilities(db: DbOrTx, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ id: transcoDiscom.id, name: transcoDiscom.name, type: transcoDiscom.type, zone: transcoDiscom.zone })
      .from(transcoDiscom)
      .where(inArray(transcoDiscom.id, ids));
  },

  /** Stored files by id (filesRepository.findManyByIds). */
  filesByIds: (db: DbOrTx, ids: string[]) => filesRepository.findManyByIds(db, ids),
  findFile: (db: DbOrTx, id: string) => filesRepository.findById(db, id),
};
