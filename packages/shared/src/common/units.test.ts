import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  amountPaise,
  ceilToPaise,
  centiBlocksToKwh,
  centiBlocksToMwh,
  centiBlocksToMwhUnits,
  centiToMw,
  formatMw,
  formatMwhUnits,
  formatPaise,
  formatRupeeRate,
  formatRupees,
  formatScaled,
  gstPaise,
  MAX_CENTI_MW,
  mwhToUnits,
  mwToCenti,
  paiseToRupees,
  parseDecimal,
  priceToTenThousandths,
  priceValueToTenThousandths,
  mwTextToCenti,
  rupeesToPaise,
  tenThousandthsToPrice,
  toScaled,
  trimDecimals,
} from './units';

/** The reference: a scaled integer written digit by digit with bigint, nothing shared with the code under test. */
const reference = (value: bigint, scale: number) => {
  const abs = value < 0n ? -value : value;
  const unit = 10n ** BigInt(scale);
  const fraction = (abs % unit).toString().padStart(scale, '0');
  return `${value < 0n ? '-' : ''}${abs / unit}${scale ? `.${fraction}` : ''}`;
};

describe('parseDecimal: the one reader of decimal text', () => {
  it('reads digits into integer units without a float', () => {
    expect(parseDecimal('12.34', { scale: 2 })).toEqual({ ok: true, value: 1234 });
    expect(parseDecimal('0.1', { scale: 4 })).toEqual({ ok: true, value: 1000 });
    expect(parseDecimal('1.500', { scale: 2 })).toEqual({ ok: true, value: 150 });
    expect(parseDecimal('-0', { scale: 2 })).toEqual({ ok: true, value: 0 });
    expect(parseDecimal('-1.5', { scale: 2, negative: true })).toEqual({ ok: true, value: -150 });
    expect(parseDecimal(' +.5 ', { scale: 2, lenient: true })).toEqual({ ok: true, value: 50 });
    expect(parseDecimal('5.', { scale: 2, lenient: true })).toEqual({ ok: true, value: 500 });
    expect(parseDecimal('00012', { scale: 2 })).toEqual({ ok: true, value: 1200 });
  });

  it('names the first problem of bad text', () => {
    expect(parseDecimal('', { scale: 2 })).toEqual({ ok: false, problem: 'required' });
    expect(parseDecimal('  ', { scale: 2, lenient: true })).toEqual({ ok: false, problem: 'required' });
    for (const bad of [' 1', '1.', '.5', '+1', '1e3', '1,5', 'abc', '--1', '.'])
      expect(parseDecimal(bad, { scale: 2 })).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseDecimal('-1', { scale: 2 })).toEqual({ ok: false, problem: 'negative' });
    expect(parseDecimal('1.234', { scale: 2 })).toEqual({ ok: false, problem: 'decimals' });
    expect(parseDecimal('1.10000', { scale: 4, exactDecimals: true })).toEqual({ ok: false, problem: 'decimals' });
    expect(parseDecimal('1.01', { scale: 2, max: 100 })).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseDecimal('99999999999999999', { scale: 0 })).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseDecimal('9007199254740991', { scale: 0 })).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(parseDecimal('9007199254740992', { scale: 0 })).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('round-trips formatScaled for every safe integer and scale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.bigInt({ min: -(2n ** 50n), max: 2n ** 50n }), (scale, big) => {
        const text = formatScaled(Number(big), scale);
        expect(text).toBe(reference(big, scale));
        expect(parseDecimal(text, { scale, negative: true })).toEqual({ ok: true, value: Number(big) });
      }),
    );
  });

  it('agrees with a bigint reading of any digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,10}(\.\d{0,6})?$/).filter((s) => !s.endsWith('.')),
        (text) => {
          const [whole = '', fraction = ''] = text.split('.');
          const result = parseDecimal(text, { scale: 2 });
          if (/[1-9]/.test(fraction.slice(2))) expect(result).toEqual({ ok: false, problem: 'decimals' });
          else expect(result).toEqual({ ok: true, value: Number(BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'))) });
        },
      ),
    );
  });

  it('trims trailing zero decimals down to a minimum', () => {
    expect(trimDecimals('5000.0000')).toBe('5000');
    expect(trimDecimals('0.0800')).toBe('0.08');
    expect(trimDecimals('1.2500', 2)).toBe('1.25');
    expect(trimDecimals('1.0000', 2)).toBe('1.00');
    expect(trimDecimals('12')).toBe('12');
    expect(trimDecimals('10.00')).toBe('10');
  });
});

