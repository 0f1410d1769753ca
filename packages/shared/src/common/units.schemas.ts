/**
 * The zod schemas that read units at the API boundary (decision 0027): the wire carries decimal
 * text (what the forms hold and send, `z.input`), the server receives the integer unit once
 * (`z.output`) and never parses the value again.
 */
import { z } from 'zod';

import { MW_TEXT, mwToCenti, PRICE_TEXT, priceToTenThousandths } from './units';

const blankToNull = (v: unknown) => (v === undefined || v === null ? null : typeof v === 'string' && v.trim() === '' ? null : v);
const asText = (v: string | number) => String(v).trim();

/** A MW quantity as text ('12.5' or 12.5, up to 6 digits and 2 decimals) → integer centi-MW. */
export const centiMwSchema = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform(asText)
    .refine((v) => MW_TEXT.test(v), message)
    .transform((v) => mwToCenti(v));

/** A price in Rs/kWh as text ('0.25' or 0.25, up to 6 digits and 2 decimals) → integer ten-thousandths of a rupee per kWh. */
export const tenThousandthsSchema = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform(asText)
    .refine((v) => PRICE_TEXT.test(v), message)
    .transform((v) => priceToTenThousandths(v));

/** Optional: '' and null → null, otherwise as `schema`. */
export const optionalUnit = <S extends z.ZodType>(schema: S) => z.preprocess(blankToNull, schema.nullable()).optional();
