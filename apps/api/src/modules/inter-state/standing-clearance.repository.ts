import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { LOAD_CENTRE_ROLES, type Role } from '@stoa/shared/account';
import {
  STANDING_CLEARANCE_ACTIVE_STATUSES,
  STANDING_CLEARANCE_PENDING_STATUSES,
  type StandingClearanceListQuery,
  type StandingClearanceType,
} from '@stoa/shared/inter-state';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { dues } from '../configuration/configuration.tables';
import { payments } from '../payments/payments.tables';
import { transcoDiscom } from '../reference/reference.tables';
import { registrations } from '../registrations/registrations.tables';
import { usersRepository } from '../users/users.repository';
import { users } from '../users/users.tables';
import {
  standingClearanceActions,
  standingClearanceCertificateSeq,
  standingClearanceNoSeq,
  type StandingClearanceRecord,
  standingClearances,
} from './standing-clearance.tables';

export type { StandingClearanceRecord } from './standing-clearance.tables';

const sc = standingClearances;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const appliedBy = alias(users, 'applied_by');
const appliedByName = sql<string>`coalesce(nullif(${appliedBy.entityName}, ''), ${appliedBy.firstName} || ' ' || ${appliedBy.lastName})`;

/**
 * Who sees which clearances: the SLDC roles every one; an OA applicant those of its own entities;
 * a trader those it applied for and those of the applicants it trades for (`linkedApplicantIds`); a
 * DISCOM/TRANSCO user those whose consent was asked of its utility (decision 0062).
 */
export interface ClearanceScope {
  role: string;
  userId: string;
  linkedApplicantIds: string[];
  utilityId?: string | null;
}

function scopeWhere(s: ClearanceScope): SQL | undefined {
  if ((LOAD_CENTRE_ROLES as readonly string[]).includes(s.role)) return undefined;
  if (s.role === 'Trader') {
    const own = eq(sc.createdByUserId, s.userId);
    return s.linkedApplicantIds.length > 0 ? or(own, inArray(sc.applicantUserId, s.linkedApplicantIds)) : own;
  }
  if (s.role === 'OABusinessUser') return eq(sc.applicantUserId, s.userId);
  if ((s.role === 'DISCOMBusinessUser' || s.role === 'TRANSCOBusinessUser') && s.utilityId)
    return and(eq(sc.consentUtilityId, s.utilityId), eq(sc.consentRole, s.role));
  return sql`false`;
}

