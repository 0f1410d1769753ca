import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { centiBlocksToMwh, mwToCenti } from '../common/units';
import { APPLICATION_TYPES } from '../applications/applications.workflow';
import {
  type AffectedSchedule,
  curtailmentCuts,
  curtailmentRefund,
  type CurtailmentOrder,
  cutTargets,
  keepOrder,
} from './curtailment.cuts';

const sched = (type: AffectedSchedule['type'], submittedAt: number, applicationNo = `A${submittedAt}`): AffectedSchedule => ({
  type,
  submittedAt,
  applicationNo,
});

/** Cuts of one block for schedules holding `held` MW, cutting `cut` MW. */
function oneBlock(held: string[], cut: string, rule: CurtailmentOrder, schedules?: AffectedSchedule[]) {
  const s = schedules ?? held.map((_, i) => sched('DayAhead', i));
  const out = curtailmentCuts({
    held: Int32Array.from(held.map(mwToCenti)),
    cuts: Int32Array.of(mwToCenti(cut)),
    apps: held.length,
    blocks: 1,
    order: keepOrder(s, rule),
    rule,
  });
  return Array.from(out);
}

describe('curtailmentCuts', () => {
  it('cuts pro-rata to what each schedule holds', () => {
    // 60 + 30 + 10 = 100 MW, cut 20 MW → 12, 6, 2.
    expect(oneBlock(['60', '30', '10'], '20', 'ProRata')).toEqual([1200, 600, 200]);
  });

  it('cuts the odd 0.01 MW units from the latest submissions (the earliest keep theirs)', () => {
    // 3 × 10 MW, cut 10 MW: 3.33 each and 0.01 left over → cut from the last submitted.
    expect(oneBlock(['10', '10', '10'], '10', 'ProRata')).toEqual([333, 333, 334]);
    // Same, but the third application submitted first.
    expect(oneBlock(['10', '10', '10'], '10', 'ProRata', [sched('DayAhead', 5), sched('DayAhead', 6), sched('DayAhead', 1)])).toEqual([
      333, 334, 333,
    ]);
  });

  it('never cuts more than is held: a cut above the total takes everything', () => {
    expect(oneBlock(['5', '2.5'], '100', 'ProRata')).toEqual([500, 250]);
    expect(oneBlock(['5', '2.5'], '100', 'ReverseCategory')).toEqual([500, 250]);
  });

  it('reverse category order: contingency first, then day-ahead, FCFS, advance; the latest first within one', () => {
    const s = [sched('Advance', 1), sched('FCFS', 2), sched('DayAhead', 3), sched('ContingencySameDay', 4), sched('DayAhead', 5)];
    // Everyone holds 10 MW; cut 25 MW → contingency 10, the later day-ahead 10, the earlier day-ahead 5.
    expect(oneBlock(['10', '10', '10', '10', '10'], '25', 'ReverseCategory', s)).toEqual([0, 0, 500, 1000, 1000]);
  });

  it('reverse timestamp: the latest submission first whatever the category', () => {
    const s = [sched('ContingencySameDay', 1), sched('Advance', 2), sched('FCFS', 3)];
    expect(oneBlock(['10', '10', '10'], '15', 'ReverseTimestamp', s)).toEqual([0, 500, 1000]);
  });

  it('cuts nothing outside the blocks asked for (targets)', () => {
    const held = Int32Array.from([1000, 1000, 1000, 500, 500, 500]); // 2 apps × 3 blocks
    expect(Array.from(cutTargets(held, 2, 3, 'Reduction', 300, 2, 3))).toEqual([0, 300, 300]);
    // New capacity 12 MW: the total 15 MW is 3 MW above it.
    expect(Array.from(cutTargets(held, 2, 3, 'NewCapacity', 1200, 1, 2))).toEqual([300, 300, 0]);
    expect(Array.from(cutTargets(held, 2, 3, 'NewCapacity', 2000, 1, 3))).toEqual([0, 0, 0]);
  });

  const arb = fc.record({ apps: fc.integer({ min: 1, max: 8 }), blocks: fc.integer({ min: 1, max: 6 }) }).chain(({ apps, blocks }) =>
    fc.record({
      apps: fc.constant(apps),
      blocks: fc.constant(blocks),
      held: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 500_000 })), {
        minLength: apps * blocks,
        maxLength: apps * blocks,
      }),
      cuts: fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: blocks, maxLength: blocks }),
      schedules: fc.array(
        fc.record({
          type: fc.constantFrom(...APPLICATION_TYPES),
          submittedAt: fc.integer({ min: 0, max: 20 }),
          applicationNo: fc.string({ maxLength: 3 }),
        }),
        { minLength: apps, maxLength: apps },
      ),
      rule: fc.constantFrom<CurtailmentOrder>('ProRata', 'ReverseCategory', 'ReverseTimestamp'),
    }),
  );

  it('property: 0 ≤ cut ≤ held, and the total cut per block is min(requested cut, total held)', () => {
    fc.assert(
      fc.property(arb, ({ apps, blocks, held, cuts, schedules, rule }) => {
        const h = Int32Array.from(held);
        const out = curtailmentCuts({ held: h, cuts: Int32Array.from(cuts), apps, blocks, order: keepOrder(schedules, rule), rule });
        for (let b = 0; b < blocks; b++) {
          let total = 0;
          let cut = 0;
          for (let a = 0; a < apps; a++) {
            const c = out[a * blocks + b]!;
            expect(c).toBeGreaterThanOrEqual(0);
            expect(c).toBeLessThanOrEqual(h[a * blocks + b]!);
            total += h[a * blocks + b]!;
            cut += c;
          }
          expect(cut).toBe(Math.min(cuts[b]!, total));
        }
      }),
    );
  });

  it('property: pro-rata is fair — each cut is within 0.01 MW of held × cut / total, and more held never means less cut by more than 0.01 MW', () => {
    fc.assert(
      fc.property(arb, ({ apps, blocks, held, cuts, schedules }) => {
        const h = Int32Array.from(held);
        const out = curtailmentCuts({
          held: h,
          cuts: Int32Array.from(cuts),
          apps,
          blocks,
          order: keepOrder(schedules, 'ProRata'),
          rule: 'ProRata',
        });
        for (let b = 0; b < blocks; b++) {
          let total = 0;
          for (let a = 0; a < apps; a++) total += h[a * blocks + b]!;
          if (total === 0) continue;
          const c = Math.min(cuts[b]!, total);
          for (let a = 0; a < apps; a++) {
            const exact = (h[a * blocks + b]! * c) / total;
            expect(Math.abs(out[a * blocks + b]! - exact)).toBeLessThan(1 + 1e-9);
            for (let o = 0; o < apps; o++) {
              if (h[a * blocks + b]! > h[o * blocks + b]!) expect(out[a * blocks + b]!).toBeGreaterThanOrEqual(out[o * blocks + b]! - 1);
            }
          }
        }
      }),
    );
  });

  it('property: in reverse order nobody is cut while someone later in the cut order still holds something', () => {
    fc.assert(
      fc.property(arb, ({ apps, blocks, held, cuts, schedules, rule }) => {
        if (rule === 'ProRata') return;
        const h = Int32Array.from(held);
        const order = keepOrder(schedules, rule);
        const out = curtailmentCuts({ held: h, cuts: Int32Array.from(cuts), apps, blocks, order, rule });
        for (let b = 0; b < blocks; b++) {
          // Walking the keep order, once someone is cut everyone after it is cut to 0.
          let cutSeen = false;
          for (let k = 0; k < apps; k++) {
            const i = order[k]! * blocks + b;
            if (cutSeen) expect(out[i]).toBe(h[i]);
            if (out[i]! > 0) cutSeen = true;
          }
        }
      }),
    );
  });
});

