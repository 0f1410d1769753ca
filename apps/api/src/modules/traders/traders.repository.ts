import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, min, notExists, type SQL, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../platform/db/client';
import { registrationFormValue } from '../registrations/registrations.repository';
import { registrations } from '../registrations/registrations.tables';
import { users } from '../users/users.tables';
import { traderAssociations } from './traders.tables';

/** The registrations of traders whose applicants stay with them (approved; renewed keeps its applicants). */
const TRADER_STATUSES_WITH_APPLICANTS = ['Approved', 'Renewed'];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${escapeLike(s)}%`;

export interface Page {
  pageNumber: number;
  pageSize: number;
}

export interface AssociatedEntityFilter {
  entityName?: string;
  entityType?: string;
  registrationNo?: string;
}

export type TraderAssociationRow = typeof traderAssociations.$inferSelect;

/**
 * SQL of trader management (spec 001 §7 TraderManagement). The registrations tables are read
 * directly: a trader is known by its Trader registration, an applicant by its user.
 */
export const tradersRepository = {
  /** Traders with an approved registration that the applicant has not added yet, by name. */
  async findApprovedTraders(db: DbOrTx, applicantUserId: string) {
    const alreadyAdded = db
      .select({ id: traderAssociations.id })
      .from(traderAssociations)
      .where(
        and(
          eq(traderAssociations.traderRegistrationId, registrations.id),
          eq(traderAssociations.applicantUserId, applicantUserId),
          isNull(traderAssociations.deletedOn),
        ),
      );
    return db
      .select({ id: registrations.id, description: registrations.entityName })
      .from(registrations)
      .where(and(eq(registrations.entityType, 'Trader'), eq(registrations.status, 'Approved'), notExists(alreadyAdded)))
      .orderBy(asc(registrations.entityName), asc(registrations.id));
  },

  /** A Trader registration (any status), or undefined. */
  async findTraderRegistration(db: DbOrTx, id: string) {
    const [row] = await db
      .select({
        id: registrations.id,
        status: registrations.status,
        entityName: registrations.entityName,
        ownerUserId: registrations.ownerUserId,
      })
      .from(registrations)
      .where(and(eq(registrations.id, id), eq(registrations.entityType, 'Trader')))
      .limit(1);
    return row;
  },

  /**
   * Adds the association unless an active one exists. The unique partial index decides between
   * concurrent adds: the loser inserts nothing and gets undefined.
   */
  async insertAssociation(
    db: DbOrTx,
    values: { applicantUserId: string; traderRegistrationId: string; entityName: string; createdOn: Date },
  ) {
    const [row] = await db.insert(traderAssociations).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** An active association of the applicant, locked for the change. */
  async findActiveAssociationForUpdate(db: DbOrTx, id: string, applicantUserId: string): Promise<TraderAssociationRow | undefined> {
    const [row] = await db
      .select()
      .from(traderAssociations)
      .where(
        and(eq(traderAssociations.id, id), eq(traderAssociations.applicantUserId, applicantUserId), isNull(traderAssociations.deletedOn)),
      )
      .limit(1)
      .for('update');
    return row;
  },

  async softDelete(db: DbOrTx, id: string, deletedOn: Date): Promise<TraderAssociationRow> {
    const [row] = await db.update(traderAssociations).set({ deletedOn }).where(eq(traderAssociations.id, id)).returning();
    return row!;
  },

  /** The applicants' active associations with one trader registration move to another (an approved renewal); returns how many. */
  async moveAssociations(db: DbOrTx, fromRegistrationId: string, toRegistrationId: string): Promise<number> {
    const moved = await db
      .update(traderAssociations)
      .set({ traderRegistrationId: toRegistrationId })
      .where(and(eq(traderAssociations.traderRegistrationId, fromRegistrationId), sql`${traderAssociations.deletedOn} IS NULL`))
      .returning({ id: traderAssociations.id });
    return moved.length;
  },

  /** The applicant's active traders with their registration, newest first, one page. */
  async findTradersOfApplicant(db: DbOrTx, applicantUserId: string, page: Page) {
    const where = and(eq(traderAssociations.applicantUserId, applicantUserId), isNull(traderAssociations.deletedOn));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: traderAssociations.id,
          traderId: registrations.id,
          registrationEntityType: registrations.entityType,
          registrationNo: registrations.registrationNo,
          entityName: registrations.entityName,
          issuingAuthority: registrations.issuingAuthority,
          tradingLicenceNo: registrations.tradingLicenceNo,
        })
        .from(traderAssociations)
        .innerJoin(registrations, eq(registrations.id, traderAssociations.traderRegistrationId))
        .where(where)
        .orderBy(desc(traderAssociations.createdOn), desc(traderAssociations.id))
        .limit(page.pageSize)
        .offset((page.pageNumber - 1) * page.pageSize),
      db.select({ n: count() }).from(traderAssociations).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Ids of the user's Trader registrations whose applicants it sees. */
  async traderRegistrationIdsOfUser(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.ownerUserId, userId),
          eq(registrations.entityType, 'Trader'),
          inArray(registrations.status, TRADER_STATUSES_WITH_APPLICANTS),
        ),
      );
    return rows.map((r) => r.id);
  },

  /**
   * The approved registrations of the applicants associated (actively) with any of the trader's
   * registrations, filtered and paged. One row per applicant registration.
   */
  async findApplicantsOfTrader(db: DbOrTx, traderRegistrationIds: string[], filter: AssociatedEntityFilter, page: Page) {
    if (traderRegistrationIds.length === 0) return { rows: [], total: 0 };
    const active = and(
      eq(traderAssociations.applicantUserId, registrations.ownerUserId),
      inArray(traderAssociations.traderRegistrationId, traderRegistrationIds),
      isNull(traderAssociations.deletedOn),
    );
    const conditions: SQL[] = [
      eq(registrations.status, 'Approved'),
      sql`${registrations.entityType} <> 'Trader'`,
      exists(
        db
          .select({ one: sql`1` })
          .from(traderAssociations)
          .where(active),
      ),
    ];
    if (filter.entityName) conditions.push(ilike(registrations.entityName, contains(filter.entityName)));
    if (filter.entityType) conditions.push(eq(registrations.entityType, filter.entityType));
    if (filter.registrationNo) conditions.push(ilike(registrations.registrationNo, contains(filter.registrationNo)));
    const where = and(...conditions);
    const addedOn = db
      .select({ at: min(traderAssociations.createdOn) })
      .from(traderAssociations)
      .where(active);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: registrations.id,
          entityType: registrations.entityType,
          registrationNo: registrations.registrationNo,
          entityName: registrations.entityName,
          expiredOn: registrations.expiredOn,
          contactName: sql<string>`coalesce(nullif(${registrationFormValue.representativeName}, ''), ${users.contactPersonName}, ${users.firstName} || ' ' || ${users.lastName})`,
          email: sql<string>`coalesce(nullif(${registrationFormValue.email}, ''), ${users.email})`,
          addedOn: sql<Date>`(${addedOn})`.mapWith(traderAssociations.createdOn),
        })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.ownerUserId))
        .where(where)
        .orderBy(asc(registrations.entityName), asc(registrations.id))
        .limit(page.pageSize)
        .offset((page.pageNumber - 1) * page.pageSize),
      db.select({ n: count() }).from(registrations).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
