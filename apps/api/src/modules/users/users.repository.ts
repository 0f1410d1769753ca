import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';

import { messages } from '@stoa/shared/messages';
import type { Role } from '@stoa/shared/account';
import type { UserStatus } from '@stoa/shared/users';

import type { DbOrTx, Tx } from '../../platform/db/client';
import { publishSessionsEnded } from '../../platform/db/sessions';
import { pgConstraint, pgErrorCode } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { users, type UserRow } from './users.tables';

export type { UserRow };
export type UserInsert = typeof users.$inferInsert;

/** The signed-in user with what the record-level scope needs (role, utility and zone). */
export interface Viewer {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  entityType: string | null;
  entityName: string | null;
  utilityId: string | null;
  zone: string | null;
  isDefaulter: boolean;
}

/** The filters of the Admin's user list (each a case-insensitive "contains"). */
export interface UserListFilter {
  firstName?: string;
  lastName?: string;
  userName?: string;
  email?: string;
  status?: UserStatus;
}

/** The rows of each status of the users list (the Admin's dashboard counts them through the list). */
const STATUS_WHERE: Record<UserStatus, () => SQL | undefined> = {
  PendingFirstLogin: () => and(eq(users.isEnabled, true), isNull(users.lastLoginAt)),
  Disabled: () => eq(users.isEnabled, false),
  Defaulter: () => eq(users.isDefaulter, true),
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const usersRepository = {
  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async findByIdForUpdate(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
    return row;
  },
  async findByUserName(db: DbOrTx, userName: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.userName}) = lower(${userName})`)
      .limit(1);
    return row;
  },
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  },
  /** Which of user name, e-mail and PAN are already taken (by someone other than `exceptId`). */
  async findTaken(
    db: DbOrTx,
    v: { userName?: string; email?: string; panCardNumber?: string | null },
    exceptId?: string,
  ): Promise<{ userName: boolean; email: boolean; panCardNumber: boolean }> {
    const rows = await db
      .select({ userName: users.userName, email: users.email, pan: users.panCardNumber, id: users.id, role: users.role })
      .from(users)
      .where(
        sql`(lower(${users.userName}) = lower(${v.userName ?? ''}) or lower(${users.email}) = lower(${v.email ?? ''})
          or (${users.panCardNumber} = ${v.panCardNumber ?? ''} and ${users.role} in ('OABusinessUser','Trader')))`,
      );
    const others = rows.filter((r) => r.id !== exceptId);
    return {
      userName: !!v.userName && others.some((r) => r.userName.toLowerCase() === v.userName!.toLowerCase()),
      email: !!v.email && others.some((r) => r.email.toLowerCase() === v.email!.toLowerCase()),
      panCardNumber: !!v.panCardNumber && others.some((r) => r.pan === v.panCardNumber),
    };
  },
  async insert(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },
  async update(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    // What decides whether the user's access tokens are honoured changed: the session caches forget them.
    if (values.isEnabled === false || values.sessionVersion !== undefined || values.role !== undefined) {
      await publishSessionsEnded(db, [id]);
    }
    return row!;
  },

  /** One page of users matching the filters (and status), by name, with the total. */
  async list(
    db: DbOrTx,
    filter: UserListFilter,
    page: { pageNumber: number; pageSize: number },
  ): Promise<{ rows: UserRow[]; total: number }> {
    const filters: SQL[] = [];
    for (const key of ['firstName', 'lastName', 'userName', 'email'] as const) {
      const value = filter[key];
      if (value) filters.push(ilike(users[key], `%${escapeLike(value)}%`));
    }
    const status = filter.status ? STATUS_WHERE[filter.status]() : undefined;
    if (status) filters.push(status);
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(page.pageSize)
        .offset((page.pageNumber - 1) * page.pageSize),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** The zone of a TRANSCO/DISCOM user is derived from its utility: a utility's new zone moves its users. */
  async setZoneForUtility(db: DbOrTx, utilityId: string, zone: string): Promise<void> {
    await db.update(users).set({ zone }).where(eq(users.utilityId, utilityId));
  },

  /**
   * The accounts that hold this e-mail address (any role) or this PAN (the roles with a unique PAN,
   * as users_pan_uq): whom to tell that someone pre-registered with their details.
   */
  async findAccountsHolding(db: DbOrTx, v: { email: string; panCardNumber: string }) {
    return db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, userName: users.userName })
      .from(users)
      .where(
        or(
          sql`lower(${users.email}) = lower(${v.email})`,
          and(eq(users.panCardNumber, v.panCardNumber), sql`${users.role} in ('OABusinessUser','Trader')`),
        ),
      );
  },

  /** Enabled users of a role (a notification to a role). */
  async enabledIdsOfRole(db: DbOrTx, role: string): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, role), eq(users.isEnabled, true)));
    return rows.map((r) => r.id);
  },

  /** Enabled users of a role tied to a utility (the DISCOM/TRANSCO users to notify). */
  async enabledIdsOfUtilityRole(db: DbOrTx, utilityId: string, role: Role): Promise<string[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.utilityId, utilityId), eq(users.role, role), eq(users.isEnabled, true)));
    return rows.map((x) => x.id);
  },

  /** The user as a viewer of records (the record-level scope of registrations, applications …). */
  async viewer(db: DbOrTx, userId: string): Promise<Viewer | undefined> {
    const [row] = await db
      .select({
        id: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        entityType: users.entityType,
        entityName: users.entityName,
        utilityId: users.utilityId,
        zone: users.zone,
        isDefaulter: users.isDefaulter,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ? { ...row, role: row.role as Role } : undefined;
  },

  /** Locks the user's row for the transaction (serialises one user's submissions). */
  async lock(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },
};

/**
 * A unique-index violation on users (a race the pre-check did not see) as the same field error
 * the pre-check gives; undefined for any other error.
 */
export function duplicateUserError(err: unknown): AppError | undefined {
  if (pgErrorCode(err) !== '23505') return undefined;
  const c = pgConstraint(err) ?? '';
  if (c.includes('email')) return AppError.field('CONFLICT', 'email', messages.validation.duplicateEmail);
  if (c.includes('pan')) return AppError.field('CONFLICT', 'panCardNumber', messages.validation.duplicatePan);
  return AppError.field('CONFLICT', 'userName', messages.validation.duplicateUserName);
}