describe('keepOrder', () => {
  it('orders by submission, then application number', () => {
    expect(Array.from(keepOrder([sched('DayAhead', 3), sched('DayAhead', 1, 'B'), sched('DayAhead', 1, 'A')], 'ProRata'))).toEqual([
      2, 1, 0,
    ]);
  });
  it('reverse category keeps advance longest', () => {
    expect(
      Array.from(
        keepOrder([sched('ContingencyDayAhead', 1), sched('DayAhead', 2), sched('Advance', 3), sched('FCFS', 4)], 'ReverseCategory'),
      ),
    ).toEqual([2, 3, 1, 0]);
  });
});

describe('energy and refund', () => {
  it('MWh of centi-MW blocks', () => {
    expect(centiBlocksToMwh(0)).toBe('0.00');
    expect(centiBlocksToMwh(400)).toBe('1.00');
    expect(centiBlocksToMwh(1)).toBe('0.0025');
    expect(centiBlocksToMwh(8 * 1000)).toBe('20.00'); // 10 MW for 2 hours
  });

  it('refund on the energy basis: Rs/kWh × kWh, with GST', () => {
    // 10 MW for 2 hours = 20 MWh = 20,000 kWh × Rs 0.08 = Rs 1,600.
    expect(curtailmentRefund(8000, '0.08', 'INR_PER_KWH', '0')).toEqual({ basePaise: 160_000, gstPaise: 0, totalPaise: 160_000 });
    expect(curtailmentRefund(8000, '0.08', 'INR_PER_KWH', '18')).toEqual({ basePaise: 160_000, gstPaise: 28_800, totalPaise: 188_800 });
    // 0.01 MW for a block = 2.5 kWh × Rs 0.0001 = 0.025 paise → 0.
    expect(curtailmentRefund(1, '0.0001', 'INR_PER_KWH', '0').totalPaise).toBe(0);
  });

  it('refund on the capacity basis: Rs/MW/day pro-rata to the blocks', () => {
    // 10 MW for a whole day at Rs 1,000/MW/day = Rs 10,000.
    expect(curtailmentRefund(1000 * 96, '1000', 'INR_PER_MW_DAY', '0').totalPaise).toBe(1_000_000);
    // 10 MW for 8 blocks (2 h) = 10/12 MW-day → Rs 833.33.
    expect(curtailmentRefund(8000, '1000', 'INR_PER_MW_DAY', '0').totalPaise).toBe(83_333);
  });

  it('property: refund is monotone in the curtailed quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 1000 }), (q, extra) => {
        expect(curtailmentRefund(q + extra, '0.0812', 'INR_PER_KWH', '5').totalPaise).toBeGreaterThanOrEqual(
          curtailmentRefund(q, '0.0812', 'INR_PER_KWH', '5').totalPaise,
        );
      }),
    );
  });
});
