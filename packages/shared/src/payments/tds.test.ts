import { describe, expect, it } from 'vitest';

import { basisPointsToPercent, maxTdsPaise, percentToBasisPoints, TDS_SECTION_RATE_BP, tdsInterestInputSchema } from './tds.schemas';

describe('TDS rates in basis points', () => {
  it('reads a percentage by text, never through a float', () => {
    expect(percentToBasisPoints('1.5')).toBe(150);
    expect(percentToBasisPoints('0.07')).toBe(7);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints(' 2.10 ')).toBe(210);
    for (const bad of ['', '1.234', '-1', 'abc', '1e2', '1000', '.5']) expect(percentToBasisPoints(bad), bad).toBeNull();
  });

  it('writes basis points as a percentage with two decimals', () => {
    expect(basisPointsToPercent(150)).toBe('1.50');
    expect(basisPointsToPercent(7)).toBe('0.07');
    expect(basisPointsToPercent(1000)).toBe('10.00');
  });

  it('gives each section its rate (DOMAIN.md §6)', () => {
    expect(TDS_SECTION_RATE_BP).toEqual({ '194C_INDIVIDUAL': 100, '194C_OTHER': 200, '194J_A': 200, '194J_B': 1000 });
  });

  it('accepts an interest percentage from 0.01 to 100', () => {
    expect(tdsInterestInputSchema.safeParse({ ratePercent: '0.01', effectiveFrom: '2030-01-01' }).success).toBe(true);
    expect(tdsInterestInputSchema.safeParse({ ratePercent: 1.5, effectiveFrom: '2030-01-01' }).success).toBe(true);
    expect(tdsInterestInputSchema.safeParse({ ratePercent: '0', effectiveFrom: '2030-01-01' }).success).toBe(false);
    expect(tdsInterestInputSchema.safeParse({ ratePercent: '100.01', effectiveFrom: '2030-01-01' }).success).toBe(false);
  });
});

describe('maxTdsPaise (decision 0040)', () => {
  it("is the section's rate on the amount before GST, rounded half up to the paisa", () => {
    expect(maxTdsPaise(500_000, TDS_SECTION_RATE_BP['194J_A'])).toBe(10_000); // 2 % of ₹5,000.00
    expect(maxTdsPaise(12_345, TDS_SECTION_RATE_BP['194J_B'])).toBe(1_235); // 1,234.5 → 1,235
    expect(maxTdsPaise(12_344, TDS_SECTION_RATE_BP['194J_B'])).toBe(1_234); // 1,234.4 → 1,234
    expect(maxTdsPaise(150, TDS_SECTION_RATE_BP['194C_INDIVIDUAL'])).toBe(2); // 1.5 → 2
  });
  it('subtracts the TDS already claimed and never goes below 0', () => {
    expect(maxTdsPaise(500_000, 200, 4_000)).toBe(6_000);
    expect(maxTdsPaise(500_000, 200, 12_000)).toBe(0);
    expect(maxTdsPaise(0, 200)).toBe(0);
    expect(maxTdsPaise(500_000, 0)).toBe(0);
  });
  it('is exact for amounts beyond 2^53 / 10,000', () => {
    expect(maxTdsPaise(900_719_925_474_099, 1_000)).toBe(90_071_992_547_410);
  });
});