async function nextval(tx: Tx, name: string): Promise<number> {
  const res = (await tx.execute(sql`select nextval(${name})::int as n`)) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

const consentUtility = alias(transcoDiscom, 'consent_utility');

const rowColumns = {
  clearance: sc,
  entityName: registrations.entityName,
  registrationNo: registrations.registrationNo,
  feeStatus: dues.status,
  feeAmount: dues.totalPaise,
};

/** The SQL of standing clearances (decision 0060). */
export const standingClearanceRepository = {
  async nextNo(tx: Tx): Promise<number> {
    return nextval(tx, standingClearanceNoSeq.seqName ?? 'standing_clearance_no_seq');
  },
  async nextCertificateNo(tx: Tx): Promise<number> {
    return nextval(tx, standingClearanceCertificateSeq.seqName ?? 'standing_clearance_certificate_seq');
  },

  /**
   * Serialises the writers of one entity's clearances (Apply and Issue) for the transaction: the
   * overlap check and the insert or issue that follows it see every committed clearance.
   */
  async lockEntity(tx: Tx, registrationId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stoa.standing_clearance:${registrationId}`}))`);
  },

  /** The entity's active clearances of the type (pending or issued, not revoked) whose period overlaps and that clear the same direction. */
  async overlapping(
    db: DbOrTx,
    q: {
      registrationId: string;
      transactionType: StandingClearanceType;
      from: string;
      to: string;
      buy: boolean;
      sell: boolean;
      excludeId?: string;
    },
  ): Promise<StandingClearanceRecord[]> {
    const direction: SQL[] = [];
    if (q.buy) direction.push(sql`${sc.maxBuyCenti} is not null`);
    if (q.sell) direction.push(sql`${sc.maxSellCenti} is not null`);
    if (direction.length === 0) return [];
    const conds: (SQL | undefined)[] = [
      eq(sc.registrationId, q.registrationId),
      eq(sc.transactionType, q.transactionType),
      inArray(sc.status, [...STANDING_CLEARANCE_ACTIVE_STATUSES]),
      sql`${sc.validFrom} <= ${q.to}`,
      sql`${q.from} <= ${sc.validTo}`,
      or(...direction),
      q.excludeId ? ne(sc.id, q.excludeId) : undefined,
    ];
    return db
      .select()
      .from(sc)
      .where(and(...conds))
      .orderBy(asc(sc.validFrom), asc(sc.applicationNo));
  },

  /** Whether the user is marked a defaulter. */
  async isDefaulter(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db.select({ d: users.isDefaulter }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.d ?? false;
  },

  insert: async (tx: Tx, v: typeof sc.$inferInsert) => (await tx.insert(sc).values(v).returning())[0]!,
  update: async (tx: Tx, id: string, patch: Partial<StandingClearanceRecord>) =>
    (await tx.update(sc).set(patch).where(eq(sc.id, id)).returning())[0]!,
  insertAction: async (tx: Tx, v: typeof standingClearanceActions.$inferInsert) => {
    await tx.insert(standingClearanceActions).values(v);
  },

  /** A clearance the scope may see; with `lock`, locked FOR UPDATE for the transaction. */
  async findVisible(
    db: DbOrTx,
    s: ClearanceScope,
    id: string,
    opts: { lock?: boolean } = {},
  ): Promise<StandingClearanceRecord | undefined> {
    const q = db
      .select()
      .from(sc)
      .where(and(eq(sc.id, id), scopeWhere(s)))
      .limit(1);
    return (opts.lock ? await q.for('update', { of: sc }) : await q)[0];
  },

  /** The clearance with its entity, applicant and fee, for the detail and the certificate. */
  async detailRow(db: DbOrTx, id: string) {
    return (
      await db
        .select({ ...rowColumns, entityType: registrations.entityType, appliedByName, consentUtilityName: consentUtility.name })
        .from(sc)
        .innerJoin(registrations, eq(registrations.id, sc.registrationId))
        .innerJoin(appliedBy, eq(appliedBy.id, sc.createdByUserId))
        .leftJoin(consentUtility, eq(consentUtility.id, sc.consentUtilityId))
        .leftJoin(dues, eq(dues.id, sc.feeDueId))
        .where(eq(sc.id, id))
        .limit(1)
    )[0];
  },

  async history(db: DbOrTx, id: string) {
    const a = standingClearanceActions;
    return db
      .select({ action: a, actorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(a)
      .leftJoin(users, eq(users.id, a.actorUserId))
      .where(eq(a.standingClearanceId, id))
      .orderBy(asc(a.id));
  },

  /** One page of the scope's clearances, newest first; `today` (IST) decides Issued against Expired. */
  async list(db: DbOrTx, s: ClearanceScope, q: StandingClearanceListQuery, today: string) {
    const conds: (SQL | undefined)[] = [scopeWhere(s)];
    if (q.transactionType) conds.push(eq(sc.transactionType, q.transactionType));
    if (q.status === 'Expired') conds.push(or(eq(sc.status, 'Expired'), and(eq(sc.status, 'Issued'), lt(sc.validTo, today))));
    else if (q.status === 'Issued') conds.push(and(eq(sc.status, 'Issued'), gte(sc.validTo, today)));
    else if (q.status) conds.push(eq(sc.status, q.status));
    if (q.search) {
      const p = likePattern(q.search);
      conds.push(or(ilike(sc.applicationNo, p), ilike(sc.certificateNo, p), ilike(registrations.entityName, p)));
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select(rowColumns)
        .from(sc)
        .innerJoin(registrations, eq(registrations.id, sc.registrationId))
        .leftJoin(dues, eq(dues.id, sc.feeDueId))
        .where(where)
        .orderBy(desc(sc.createdOn), desc(sc.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(sc).innerJoin(registrations, eq(registrations.id, sc.registrationId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** What the public check reads, by verification code (issued or since revoked clearances only carry one). */
  async byCode(db: DbOrTx, code: string) {
    return (
      await db
        .select({ clearance: sc, entityName: registrations.entityName, registrationNo: registrations.registrationNo })
        .from(sc)
        .innerJoin(registrations, eq(registrations.id, sc.registrationId))
        .where(eq(sc.verificationCode, code))
        .limit(1)
    )[0];
  },

  /** A clearance (the jobs: no scope); with `lock`, locked FOR UPDATE for the transaction. */
  async byId(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<StandingClearanceRecord | undefined> {
    const q = db.select().from(sc).where(eq(sc.id, id)).limit(1);
    return (opts.lock ? await q.for('update', { of: sc }) : await q)[0];
  },

  /**
   * The pending clearances (submitted, awaiting consent, verified) the deemed-issue job weighs: when
   * applied, the fee's status (all of them, or the one `id`) and when its last approved payment was checked (null: no payment).
   */
  async deemCandidates(db: DbOrTx, id?: string) {
    const settledAt = sql<Date | string | null>`(select max(${payments.checkedAt}) from ${payments}
      where ${payments.dueId} = ${sc.feeDueId} and ${payments.status} = 'APPROVED')`;
    return db
      .select({ id: sc.id, transactionType: sc.transactionType, createdOn: sc.createdOn, feeStatus: dues.status, feeSettledAt: settledAt })
      .from(sc)
      .leftJoin(dues, eq(dues.id, sc.feeDueId))
      .where(and(inArray(sc.status, [...STANDING_CLEARANCE_PENDING_STATUSES]), id ? eq(sc.id, id) : undefined))
      .orderBy(asc(sc.createdOn), asc(sc.id));
  },

  /** Issued clearances whose Valid To is before `today` (IST): the expiry job's work. */
  async expiryCandidates(db: DbOrTx, today: string) {
    return db
      .select({ id: sc.id })
      .from(sc)
      .where(and(eq(sc.status, 'Issued'), lt(sc.validTo, today)))
      .orderBy(asc(sc.validTo), asc(sc.id));
  },

  /** The utilities the entity is connected to (its registration's DISCOM and TRANSCO). */
  async utilitiesOf(db: DbOrTx, registrationId: string) {
    const [row] = await db
      .select({ discomId: registrations.discomId, transcoId: registrations.transcoId })
      .from(registrations)
      .where(eq(registrations.id, registrationId))
      .limit(1);
    return row;
  },

  /** The enabled users of a utility in a role (who is asked to consent). */
  utilityUserIds: (db: DbOrTx, utilityId: string, role: Role) => usersRepository.enabledIdsOfUtilityRole(db, utilityId, role),
};
