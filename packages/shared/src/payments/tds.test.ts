import { describe, expect, it } from 'vitest';

import { basisPointsToPercent, percentToBasisPoints, TDS_SECTION_RATE_BP, tdsInterestInputSchema } from './tds.schemas';

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
