/**
 * Exact decimal arithmetic for money (DOMAIN.md §1: never binary floating point). Decimals arrive
 * as strings with at most 4 decimals; amounts leave as integer paise.
 */
const SCALE = 10_000n;

export function toScaled(decimal: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(decimal.trim());
  if (!m) throw new Error(`not a non-negative decimal with at most 4 places: ${decimal}`);
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

function divRoundHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

/** rate × quantity in paise, rounded half up. */
export function amountPaise(rate: string, quantity: string): number {
  const product = toScaled(rate) * toScaled(quantity); // scale 10^8 rupees
  return Number(divRoundHalfUp(product * 100n, SCALE * SCALE));
}

/** GST on a base amount in paise at a percentage with up to 2 decimals (stored scale 4). */
export function gstPaise(basePaise: number, gstRatePercent: string): number {
  return Number(divRoundHalfUp(BigInt(basePaise) * toScaled(gstRatePercent), 100n * SCALE));
}

/** Normalises numeric strings from PostgreSQL ('5000.0000' → '5000', '0.0800' → '0.08'). */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}
