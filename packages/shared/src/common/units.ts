/**
 * Units, in one place (ARCHITECTURE.md §2 and §4, decision 0027). Every quantity the portal
 * computes with is an integer of a fixed unit, read from decimal text digit by digit and written
 * back as text, never through a binary float:
 *
 * | quantity        | integer unit                          | parser                   | formatter                          |
 * |-----------------|---------------------------------------|--------------------------|------------------------------------|
 * | power (MW)      | centi-MW (0.01 MW): 1234 = 12.34 MW   | `mwToCenti`              | `centiToMw` ('12.34'), `formatMw` ('12.5' in messages) |
 * | energy (MWh)    | ten-thousandths of a MWh; a 15-minute block of 0.01 MW is 25 of them | `mwhToUnits` (derived on the server: `centiBlocksToMwhUnits`) | `formatMwhUnits`, `centiBlocksToMwh` ('0.0025'), `centiBlocksToKwh` ('2.5') |
 * | price (Rs/kWh)  | ten-thousandths of a rupee per kWh    | `priceToTenThousandths`  | `tenThousandthsToPrice` ('0.25'), `formatRupeeRate` ('₹0.25/kWh') |
 * | money           | paise                                 | `rupeesToPaise`          | `paiseToRupees` ('5900.00'), `formatPaise` ('₹5,900.00') |
 *
 * All of them rest on one reader of decimal text, `parseDecimal`. Configured rates and GST
 * percentages (4 decimals, any size) are multiplied in bigint by `amountPaise` and `gstPaise`.
 * The zod schemas that apply these at the API boundary are in `units.schemas.ts`.
 */

// ---- decimal text -------------------------------------------------------------------------------

export type DecimalProblem = 'required' | 'notNumber' | 'negative' | 'decimals' | 'tooLarge';
export type DecimalResult = { ok: true; value: number } | { ok: false; problem: DecimalProblem };

export interface DecimalRule {
  /** Decimal places of the integer unit: 2 for centi-MW and paise, 4 for ten-thousandths. */
  scale: number;
  /** The largest value allowed, in the integer unit (at most Number.MAX_SAFE_INTEGER). */
  max?: number;
  /** Negative values are allowed ('-0' is always 0). */
  negative?: boolean;
  /**
   * Typed text (a spreadsheet cell, a form): surrounding spaces, a '+' sign, '.5' and '5.' are
   * read. Otherwise the text is exactly `-?digits(.digits)?`.
   */
  lenient?: boolean;
  /** More than `scale` decimals are refused even when they are zeros ('0.10000' with scale 4). */
  exactDecimals?: boolean;
}

const STRICT = /^(-?)(\d+)(?:\.(\d+))?$/;
const LENIENT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Decimal text → an integer count of 10^-scale units, exactly. The problems are reported in this
 * order: required (blank), notNumber (no plain decimal: no exponent, no thousands separator),
 * negative, decimals (non-zero digits beyond the scale), tooLarge (above `max`).
 */
export function parseDecimal(text: string, rule: DecimalRule): DecimalResult {
  const value = rule.lenient ? text.trim() : text;
  if (value === '') return { ok: false, problem: 'required' };
  const match = (rule.lenient ? LENIENT : STRICT).exec(value);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, problem: 'notNumber' };
  const isZero = !/[1-9]/.test(whole + fraction);
  const negative = match[1] === '-' && !isZero;
  if (negative && !rule.negative) return { ok: false, problem: 'negative' };
  if (rule.exactDecimals ? fraction.length > rule.scale : /[1-9]/.test(fraction.slice(rule.scale)))
    return { ok: false, problem: 'decimals' };
  const significant = whole.replace(/^0+/, '');
  const max = rule.max ?? Number.MAX_SAFE_INTEGER;
  if (significant.length + rule.scale > 16) return { ok: false, problem: 'tooLarge' };
  const scaled = Number(significant || '0') * 10 ** rule.scale + Number(fraction.slice(0, rule.scale).padEnd(rule.scale, '0') || '0');
  if (!Number.isSafeInteger(scaled) || scaled > max) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value: negative ? -scaled : scaled };
}

/** An integer count of 10^-scale units as decimal text with `scale` decimals: (1234, 2) → '12.34', (-5, 2) → '-0.05'. */
export function formatScaled(value: number, scale: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  const abs = Math.abs(value);
  const unit = 10 ** scale;
  const fraction = scale === 0 ? '' : `.${String(abs % unit).padStart(scale, '0')}`;
  return `${value < 0 ? '-' : ''}${Math.floor(abs / unit)}${fraction}`;
}

