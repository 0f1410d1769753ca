import { eq, sql } from 'drizzle-orm';

import { messages } from '@stoa/shared';

import type { DbOrTx } from '../../platform/db/client';
import { pgConstraint, pgErrorCode } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';
import { users, type UserRow } from './users.tables';

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
    const [row] = await db.select().from(users).where(sql`lower(${users.userName}) = lower(${userName})`).limit(1);
    return row;
  },
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
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
    return row!;
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
