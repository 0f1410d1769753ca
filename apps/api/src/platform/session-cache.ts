/**
 * What every authenticated request re-reads about its session (decision 0073): the user's role and
 * session version while the user is enabled and the session family live, kept in process for a
 * few seconds. Only live sessions are kept; a refused token is read again every time.
 *
 * Invalidation, so that an ended session is refused at once (issue 11):
 * - in this process, `invalidateUsers` runs when a session ends (platform/db/sessions.ts
 *   `publishSessionsEnded`): once at the write and again when its transaction commits;
 * - in the other processes, from the NOTIFY on SESSIONS_CHANNEL (`onSessionsPayload`); when the
 *   listener reconnects (events may have been lost) the whole cache is dropped (`clear`).
 *
 * A read that started before an invalidation is not stored (the epoch check of `set`): it may have
 * seen the session before it ended.
 */

export interface LiveSession {
  role: string;
  sessionVersion: number;
}

export interface SessionCacheOptions {
  /** How long a live session is trusted without reading it again. */
  ttlMs?: number;
  /** Users kept at most; the oldest entry goes first. */
  maxUsers?: number;
  /** Monotonic milliseconds (tests). */
  now?: () => number;
}

export const SESSION_CACHE_TTL_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSessionCache(opts: SessionCacheOptions = {}) {
  const ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxUsers = opts.maxUsers ?? 10_000;
  const now = opts.now ?? (() => performance.now());
  /** userId → familyId → live session and when it stops being trusted. */
  const users = new Map<string, Map<string, LiveSession & { until: number }>>();
  let epoch = 0;

  return {
    /** Taken before reading the session from the database; `set` stores the read only if nothing was invalidated since. */
    epoch: () => epoch,

    get(userId: string, familyId: string): LiveSession | undefined {
      const entry = users.get(userId)?.get(familyId);
      if (!entry) return undefined;
      if (entry.until > now()) return entry;
      users.get(userId)!.delete(familyId);
      return undefined;
    },

    set(readEpoch: number, userId: string, familyId: string, session: LiveSession): void {
      if (readEpoch !== epoch) return;
      let families = users.get(userId);
      if (!families) {
        if (users.size >= maxUsers) users.delete(users.keys().next().value!);
        users.set(userId, (families = new Map()));
      }
      families.set(familyId, { role: session.role, sessionVersion: session.sessionVersion, until: now() + ttlMs });
    },

    /** These users' sessions changed (ended, disabled, password): read them again. */
    invalidateUsers(userIds: Iterable<string>): void {
      epoch++;
      for (const id of userIds) users.delete(id);
    },

    clear(): void {
      epoch++;
      users.clear();
    },

    /** A SESSIONS_CHANNEL payload `{ "u": [userId, …] }`; a malformed one drops everything. */
    onSessionsPayload(payload: string): void {
      let ids: string[] | undefined;
      try {
        const parsed = JSON.parse(payload) as { u?: unknown };
        if (Array.isArray(parsed.u) && parsed.u.every((id) => typeof id === 'string' && UUID.test(id))) ids = parsed.u as string[];
      } catch {
        // below
      }
      if (ids) this.invalidateUsers(ids);
      else this.clear();
    },

    /** Users held (tests). */
    size: () => users.size,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