/** Drops trailing zero decimals down to `keep` decimals, e.g. numeric text from PostgreSQL: ('0.1000', 2) → '0.10', ('5000.0000') → '5000'. */
export function trimDecimals(text: string, keep = 0): string {
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  let end = text.length;
  while (end > dot + 1 + keep && text[end - 1] === '0') end--;
  return text.slice(0, end === dot + 1 ? dot : end);
}

function orThrow(result: DecimalResult, what: string, text: string): number {
  if (!result.ok) throw new RangeError(`Not ${what} (${result.problem}): '${text}'`);
  return result.value;
}

// ---- power: MW ↔ centi-MW -----------------------------------------------------------------------

/** Hundredths of a MW per MW. */
export const CENTI_PER_MW = 100;
/** The largest centi-MW a 32-bit integer column holds (21,474,836.47 MW). */
export const MAX_CENTI_MW = 0x7fffffff;

/**
 * A MW value ('12.34', 12.34, '7', '-0.5') as integer centi-MW, exactly (decimal digits are read,
 * never multiplied as a float). Throws a RangeError for anything that is not a plain decimal
 * number with at most 2 significant decimals (trailing zeros beyond them are allowed: '1.500'),
 * or that does not fit a 32-bit signed integer of centi-MW. A number is read through its shortest
 * decimal form (`String(n)`), so 0.1 + 0.2 (0.30000000000000004) is rejected.
 */
export function mwToCenti(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value;
  return orThrow(parseDecimal(text, { scale: 2, max: MAX_CENTI_MW, negative: true }), 'a MW value with at most 2 decimals', text);
}

/** A MW quantity as the forms send it (spec §9 'at most 2 decimals'): up to 6 digits, up to 2 decimals, not negative. */
export const MW_TEXT = /^\d{1,6}(\.\d{1,2})?$/;

/** Wire text of a MW quantity ('12.5', 12.5, ' 7 ') in centi-MW, or null when it is not `MW_TEXT`. */
export function mwTextToCenti(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return MW_TEXT.test(text) ? mwToCenti(text) : null;
}

/** Integer centi-MW as a MW string with exactly 2 decimals (the wire form): 1234 → '12.34', −5 → '-0.05'. */
export function centiToMw(centi: number): string {
  return formatScaled(centi, 2);
}

/** MW for messages, without trailing zeros: 1250 → '12.5', 1200 → '12', 5 → '0.05'. */
export function formatMw(centi: number): string {
  return trimDecimals(centiToMw(centi));
}

// ---- energy: centi-MW × 15-minute blocks → MWh, kWh ---------------------------------------------

/** Ten-thousandths of a MWh per MWh. */
export const MWH_SCALE = 10_000;
/** A 15-minute block of 0.01 MW is 0.0025 MWh: 25 ten-thousandths of a MWh. */
export const MWH_UNITS_PER_CENTI_BLOCK = 25;

/** Σ centi-MW over 15-minute blocks ("centi-blocks") → ten-thousandths of a MWh. */
export function centiBlocksToMwhUnits(centiBlocks: number): number {
  const units = centiBlocks * MWH_UNITS_PER_CENTI_BLOCK;
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not an integer of centi-MW × blocks: ${centiBlocks}`);
  return units;
}

/** MWh text as the API writes it ('1.25', '0.0025') → ten-thousandths of a MWh; a RangeError for more than 4 decimals. */
export function mwhToUnits(mwh: string): number {
  return orThrow(parseDecimal(mwh, { scale: 4, negative: true }), 'a MWh value with at most 4 decimals', mwh);
}

/** Ten-thousandths of a MWh as MWh with 2 to 4 decimals: 12500 → '1.25', 25 → '0.0025'. */
export function formatMwhUnits(units: number): string {
  return trimDecimals(formatScaled(units, 4), 2);
}

/** MWh of centi-MW × 15-minute blocks, exact, 2 to 4 decimals: 400 → '1.00', 1 → '0.0025'. */
export function centiBlocksToMwh(centiBlocks: number): string {
  return formatMwhUnits(centiBlocksToMwhUnits(centiBlocks));
}

/** kWh of centi-MW × 15-minute blocks as exact decimal text: 0.01 MW × 0.25 h = 2.5 kWh; 4 → '10.0'. */
export function centiBlocksToKwh(centiBlocks: number): string {
  return formatScaled(centiBlocksToMwhUnits(centiBlocks), 1); // 25 ten-thousandths of a MWh = 25 tenths of a kWh
}

// ---- price: Rs/kWh ↔ ten-thousandths of a rupee per kWh ------------------------------------------

/** Ten-thousandths of a rupee per rupee (price resolution: 4 decimals of Rs/kWh). */
export const PRICE_SCALE = 10_000;

/** A price in Rs/kWh ('0.25', '0.1875', '3') as integer ten-thousandths; a RangeError otherwise (more than 4 decimals, a sign, …). */
export function priceToTenThousandths(price: string): number {
  return orThrow(parseDecimal(price, { scale: 4, exactDecimals: true }), 'a price in Rs/kWh with up to 4 decimals', price);
}

/** A price as the forms send it (spec 000 §5, §9; decision 0016): up to 6 digits, up to 2 decimals, not negative. */
export const PRICE_TEXT = /^\d{1,6}(\.\d{1,2})?$/;

/** A price held by a form ('0.25', 0.25, ' 0.1875 ') in ten-thousandths, or null when it is not a price with up to 4 decimals. */
export function priceValueToTenThousandths(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const read = parseDecimal(text, { scale: 4, exactDecimals: true });
  return read.ok ? read.value : null;
}

/** Ten-thousandths of a rupee per kWh as Rs/kWh with 2 to 4 decimals: 2500 → '0.25', 1875 → '0.1875'. */
export function tenThousandthsToPrice(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a price in ten-thousandths: ${value}`);
  return trimDecimals(formatScaled(value, 4), 2);
}

