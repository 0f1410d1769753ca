import { describe, expect, it } from 'vitest';

import { blockRanges, differenceRanges } from './format';

const day = (values: Record<number, string>, rest = '0.00') => Array.from({ length: 96 }, (_, i) => values[i + 1] ?? rest);

describe('blockRanges', () => {
  it('groups equal non-zero blocks into time ranges', () => {
    const granted = day({ 41: '10.00', 42: '10.00', 43: '6.00', 96: '1.00' });
    expect(blockRanges([{ date: '2026-07-12', granted }])).toEqual([
      { date: '2026-07-12', fromBlock: 41, toBlock: 42, from: '10:00', to: '10:30', mw: '10.00' },
      { date: '2026-07-12', fromBlock: 43, toBlock: 43, from: '10:30', to: '10:45', mw: '6.00' },
      { date: '2026-07-12', fromBlock: 96, toBlock: 96, from: '23:45', to: '24:00', mw: '1.00' },
    ]);
  });
});

describe('differenceRanges', () => {
  it('lists the changed blocks as ranges with the difference', () => {
    const before = [{ date: '2026-07-13', granted: day({ 41: '10.00', 42: '10.00', 43: '10.00' }) }];
    const after = [{ date: '2026-07-13', granted: day({ 41: '6.00', 42: '6.00', 43: '10.00' }) }];
    expect(differenceRanges(before, after)).toEqual([
      { date: '2026-07-13', from: '10:00', to: '10:30', before: '10.00', after: '6.00', difference: '-4.00' },
    ]);
    expect(differenceRanges(before, before)).toEqual([]);
  });

  it('treats a day missing on one side as zero', () => {
    expect(differenceRanges([], [{ date: '2026-07-13', granted: day({ 1: '0.50' }) }])).toEqual([
      { date: '2026-07-13', from: '00:00', to: '00:15', before: '0.00', after: '0.50', difference: '0.50' },
    ]);
  });
});

describe('defaultRow (New revision)', () => {
  it('starts at the first granted range from the effective block', async () => {
    const { defaultRow } = await import('./components/new-revision');
    const { buildCurrentSchedule, mwDay } = await import('./test-fixtures');
    expect(defaultRow(buildCurrentSchedule())).toEqual({
      oaFromDate: '2026-07-12',
      oaToDate: '2026-07-12',
      fromTimeBlock: '10:00',
      toTimeBlock: '14:00',
      revisedRequirement: '',
    });
    // Same day, already inside the range: from the effective time.
    const today = buildCurrentSchedule({
      fromDate: '2026-07-10',
      toDate: '2026-07-10',
      days: [{ date: '2026-07-10', granted: mwDay(Object.fromEntries(Array.from({ length: 16 }, (_, i) => [41 + i, '10.00']))) }],
    });
    expect(defaultRow(today)).toMatchObject({ oaFromDate: '2026-07-10', fromTimeBlock: '10:45', toTimeBlock: '14:00' });
  });
});
