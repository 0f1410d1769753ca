import { and, eq, isNull, sql } from 'drizzle-orm';

import { refreshTokens } from '../../modules/account/account.tables';
import { users } from '../../modules/users/users.tables';
import type { Database, DbOrTx } from './client';
import { notifyOnCommit } from './notify';
import { afterCommit } from './transaction';

/**
 * The session reads and events of platform/auth: SQL over the account's refresh tokens and the
 * users, kept here (platform/db) so the auth plugin stays free of module imports and the check
 * that runs on every request stays one indexed read (decision 0026).
 */

/** The LISTEN/NOTIFY channel of ended sessions: payload `{ "u": [userId, …] }`, sent on commit. */
export const SESSIONS_CHANNEL = 'stoa_sessions';

/**
 * In one indexed read: the user's role, enabled flag and session version, and whether the session
 * family still holds an unrevoked refresh token of that user. Undefined when there is no such user.
 */
export async function sessionState(db: Database, userId: string, familyId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      isEnabled: users.isEnabled,
      sessionVersion: users.sessionVersion,
      sessionLive: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)))})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Who in this process hears at once that sessions ended here (the session caches, decision 0073). */
const endedHere = new Set<(userIds: readonly string[]) => void>();

/** Calls `listener` with the users whose sessions this process ends; returns the unsubscribe. */
export function onSessionsEndedHere(listener: (userIds: readonly string[]) => void): () => void {
  endedHere.add(listener);
  return () => endedHere.delete(listener);
}

/**
 * Queues a NOTIFY that these users' sessions ended (sent when the transaction commits): every
 * process re-checks the notification sockets of these users and closes the refused ones, and drops
 * them from its session cache. This process's caches hear it at once and again on commit, so the
 * reply that ended a session never leaves before the cache forgets it. Call it after the write.
 */
export async function publishSessionsEnded(dbx: DbOrTx, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  const tell = () => {
    for (const listener of endedHere) listener(unique);
  };
  tell();
  afterCommit(dbx, tell);
  // 150 ids × 39 characters stays well under PostgreSQL's 8000-byte payload limit.
  for (let i = 0; i < unique.length; i += 150) {
    await notifyOnCommit(dbx, SESSIONS_CHANNEL, JSON.stringify({ u: unique.slice(i, i + 150) }));
  }
}