describe('power: MW ↔ centi-MW', () => {
  it('reads MW exactly, also from a number through its shortest text', () => {
    expect(mwToCenti('12.34')).toBe(1234);
    expect(mwToCenti(12.34)).toBe(1234); // 12.34 * 100 is 1233.9999999999998 in floating point
    expect(mwToCenti(0.29)).toBe(29);
    expect(mwToCenti('21474836.47')).toBe(MAX_CENTI_MW);
    for (const bad of ['12.345', 0.1 + 0.2, 1e21, NaN, '', '1.', '21474836.48']) expect(() => mwToCenti(bad)).toThrow(RangeError);
  });

  it('writes centi-MW with 2 decimals on the wire and trimmed in messages', () => {
    expect([1234, 5, 0, -5, 700].map(centiToMw)).toEqual(['12.34', '0.05', '0.00', '-0.05', '7.00']);
    expect([1250, 1200, 5, 0, 1000].map(formatMw)).toEqual(['12.5', '12', '0.05', '0', '10']);
    expect(() => centiToMw(1.5)).toThrow(RangeError);
  });

  it('round-trips every 32-bit integer of centi-MW through both formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTI_MW, max: MAX_CENTI_MW }), (c) => {
        expect(mwToCenti(centiToMw(c))).toBe(c);
        expect(mwToCenti(formatMw(c))).toBe(c);
      }),
    );
  });
});

describe('energy: centi-MW × 15-minute blocks', () => {
  it('is 0.0025 MWh and 2.5 kWh per centi-block', () => {
    expect(centiBlocksToMwhUnits(1)).toBe(25);
    expect([1, 4, 400, 0, 1234 * 96].map(centiBlocksToMwh)).toEqual(['0.0025', '0.01', '1.00', '0.00', '296.16']);
    expect([1, 4, 0, 3].map(centiBlocksToKwh)).toEqual(['2.5', '10.0', '0.0', '7.5']);
    expect([12500, 25, 10_000, 12_345].map(formatMwhUnits)).toEqual(['1.25', '0.0025', '1.00', '1.2345']);
    expect(['1.25', '0.0025', '1.00', '480'].map(mwhToUnits)).toEqual([12500, 25, 10_000, 4_800_000]);
    expect(() => mwhToUnits('0.00025')).toThrow(RangeError);
  });

  it('equals MW × hours, computed in bigint, for any quantity and block count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTI_MW }), fc.integer({ min: 0, max: 96 * 366 }), (centi, blocks) => {
        // MWh = centi/100 MW × blocks/4 h = centi × blocks / 400 MWh, i.e. centi × blocks × 25 ten-thousandths
        const units = BigInt(centi) * BigInt(blocks) * 25n;
        expect(centiBlocksToMwh(centi * blocks)).toBe(trimDecimals(reference(units, 4), 2));
        expect(centiBlocksToKwh(centi * blocks)).toBe(reference(units, 1));
        expect(mwhToUnits(centiBlocksToMwh(centi * blocks))).toBe(Number(units));
      }),
    );
  });
});

describe('price: Rs/kWh ↔ ten-thousandths', () => {
  it('reads up to 4 decimals and writes 2 to 4', () => {
    expect(priceToTenThousandths('0.25')).toBe(2500);
    expect(priceToTenThousandths('0.1875')).toBe(1875);
    expect(priceToTenThousandths('3')).toBe(30000);
    expect(priceToTenThousandths('0.1')).toBe(priceToTenThousandths('0.1000'));
    for (const bad of ['0.12345', '0.10000', '-1', '', ' 1', '1.', 'x']) expect(() => priceToTenThousandths(bad)).toThrow(RangeError);
    expect([2500, 2510, 1875, 30000, 0].map(tenThousandthsToPrice)).toEqual(['0.25', '0.251', '0.1875', '3.00', '0.00']);
    expect(() => tenThousandthsToPrice(-1)).toThrow(RangeError);
  });

  it('reads a form value into a price, or null', () => {
    expect([0.1, '0.1000', ' 0.1875 ', '3', 2.5].map(priceValueToTenThousandths)).toEqual([1000, 1000, 1875, 30000, 25000]);
    for (const bad of ['', null, undefined, '0.12345', '-1', 'abc', 1e-7, 0.1 + 0.2]) expect(priceValueToTenThousandths(bad)).toBeNull();
    expect([' 12.5 ', 12.34, '7'].map(mwTextToCenti)).toEqual([1250, 1234, 700]);
    for (const bad of ['1e3', '-1', '1.234', '1.500', '1234567', '', null]) expect(mwTextToCenti(bad)).toBeNull();
  });

  it('round-trips every price and rounds up to whole paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (tt) => {
        expect(priceToTenThousandths(tenThousandthsToPrice(tt))).toBe(tt);
        const up = ceilToPaise(tt);
        expect(up % 100).toBe(0);
        expect(up - tt).toBeGreaterThanOrEqual(0);
        expect(up - tt).toBeLessThan(100);
      }),
    );
  });
});

