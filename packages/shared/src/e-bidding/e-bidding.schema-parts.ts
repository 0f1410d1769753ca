/** Field builders of the e-bidding schemas (invitation, proposal): optional text, dates and times, ids. */
import { z } from 'zod';

import { isoDateSchema } from '../common/patterns';
import { enEBidding } from './e-bidding.messages';

const V = enEBidding.validation;

export const uuid = (message = 'Invalid id') => z.string().uuid(message);
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export const blankToNull = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: trimmed; '' → null. */
export const optionalText = (max = 2000) => z.preprocess(blankToNull, z.string().trim().max(max).nullable()).optional();
export const optionalDate = z.preprocess(blankToNull, isoDateSchema.nullable()).optional();
/** Time of day 'HH:mm' or 'HH:mm:ss' (spec 000 §9 'HH:mm:ss'), normalised to 'HH:mm'. */
export const optionalTimeOfDay = (label: string) =>
  z
    .preprocess(blankToNull, z.string().trim().regex(TIME_OF_DAY, V.timeInvalid(label)).nullable())
    .transform((v) => (v === null ? null : v.slice(0, 5)))
    .optional();
export const optionalBlockTime = (label: string, list: readonly string[]) =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .refine((v) => list.includes(v), V.timeInvalid(label))
        .nullable(),
    )
    .optional();