/** A price rounded up to whole paise per kWh (ten-thousandths, a multiple of 100): 1234 → 1300. */
export function ceilToPaise(tenThousandths: number): number {
  return Math.ceil(tenThousandths / 100) * 100;
}

// ---- money: rupees ↔ paise ----------------------------------------------------------------------

/** Paise per rupee. */
export const PAISE_PER_RUPEE = 100;

/** An amount in rupees ('5900', '5900.5', '-12.50') as integer paise; a RangeError for more than 2 decimals. */
export function rupeesToPaise(rupees: string): number {
  return orThrow(parseDecimal(rupees, { scale: 2, negative: true }), 'an amount in rupees with at most 2 decimals', rupees);
}

/** Integer paise as rupees with 2 decimals (the wire form): 590000 → '5900.00'. */
export function paiseToRupees(paise: number): string {
  return formatScaled(paise, 2);
}

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** '₹' or '−₹' (issue 11 item 25: no space, the sign before the rupee sign). */
const sign = (negative: boolean) => (negative ? '−₹' : '₹');

/**
 * Decimal text rounded half away from zero to `max` decimals and written with Indian digit
 * grouping and `min`…`max` decimals: ('1234567.5', 2, 2) → '12,34,567.50'. Exact (bigint digits).
 */
function groupDecimal(text: string, min: number, max: number): { negative: boolean; body: string } {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a decimal amount: '${text}'`);
  const fraction = match[3] ?? '';
  let scaled = BigInt((match[2] || '0') + fraction.slice(0, max).padEnd(max, '0'));
  if (Number(fraction[max] ?? '0') >= 5) scaled += 1n;
  const unit = 10n ** BigInt(max);
  const digits = trimDecimals(`0.${(scaled % unit).toString().padStart(max, '0')}`, min).slice(1);
  return { negative: match[1] === '-' && scaled !== 0n, body: `${grouped.format(scaled / unit)}${digits}` };
}

/** Rupees on screen: '₹1,000.00' (Indian digit grouping, no space after the sign, 2 decimals), from a number or decimal text. */
export function formatRupees(amount: number | string): string {
  const { negative, body } = groupDecimal(String(amount), 2, 2);
  return `${sign(negative)}${body}`;
}

/** '₹5,900.00' for an amount in paise (integer ledger amounts). */
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

/** '₹0.08/kWh', '₹1,250.00/MW/day' for a rate in rupees per unit (2 to 4 decimals, never 'Rs'). */
export function formatRupeeRate(amount: number | string, per: string): string {
  const { negative, body } = groupDecimal(String(amount), 2, 4);
  return `${sign(negative)}${body}/${per}`;
}

// ---- money arithmetic: configured rates (4 decimals) × quantities → paise ------------------------

const SCALE = 10_000n;

/** A non-negative decimal with at most 4 decimals ('5000', '0.08', ' 18 ') as a bigint of ten-thousandths. */
export function toScaled(decimal: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(decimal.trim());
  if (!m) throw new RangeError(`Not a non-negative decimal with at most 4 places: '${decimal}'`);
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** n / d rounded half up, for n ≥ 0 and d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

/** rate × quantity in paise, rounded half up (both decimals with at most 4 places). */
export function amountPaise(rate: string, quantity: string): number {
  const product = toScaled(rate) * toScaled(quantity); // scale 10^8 rupees
  return Number(divRoundHalfUp(product * 100n, SCALE * SCALE));
}

/** GST on a base amount in paise at a percentage with up to 4 decimals, rounded half up. */
export function gstPaise(basePaise: number, gstRatePercent: string): number {
  return Number(divRoundHalfUp(BigInt(basePaise) * toScaled(gstRatePercent), 100n * SCALE));
}
