import { describe, expect, it } from 'vitest';

import { BLOCKS_PER_DAY } from '../applications/time-blocks';
import { congestionWindow } from '../e-bidding/e-bidding.window';
import { revisionRefund } from './revision-refund';
import { releasedCuts, revisionEffect } from './revision-rules';

/** 96 centi-MW values: `centi` in blocks [from, to], 0 elsewhere. */
const day = (centi: number, from = 41, to = 48) =>
  Array.from({ length: BLOCKS_PER_DAY }, (_, i) => (i + 1 >= from && i + 1 <= to ? centi : 0));
const DAYS = ['2026-12-01', '2026-12-02', '2026-12-03'];
const schedule = (centi: number) => new Map(DAYS.map((d) => [d, day(centi)]));
const KWH = { rate: '0.08', unit: 'INR_PER_KWH' as const, gstRatePercent: '0' };
const effective = { date: DAYS[0]!, block: 41 };

describe('revisionRefund (decision 0061)', () => {
  it('prices only the released cut: the first 2 days from the effective block stay payable', () => {
    // 10 → 4 MW, 10:00–12:00 on three days, from day 1 10:00: days 1 and 2 retained, day 3 released.
    const r = revisionRefund({ before: schedule(1000), after: schedule(400), effective, windows: [], ...KWH });
    // 6 MW × 8 blocks = 4,800 centi-MW-blocks = 12 MWh = 12,000 kWh × Rs 0.08 = Rs 960.
    expect(r).toEqual({ chargedCentiBlocks: 4800, basePaise: 96_000, gstPaise: 0, totalPaise: 96_000 });
    expect(revisionEffect(schedule(1000), schedule(400), effective).releasedCentiBlocks).toBe(4800);
    expect([...releasedCuts(schedule(1000), schedule(400), effective).keys()]).toEqual([DAYS[2]]);
  });

  it('leaves out blocks inside an allocated e-bidding congestion window on their days', () => {
    const windows = [congestionWindow(DAYS[2]!, DAYS[2]!, '10:00', '11:00')];
    const r = revisionRefund({ before: schedule(1000), after: schedule(400), effective, windows, ...KWH });
    expect(r.chargedCentiBlocks).toBe(2400);
    expect(r.totalPaise).toBe(48_000);
    // A window on another day changes nothing.
    const other = [congestionWindow(DAYS[0]!, DAYS[1]!, '10:00', '12:00')];
    expect(revisionRefund({ before: schedule(1000), after: schedule(400), effective, windows: other, ...KWH }).totalPaise).toBe(96_000);
  });

  it('uses the raised charge’s unit and GST (Rs/MW/day, 18 %)', () => {
    const r = revisionRefund({
      before: schedule(1000),
      after: schedule(400),
      effective,
      windows: [],
      rate: '1000',
      unit: 'INR_PER_MW_DAY',
      gstRatePercent: '18',
    });
    // 4,800 centi-MW-blocks = 0.5 MW-day × Rs 1,000 = Rs 500, GST Rs 90.
    expect(r).toEqual({ chargedCentiBlocks: 4800, basePaise: 50_000, gstPaise: 9_000, totalPaise: 59_000 });
  });

  it('refunds nothing for a cut wholly within the retained 2 days, or for no cut at all', () => {
    const late = { date: DAYS[1]!, block: 41 };
    const before = schedule(1000);
    const after = new Map([...before].map(([d, v]) => [d, d === DAYS[2] ? v : day(400)]));
    expect(revisionRefund({ before, after, effective: late, windows: [], ...KWH }).totalPaise).toBe(0);
    expect(revisionRefund({ before, after: before, effective, windows: [], ...KWH }).totalPaise).toBe(0);
    // A higher value is no cut (an upward change is a new application, never a refund).
    expect(revisionRefund({ before: schedule(400), after: schedule(1000), effective, windows: [], ...KWH }).totalPaise).toBe(0);
  });
});
