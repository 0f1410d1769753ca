import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { amountPaise, gstPaise, toScaled, trimDecimal } from './money';

describe('money', () => {
  it('multiplies exactly and rounds half up to paise', () => {
    expect(amountPaise('5000', '1')).toBe(500_000);
    expect(amountPaise('0.08', '123456.25')).toBe(987_650); // Rs 9,876.50
    expect(amountPaise('0.0001', '5')).toBe(0); // 0.0005 rupees = 0.05 paise
    expect(amountPaise('0.0001', '50')).toBe(1); // 0.5 paise rounds up
    expect(gstPaise(500_000, '18')).toBe(90_000);
    expect(gstPaise(333, '18')).toBe(60); // 59.94
    expect(trimDecimal('5000.0000')).toBe('5000');
    expect(trimDecimal('0.0800')).toBe('0.08');
  });

  it('agrees with integer arithmetic for any rate and quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (rateBp, qty) => {
        // rate in 1/10000 rupee, whole quantities: paise = rateBp * qty / 100, half up
        const rate = `${Math.floor(rateBp / 10_000)}.${String(rateBp % 10_000).padStart(4, '0')}`;
        const expected = Number((BigInt(rateBp) * BigInt(qty) * 2n + 100n) / 200n);
        expect(amountPaise(rate, String(qty))).toBe(expected);
      }),
    );
  });

  it('refuses malformed decimals', () => {
    expect(() => toScaled('-1')).toThrow();
    expect(() => toScaled('1.23456')).toThrow();
  });
});
