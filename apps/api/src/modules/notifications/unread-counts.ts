/**
 * The bell's count per user, kept in process (decision 0080): every signed-in page asks for it, and
 * it changes only when a notification is created for the user or the user reads some. Both writes
 * go through notifications.service (`notify`, `markAsRead`), which publish the users whose
 * notifications changed:
 * - in this process at the write and again when its transaction commits (`onNotificationsChangedHere`),
 *   so the reply to a mark-as-read never leaves before the count is forgotten;
 * - to every process by the NOTIFY on NOTIFY_CHANNEL, which the hub also uses to tell the sockets
 *   to refetch: the count is forgotten before the sockets are told (app.ts);
 * - when the listener reconnects (events may have been lost) every count is dropped.
 *
 * A read that started before an invalidation is not stored (the epoch check of `set`). The TTL is
 * a safety net only: without it a lost NOTIFY would leave a stale count until the next change.
 */

export interface UnreadCountsOptions {
  ttlMs?: number;
  /** Users kept at most; the oldest entry goes first. */
  maxUsers?: number;
  /** Monotonic milliseconds (tests). */
  now?: () => number;
}

export const UNREAD_COUNT_TTL_MS = 30_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who in this process hears at once that notifications of these users changed here. */
const changedHere = new Set<(userIds: readonly string[]) => void>();

/** Calls `listener` with the users whose notifications this process changes; returns the unsubscribe. */
export function onNotificationsChangedHere(listener: (userIds: readonly string[]) => void): () => void {
  changedHere.add(listener);
  return () => changedHere.delete(listener);
}

/** Tells this process's listeners that these users' notifications changed (notifications.service). */
export function notificationsChangedHere(userIds: readonly string[]): void {
  for (const listener of changedHere) listener(userIds);
}

export function createUnreadCounts(opts: UnreadCountsOptions = {}) {
  const ttlMs = opts.ttlMs ?? UNREAD_COUNT_TTL_MS;
  const maxUsers = opts.maxUsers ?? 50_000;
  const now = opts.now ?? (() => performance.now());
  const counts = new Map<string, { count: number; until: number }>();
  let epoch = 0;

  const invalidate = (userIds: Iterable<string>) => {
    epoch++;
    for (const id of userIds) counts.delete(id);
  };
  const clear = () => {
    epoch++;
    counts.clear();
  };

  return {
    /** Taken before counting in the database; `set` stores the count only if nothing changed since. */
    epoch: () => epoch,

    get(userId: string): number | undefined {
      const entry = counts.get(userId);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.count;
      counts.delete(userId);
      return undefined;
    },

    set(readEpoch: number, userId: string, count: number): void {
      if (readEpoch !== epoch) return;
      counts.delete(userId);
      if (counts.size >= maxUsers) counts.delete(counts.keys().next().value!);
      counts.set(userId, { count, until: now() + ttlMs });
    },

    invalidate,
    clear,

    /** A NOTIFY_CHANNEL payload `{ "u": [userId, …] }`; a malformed one drops everything. */
    onPayload(payload: string): void {
      let ids: string[] | undefined;
      try {
        const parsed = JSON.parse(payload) as { u?: unknown };
        if (Array.isArray(parsed.u) && parsed.u.every((id) => typeof id === 'string' && UUID.test(id))) ids = parsed.u as string[];
      } catch {
        // below
      }
      if (ids) invalidate(ids);
      else clear();
    },

    /** Users held (tests). */
    size: () => counts.size,
  };
}
export type UnreadCounts = ReturnType<typeof createUnreadCounts>;
