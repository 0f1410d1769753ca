import { effectiveState } from '@stoa/shared/common';

import { pgErrorCode } from '../../platform/db/transaction';
import { AppError } from '../../platform/errors';

/**
 * The rules of effective-dated values (charges, settings, bank details, holidays): a value takes
 * effect on its date and is then kept as history; only values not yet in effect change.
 */

/** Current value of each key among effective-dated rows: the latest effective date not after today. */
export function currentByKey<T extends { effectiveFrom: string }>(rows: T[], key: (r: T) => string, today: string) {
  const current = new Map<string, string>();
  for (const r of rows) {
    if (r.effectiveFrom > today) continue;
    const k = key(r);
    const c = current.get(k);
    if (!c || r.effectiveFrom > c) current.set(k, r.effectiveFrom);
  }
  return (r: T) => effectiveState(r.effectiveFrom, current.get(key(r)), today);
}

export const notInPast = (field: string, date: string, today: string) => {
  if (date < today) throw AppError.field('VALIDATION_FAILED', field, 'The effective date cannot be in the past.');
};

export const onlyFuture = (effectiveFrom: string, today: string, what: string) => {
  if (effectiveFrom <= today) {
    throw new AppError(
      'BUSINESS_RULE',
      `This ${what} has taken effect and is kept as history. Add a new value with a later effective date instead.`,
    );
  }
};

/** Runs `fn`; a unique-index violation becomes a 409 on `field`. */
export const uniqueOr409 = async <T>(fn: () => Promise<T>, field: string, message: string): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw AppError.field('CONFLICT', field, message);
    throw err;
  }
};
