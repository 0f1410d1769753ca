/**
 * Failed sign-ins per client address (decision 0081). An attacker guessing passwords from one address
 * across many user names is stopped once the address has `failures` failed sign-ins in `windowMs`,
 * until that window ends, whatever the names; correct sign-ins never count, so an SLDC's staff behind
 * one office address can all sign in. One user name tried from one address is limited per minute by
 * the route (account.routes.ts), and one account tried from anywhere by the lockout (sessions.ts).
 *
 * Kept in process: with several API processes an address gets that many failures per process, which
 * is still a bound; the lockout in the database is the per-account bound shared by all of them.
 */

/** The window of LOGIN_FAILURES_PER_ADDRESS. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface LoginThrottleOptions {
  /** Failed sign-ins an address may make per window. */
  failures: number;
  windowMs: number;
  /** Addresses remembered at most; the oldest goes first. */
  maxAddresses?: number;
  now?: () => number;
}

export function createLoginThrottle(opts: LoginThrottleOptions) {
  const maxAddresses = opts.maxAddresses ?? 100_000;
  const now = opts.now ?? (() => Date.now());
  const windows = new Map<string, { count: number; endsAt: number }>();

  const current = (address: string) => {
    const w = windows.get(address);
    if (w && w.endsAt <= now()) {
      windows.delete(address);
      return undefined;
    }
    return w;
  };

  return {
    /** Milliseconds until this address may try again; 0 when it may now. */
    retryAfterMs(address: string | undefined): number {
      if (!address) return 0;
      const w = current(address);
      return w && w.count >= opts.failures ? w.endsAt - now() : 0;
    },

    /** One failed sign-in from this address. */
    recordFailure(address: string | undefined): void {
      if (!address) return;
      const w = current(address);
      if (w) {
        w.count++;
        return;
      }
      if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value!);
      windows.set(address, { count: 1, endsAt: now() + opts.windowMs });
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