describe('money: paise', () => {
  it('reads rupees with at most 2 decimals into paise and writes them back', () => {
    expect(rupeesToPaise('5900')).toBe(590_000);
    expect(rupeesToPaise('5900.5')).toBe(590_050);
    expect(rupeesToPaise('-12.50')).toBe(-1250);
    expect(() => rupeesToPaise('1.005')).toThrow(RangeError);
    expect([590_000, 5, 0, -1250].map(paiseToRupees)).toEqual(['5900.00', '0.05', '0.00', '-12.50']);
    fc.assert(
      fc.property(fc.maxSafeInteger(), (p) => {
        expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
      }),
    );
  });

  // Moved from money.test.ts (issue 11 item 25: one style per unit).
  it('writes rupees as ₹1,000.00 with Indian digit grouping and no space', () => {
    expect(formatRupees(1000)).toBe('₹1,000.00');
    expect(formatRupees('1234567.5')).toBe('₹12,34,567.50');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(-12.5)).toBe('−₹12.50');
    expect(formatRupees('0.005')).toBe('₹0.01');
    expect(formatRupees('-0.001')).toBe('₹0.00');
  });

  it('writes paise as rupees', () => {
    expect(formatPaise(590000)).toBe('₹5,900.00');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(-123_456_789)).toBe('−₹12,34,567.89');
  });

  it('writes paise exactly like the float-free reference for any amount', () => {
    const indian = (digits: string) =>
      digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
    fc.assert(
      fc.property(fc.maxSafeInteger(), (p) => {
        const abs = BigInt(Math.abs(p));
        expect(formatPaise(p)).toBe(`${p < 0 ? '−₹' : '₹'}${indian((abs / 100n).toString())}.${(abs % 100n).toString().padStart(2, '0')}`);
      }),
    );
  });

  it('writes rates with the rupee sign and the unit, never Rs', () => {
    expect(formatRupeeRate('0.08', 'kWh')).toBe('₹0.08/kWh');
    expect(formatRupeeRate(1250, 'MW/day')).toBe('₹1,250.00/MW/day');
    expect(formatRupeeRate('3.1234', 'kWh')).toBe('₹3.1234/kWh');
    expect(formatRupeeRate('3.12345', 'kWh')).toBe('₹3.1235/kWh');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => formatRupees('abc')).toThrow(RangeError);
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
});

// Moved from apps/api/src/modules/configuration/money.test.ts.
describe('money arithmetic', () => {
  it('multiplies exactly and rounds half up to paise', () => {
    expect(amountPaise('5000', '1')).toBe(500_000);
    expect(amountPaise('0.08', '123456.25')).toBe(987_650); // Rs 9,876.50
    expect(amountPaise('0.0001', '5')).toBe(0); // 0.0005 rupees = 0.05 paise
    expect(amountPaise('0.0001', '50')).toBe(1); // 0.5 paise rounds up
    expect(gstPaise(500_000, '18')).toBe(90_000);
    expect(gstPaise(333, '18')).toBe(60); // 59.94
    expect(trimDecimals('5000.0000')).toBe('5000');
    expect(trimDecimals('0.0800')).toBe('0.08');
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

  it('prices energy of centi-blocks at a price exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 10_000 * 96 }), (tt, centiBlocks) => {
        // price tt/10^4 Rs/kWh × centiBlocks × 2.5 kWh = tt × centiBlocks / 4000 rupees = tt × centiBlocks / 40 paise
        const expected = Number((BigInt(tt) * BigInt(centiBlocks) * 2n + 40n) / 80n);
        expect(amountPaise(tenThousandthsToPrice(tt), centiBlocksToKwh(centiBlocks))).toBe(expected);
      }),
    );
  });

  it('refuses malformed decimals', () => {
    expect(() => toScaled('-1')).toThrow();
    expect(() => toScaled('1.23456')).toThrow();
  });
});
