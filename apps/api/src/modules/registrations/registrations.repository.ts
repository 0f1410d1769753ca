import { and, asc, count, desc, eq, ilike, inArray, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';

import {
  CONSENT_STATUSES,
  REJECTED_STATUSES,
  RENEWABLE_STATUSES,
  type RegistrationListQuery,
  type RegistrationStatus,
} from '@stoa/shared/registrations';
import type { EntityType, Role } from '@stoa/shared/account';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { outer } from '../../platform/db/sql';
import { filesRepository } from '../files/files.repository';
import { referenceRepository } from '../reference/reference.repository';
import { transcoDiscom } from '../reference/reference.tables';
import { traderAssociations } from '../traders/traders.tables';
import { usersRepository, type Viewer } from '../users/users.repository';
import { users } from '../users/users.tables';
import { registrationActions, registrationFileChecks, registrationNoSeq, registrations } from './registrations.tables';

export type RegistrationRecord = typeof registrations.$inferSelect;
export type RegistrationInsert = typeof registrations.$inferInsert;

/** The signed-in user with what the record-level scope needs (role, utility and zone): read by usersRepository.viewer. */
export type { Viewer };

/**
 * Registration form values that other domains read in SQL, so the form's keys stay in this module:
 * the representative and e-mail a trader sees of its applicants.
 */
export const registrationFormValue = {
  representativeName: sql<string | null>`${registrations.data}->>'representativeName'`,
  email: sql<string | null>`${registrations.data}->>'email'`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const r = registrations;
/** Statuses after which an owner may start a new registration. */
const CLOSED_STATUSES: readonly RegistrationStatus[] = [...REJECTED_STATUSES, 'Expired', 'Renewed'];

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A utility user sees the records naming its utility, while the utility is in the user's zone. */
function utilityScope(column: typeof r.discomId | typeof r.transcoId, v: Viewer): SQL {
  if (!v.utilityId || !v.zone) return sql`false`;
  return and(
    ne(r.status, 'Draft'),
    eq(column, v.utilityId),
    sql`exists (select 1 from ${transcoDiscom} u where u.id = ${outer(column)} and u.zone = ${v.zone})`,
  )!;
}

/**
 * Record-level scope (DOMAIN.md §2): an applicant or trader sees its own records; a DISCOM or
 * TRANSCO user those of its utility and zone; the load-centre roles everything but drafts.
 */
export function scopeOf(v: Viewer): SQL {
  switch (v.role) {
    case 'OABusinessUser':
    case 'Trader':
      return eq(r.ownerUserId, v.id);
    case 'DISCOMBusinessUser':
      return utilityScope(r.discomId, v);
    case 'TRANSCOBusinessUser':
      return utilityScope(r.transcoId, v);
    case 'SLDCBusinessUser':
    case 'SLDCApproverI':
    case 'SLDCApproverII':
      return ne(r.status, 'Draft');
    default:
      return sql`false`;
  }
}

const statusList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/** Whether a renewal of the record is under way (any renewal of it that was not rejected). */
const hasOpenRenewal = sql<boolean>`exists (select 1 from ${registrations} r2 where r2.previous_registration_id = ${outer(r.id)} and r2.status not in (${statusList(REJECTED_STATUSES)}))`;

export type ListKind = 'registrations' | 'renewals' | 'all';

export const registrationsRepository = {
  /** The user as a viewer of records (usersRepository.viewer). */
  viewer: (db: DbOrTx, userId: string): Promise<Viewer | undefined> => usersRepository.viewer(db, userId),

  /** Serialises the submissions of one owner (the one-open-registration rule). */
  lockOwner: (tx: Tx, userId: string): Promise<void> => usersRepository.lock(tx, userId),

  async insert(tx: Tx, values: RegistrationInsert): Promise<RegistrationRecord> {
    const [row] = await tx.insert(r).values(values).returning();
    return row!;
  },

  async update(tx: Tx, id: string, values: Partial<RegistrationInsert>): Promise<RegistrationRecord> {
    const [row] = await tx.update(r).set(values).where(eq(r.id, id)).returning();
    return row!;
  },

  /**
   * An approved trader renewal takes over the applicants' active associations of the record it renews.
   * @deprecated the traders' table: use tradersRepository.moveAssociations (kept for callers on other branches).
   */
  async moveTraderAssociations(tx: Tx, fromRegistrationId: string, toRegistrationId: string): Promise<number> {
    const moved = await tx
      .update(traderAssociations)
      .set({ traderRegistrationId: toRegistrationId })
      .where(and(eq(traderAssociations.traderRegistrationId, fromRegistrationId), sql`${traderAssociations.deletedOn} IS NULL`))
      .returning({ id: traderAssociations.id });
    return moved.length;
  },

  async findById(db: DbOrTx, id: string): Promise<RegistrationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
    return row;
  },

  /** The record if the viewer may see it; with `lock`, locked FOR UPDATE for the transaction. */
  async findVisible(db: DbOrTx, v: Viewer, id: string, opts: { lock?: boolean } = {}): Promise<RegistrationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const q = db
      .select()
      .from(r)
      .where(and(eq(r.id, id), scopeOf(v)))
      .limit(1);
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },

  /** Locks a record by id without a scope check (the system's jobs, the record a renewal replaces). */
  async lockById(tx: Tx, id: string): Promise<RegistrationRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx.select().from(r).where(eq(r.id, id)).limit(1).for('update');
    return row;
  },

  /** The owner's registration that blocks a new one: not rejected, expired or renewed. */
  async openRegistrationOf(db: DbOrTx, ownerUserId: string): Promise<RegistrationRecord | undefined> {
    const [row] = await db
      .select()
      .from(r)
      .where(and(eq(r.ownerUserId, ownerUserId), notInArray(r.status, [...CLOSED_STATUSES])))
      .orderBy(desc(r.updatedOn))
      .limit(1);
    return row;
  },

  /** A renewal of the record that is in progress or approved (not rejected). */
  async openRenewalOf(db: DbOrTx, previousId: string): Promise<RegistrationRecord | undefined> {
    const [row] = await db
      .select()
      .from(r)
      .where(and(eq(r.previousRegistrationId, previousId), notInArray(r.status, [...REJECTED_STATUSES])))
      .limit(1);
    return row;
  },

  /**
   * One page of the records in the viewer's scope, newest change first. `renewals` lists renewals
   * (and, for an owner, its records it may renew); `registrations` the first registrations.
   */
  async list(db: DbOrTx, v: Viewer, q: RegistrationListQuery, opts: { kind: ListKind; entityType?: EntityType }) {
    const owner = v.role === 'OABusinessUser' || v.role === 'Trader';
    const conds: (SQL | undefined)[] = [scopeOf(v)];
    if (opts.kind === 'registrations') conds.push(eq(r.isRenewal, false));
    if (opts.kind === 'renewals')
      conds.push(owner ? or(eq(r.isRenewal, true), inArray(r.status, [...RENEWABLE_STATUSES])) : eq(r.isRenewal, true));
    if (opts.entityType) conds.push(eq(r.entityType, opts.entityType));
    if (q.entityType) conds.push(eq(r.entityType, q.entityType));
    if (q.status) conds.push(eq(r.status, q.status));
    if (q.entityName) conds.push(ilike(r.entityName, likePattern(q.entityName)));
    if (q.registrationNo) conds.push(ilike(r.registrationNo, likePattern(q.registrationNo)));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: r.id,
          entityType: r.entityType,
          ownerUserId: r.ownerUserId,
          registrationNo: r.registrationNo,
          entityName: r.entityName,
          issuingAuthority: r.issuingAuthority,
          tradingLicenceNo: r.tradingLicenceNo,
          updatedOn: r.updatedOn,
          expiredOn: r.expiredOn,
          status: r.status,
          isRenewal: r.isRenewal,
          previousRegistrationId: r.previousRegistrationId,
          hasOpenRenewal,
          // The entity grid's columns (spec 001 §2) come from the form values and the utilities.
          data: r.data,
          validFrom: r.validFrom,
          discomId: r.discomId,
          transcoId: r.transcoId,
        })
        .from(r)
        .where(where)
        .orderBy(desc(r.updatedOn), desc(r.id))
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize),
      db.select({ n: count() }).from(r).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async insertAction(tx: Tx, values: typeof registrationActions.$inferInsert): Promise<void> {
    await tx.insert(registrationActions).values(values);
  },

  /** The workflow steps of a record, oldest first, with the actor's name. */
  async history(db: DbOrTx, registrationId: string) {
    return db
      .select({
        action: registrationActions.action,
        fromStatus: registrationActions.fromStatus,
        toStatus: registrationActions.toStatus,
        actorRole: registrationActions.actorRole,
        remarks: registrationActions.remarks,
        createdOn: registrationActions.createdOn,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(registrationActions)
      .leftJoin(users, eq(users.id, registrationActions.actorUserId))
      .where(eq(registrationActions.registrationId, registrationId))
      .orderBy(asc(registrationActions.createdOn), asc(registrationActions.id));
  },

  async fileChecks(db: DbOrTx, registrationId: string) {
    return db.select().from(registrationFileChecks).where(eq(registrationFileChecks.registrationId, registrationId));
  },

  async upsertFileCheck(tx: Tx, values: typeof registrationFileChecks.$inferInsert): Promise<void> {
    await tx
      .insert(registrationFileChecks)
      .values(values)
      .onConflictDoUpdate({
        target: [registrationFileChecks.registrationId, registrationFileChecks.fieldName],
        set: {
          fileId: values.fileId,
          isValid: values.isValid,
          comments: values.comments ?? null,
          checkedBy: values.checkedBy ?? null,
          checkedOn: values.checkedOn!,
        },
      });
  },

  async nextRegistrationNo(tx: Tx): Promise<number> {
    const res = (await tx.execute(sql`select nextval(${registrationNoSeq.seqName ?? 'registration_no_seq'})::int as n`)) as unknown as {
      rows: { n: number }[];
    };
    return Number(res.rows[0]!.n);
  },

  /** Records waiting on a DISCOM/TRANSCO user (candidates for deemed consent). */
  async consentCandidates(db: DbOrTx) {
    return db
      .select({ id: r.id, status: r.status, entityType: r.entityType, statusSince: r.statusSince })
      .from(r)
      .where(inArray(r.status, [...CONSENT_STATUSES]))
      .orderBy(asc(r.statusSince));
  },

  /** When the longest-waiting record in the viewer's scope entered `status` (the dashboard's consent clock); null when none waits. */
  async oldestInStatus(db: DbOrTx, v: Viewer, status: RegistrationStatus): Promise<Date | null> {
    const [row] = await db
      .select({ since: r.statusSince })
      .from(r)
      .where(and(scopeOf(v), eq(r.status, status)))
      .orderBy(asc(r.statusSince))
      .limit(1);
    return row?.since ?? null;
  },

  /** Approved records whose last day of validity is before `today`. */
  async expiryCandidates(db: DbOrTx, today: string) {
    return db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.status, 'Approved'), lt(r.expiredOn, today)))
      .orderBy(asc(r.expiredOn));
  },

  /** Enabled users of a role tied to a utility (usersRepository.enabledIdsOfUtilityRole). */
  utilityUserIds: (db: DbOrTx, utilityId: string, role: Role): Promise<string[]> =>
    usersRepository.enabledIdsOfUtilityRole(db, utilityId, role),

  /** Utilities (referenceRepository.utilities). */
  utilities: (db: DbOrTx, opts: { type?: 'TRANSCO' | 'DISCOM'; ids?: string[]; activeOnly?: boolean } = {}) =>
    referenceRepository.utilities(db, opts),

  /** Stored files by id (filesRepository.findManyByIds). */
  filesByIds: (db: DbOrTx, ids: string[]) => filesRepository.findManyByIds(db, ids),

  /** Of these element keys (atcElementKey), those that are the injection or drawal substation of a registration past Draft. */
  async substationKeys(db: DbOrTx, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    // The key in SQL exactly as atcElementKey computes it (trim, collapse spaces, lower case).
    const keyOf = (text: SQL) => sql`lower(regexp_replace(btrim(${text}), '\\s+', ' ', 'g'))`;
    const rows = (await db.execute(sql`
      select distinct k.key from ${registrations} r
      cross join lateral (values (${keyOf(sql`r.data->>'injectionSubstation'`)}), (${keyOf(sql`r.data->>'drawalSubstation'`)})) as k(key)
      where r.status <> 'Draft' and k.key in ${keys}`)) as unknown as { rows: { key: string }[] };
    return rows.rows.map((x) => x.key);
  },

  /** Owners of registrations by id. */
  async ownersOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return new Map();
    const rows = await db.select({ id: r.id, ownerUserId: r.ownerUserId }).from(r).where(inArray(r.id, valid));
    return new Map(rows.map((x) => [x.id, x.ownerUserId]));
  },

  /**
   * Whether the viewer may see the record or a renewal descending from it: a renewal carries the
   * documents of the record it renews, which stay linked to that record.
   */
  async visibleInChain(db: DbOrTx, v: Viewer, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await db
      .select({ id: r.id })
      .from(r)
      .where(
        and(
          sql`${outer(r.id)} in (with recursive chain(id) as (select ${id}::uuid union select x.id from ${registrations} x join chain c on x.previous_registration_id = c.id) select id from chain)`,
          scopeOf(v),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },
};
