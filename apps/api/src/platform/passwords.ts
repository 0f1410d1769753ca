import { availableParallelism } from 'node:os';

import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id of the MD5 the client sends (the specification's wire format). Hashing runs on
 * libuv/napi threads with bounded concurrency (about one hash per two cores) so a burst of
 * logins cannot starve other requests.
 */

/** The argon2id cost of new hashes. Verification reads the cost from the stored hash. */
export interface PasswordKdfCost {
  /** Memory in KiB. */
  memoryKib: number;
  /** Passes over the memory (argon2 t). */
  iterations: number;
}

/** Decision 0002: 19 MiB, t=2. Production refuses anything weaker (config.ts). */
export const PRODUCTION_KDF_COST: PasswordKdfCost = { memoryKib: 19_456, iterations: 2 };

const optionsFor = (cost: PasswordKdfCost) =>
  ({
    algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
    memoryCost: cost.memoryKib,
    timeCost: cost.iterations,
    parallelism: 1,
  }) as const;

let OPTIONS = optionsFor(PRODUCTION_KDF_COST);

/**
 * Sets the cost of new hashes for this process (buildApp applies config.passwordKdf; tests lower it
 * so that creating and signing in users is cheap). The dummy hash follows the new cost.
 */
export function setPasswordKdfCost(cost: PasswordKdfCost): void {
  if (cost.memoryKib === OPTIONS.memoryCost && cost.iterations === OPTIONS.timeCost) return;
  OPTIONS = optionsFor(cost);
  dummy = undefined;
}

/** The cost of new hashes. */
export function passwordKdfCost(): PasswordKdfCost {
  return { memoryKib: OPTIONS.memoryCost, iterations: OPTIONS.timeCost };
}
const MAX_CONCURRENT = Math.max(1, Math.floor(availableParallelism() / 2));

let active = 0;
const waiting: (() => void)[] = [];

async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await fn();
  } finally {
    active--;
    waiting.shift()?.();
  }
}

export function hashPassword(md5: string): Promise<string> {
  return limited(() => hash(md5.toLowerCase(), OPTIONS));
}

export function verifyPassword(stored: string | null, md5: string): Promise<boolean> {
  // Unknown users still cost one verification, so timing does not reveal which names exist.
  return limited(async () => {
    const ok = await verify(stored ?? (await dummyHash()), md5.toLowerCase()).catch(() => false);
    return ok && stored !== null;
  });
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash('0'.repeat(32), OPTIONS));
