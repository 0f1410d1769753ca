import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { centiToMw, mwToCenti } from '../common/units';
import { allocateInOrder, allocateProRata, type AllocationInput, outcomeOf } from './allocation';

/** Builds an input from rows of MW strings (one row per application) and MW margins per block. */
function input(rows: string[][], margins: string[], order?: number[]): AllocationInput {
  const apps = rows.length;
  const blocks = margins.length;
  return {
    requests: Int32Array.from(rows.flat().map(mwToCenti)),
    margins: Int32Array.from(margins.map(mwToCenti)),
    apps,
    blocks,
    order: Int32Array.from(order ?? rows.map((_, a) => a)),
  };
}

/** Grants as rows of MW strings. */
function rowsOf(granted: Int32Array, blocks: number): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < granted.length; i += blocks) rows.push(Array.from(granted.subarray(i, i + blocks), centiToMw));
  return rows;
}

/** The rule written the obvious way, per block with BigInt: the oracle for the fast code. */
function proRataOracle({ requests, margins, apps, blocks, order }: AllocationInput): Int32Array {
  const out = new Int32Array(apps * blocks);
  for (let b = 0; b < blocks; b++) {
    const m = BigInt(Math.max(0, margins[b]!));
    const req = Array.from({ length: apps }, (_, a) => BigInt(requests[a * blocks + b]!));
    const total = req.reduce((s, r) => s + r, 0n);
    const share = total <= m ? req : req.map((r) => (r * m) / total);
    let left = (total <= m ? total : m) - share.reduce((s, g) => s + g, 0n);
    for (const a of order) {
      if (left > 0n && share[a]! < req[a]!) {
        share[a] = share[a]! + 1n;
        left -= 1n;
      }
    }
    share.forEach((g, a) => (out[a * blocks + b] = Number(g)));
  }
  return out;
}

/** Random inputs: small sizes, values that often congest, sometimes huge (BigInt path). */
const inputArb = (maxValue: number) =>
  fc
    .record({ apps: fc.integer({ min: 1, max: 8 }), blocks: fc.integer({ min: 1, max: 6 }) })
    .chain(({ apps, blocks }) =>
      fc.record({
        apps: fc.constant(apps),
        blocks: fc.constant(blocks),
        requests: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: maxValue })), {
          minLength: apps * blocks,
          maxLength: apps * blocks,
        }),
        margins: fc.array(fc.integer({ min: -Math.ceil(maxValue / 10), max: Math.ceil((maxValue * apps) / 2) }), {
          minLength: blocks,
          maxLength: blocks,
        }),
        order: fc.shuffledSubarray(
          Array.from({ length: apps }, (_, a) => a),
          { minLength: apps, maxLength: apps },
        ),
      }),
    )
    .map((x): AllocationInput => ({
      apps: x.apps,
      blocks: x.blocks,
      requests: Int32Array.from(x.requests),
      margins: Int32Array.from(x.margins),
      order: Int32Array.from(x.order),
    }));
const anyInput = fc.oneof(inputArb(300), inputArb(0x7fffffff));

const at = (arr: Int32Array, a: number, b: number, blocks: number) => arr[a * blocks + b]!;
const rankOf = (order: Int32Array) => {
  const rank = new Int32Array(order.length);
  order.forEach((a, k) => (rank[a] = k));
  return rank;
};
const blockTotals = ({ requests, apps, blocks }: AllocationInput, b: number) => {
  let s = 0;
  for (let a = 0; a < apps; a++) s += at(requests, a, b, blocks);
  return s;
};
const grantedTotal = (granted: Int32Array, apps: number, blocks: number, b: number) => {
  let s = 0;
  for (let a = 0; a < apps; a++) s += at(granted, a, b, blocks);
  return s;
};

describe('MW units', () => {
  it('reads MW exactly as integer centi-MW', () => {
    expect(mwToCenti('12.34')).toBe(1234);
    expect(mwToCenti('12.3')).toBe(1230);
    expect(mwToCenti('7')).toBe(700);
    expect(mwToCenti('0.01')).toBe(1);
    expect(mwToCenti('1.500')).toBe(150);
    expect(mwToCenti('-0.5')).toBe(-50);
    expect(mwToCenti('-0')).toBe(0);
    expect(mwToCenti(12.34)).toBe(1234); // 12.34 * 100 is 1233.9999999999998 in floating point
    expect(mwToCenti(0.29)).toBe(29);
    expect(mwToCenti(1005)).toBe(100500);
    expect(mwToCenti('21474836.47')).toBe(0x7fffffff);
  });

  it('rejects more than 2 decimals and anything that is not a plain decimal', () => {
    for (const bad of ['12.345', '0.001', 0.1 + 0.2, 1e-7, 1e21, NaN, Infinity, '', ' 1', '1.', '.5', '1e3', '+1', '1,5', '21474836.48']) {
      expect(() => mwToCenti(bad)).toThrow(RangeError);
    }
  });

  it('prints centi-MW with 2 decimals', () => {
    expect(centiToMw(1234)).toBe('12.34');
    expect(centiToMw(5)).toBe('0.05');
    expect(centiToMw(0)).toBe('0.00');
    expect(centiToMw(-5)).toBe('-0.05');
    expect(centiToMw(700)).toBe('7.00');
    expect(() => centiToMw(1.5)).toThrow(RangeError);
  });

  it('round-trips every integer of centi-MW', () => {
    fc.assert(
      fc.property(fc.integer({ min: -0x7fffffff, max: 0x7fffffff }), (c) => {
        expect(mwToCenti(centiToMw(c))).toBe(c);
      }),
    );
  });
});

describe('allocateProRata (Day-Ahead, at par)', () => {
  it('grants everything where the requests fit the margin', () => {
    const x = input(
      [
        ['10', '5'],
        ['20', '0'],
      ],
      ['30', '5'],
    );
    expect(rowsOf(allocateProRata(x), 2)).toEqual([
      ['10.00', '5.00'],
      ['20.00', '0.00'],
    ]);
  });

  it('scales two applications that exceed the margin by margin/requested', () => {
    // 60 + 40 requested against 50: ratio 0.5.
    expect(rowsOf(allocateProRata(input([['60'], ['40']], ['50'])), 1)).toEqual([['30.00'], ['20.00']]);
  });

  it('rounds down to 0.01 MW and gives the leftovers by earliest submission', () => {
    // 3 × 10 MW against 10 MW: 3.33 each, 0.01 left over, to the earliest (application 2).
    const x = input([['10'], ['10'], ['10']], ['10'], [2, 0, 1]);
    expect(rowsOf(allocateProRata(x), 1)).toEqual([['3.33'], ['3.33'], ['3.34']]);
    // 40 + 20 against 10: 6.666… → 6.66 and 3.333… → 3.33; 0.01 left over to the first.
    expect(rowsOf(allocateProRata(input([['40'], ['20']], ['10'])), 1)).toEqual([['6.67'], ['3.33']]);
    expect(rowsOf(allocateProRata(input([['40'], ['20']], ['10'], [1, 0])), 1)).toEqual([['6.66'], ['3.34']]);
  });

  it('never gives a leftover unit to an application that requested nothing', () => {
    const x = input([['0'], ['0.02'], ['0.01']], ['0.01']);
    // shares 0.02 × 1/3 → 0 and 0.01 × 1/3 → 0; the leftover 0.01 goes to the earliest requester.
    expect(rowsOf(allocateProRata(x), 1)).toEqual([['0.00'], ['0.01'], ['0.00']]);
  });

  it('grants nothing in a block with zero or negative margin', () => {
    expect(rowsOf(allocateProRata(input([['5', '5', '5']], ['0', '-3', '1'])), 3)).toEqual([['0.00', '0.00', '1.00']]);
  });

  it('treats (day, time block) pairs laid out as blocks exactly like separate runs', () => {
    const days = 3;
    const apps = 4;
    const requests = new Int32Array(apps * days * 96);
    const margins = new Int32Array(days * 96);
    requests.forEach((_, i) => (requests[i] = (i * 7919) % 1000));
    margins.forEach((_, b) => (margins[b] = (b * 104729) % 3000));
    const order = Int32Array.from([3, 1, 0, 2]);
    const all = allocateProRata({ requests, margins, apps, blocks: days * 96, order });
    for (let d = 0; d < days; d++) {
      const dayRequests = new Int32Array(apps * 96);
      for (let a = 0; a < apps; a++) dayRequests.set(requests.subarray(a * days * 96 + d * 96, a * days * 96 + (d + 1) * 96), a * 96);
      const day = allocateProRata({ requests: dayRequests, margins: margins.subarray(d * 96, (d + 1) * 96), apps, blocks: 96, order });
      for (let a = 0; a < apps; a++) {
        expect(all.subarray(a * days * 96 + d * 96, a * days * 96 + (d + 1) * 96)).toEqual(day.subarray(a * 96, (a + 1) * 96));
      }
    }
  });

  it('is exact for values near the 32-bit limit (products above 2^53)', () => {
    const big = 0x7fffffff;
    const x: AllocationInput = {
      requests: Int32Array.from([big, big - 1, 3]),
      margins: Int32Array.from([big - 7]),
      apps: 3,
      blocks: 1,
      order: Int32Array.from([0, 1, 2]),
    };
    const granted = allocateProRata(x);
    expect(granted).toEqual(proRataOracle(x));
    expect(granted.reduce((s, g) => s + g, 0)).toBe(big - 7);
  });

  it('shows the one place where submission order beats size: a leftover 0.01 MW', () => {
    // 1.01 + 1.00 + 0.01 MW against 1.01: shares 0.505 → 0.50, 0.50 → 0.50, 0.005 → 0.00; the
    // leftover 0.01 goes to the earliest, the 1.00 MW application, which then has 0.01 more than
    // the larger 1.01 MW request (DOMAIN.md §3: leftovers by earliest submission).
    const x = input([['1.01'], ['1.00'], ['0.01']], ['1.01'], [1, 0, 2]);
    expect(rowsOf(allocateProRata(x), 1)).toEqual([['0.50'], ['0.51'], ['0.00']]);
  });

  it('rejects malformed input', () => {
    const ok = input([['1'], ['2']], ['1']);
    expect(() => allocateProRata({ ...ok, order: Int32Array.from([0, 0]) })).toThrow(RangeError);
    expect(() => allocateProRata({ ...ok, order: Int32Array.from([0, 2]) })).toThrow(RangeError);
    expect(() => allocateProRata({ ...ok, order: Int32Array.from([0]) })).toThrow(RangeError);
    expect(() => allocateProRata({ ...ok, apps: 3 })).toThrow(RangeError);
    expect(() => allocateProRata({ ...ok, margins: new Int32Array(2) })).toThrow(RangeError);
    expect(() => allocateProRata({ ...ok, requests: Int32Array.from([1, -1]) })).toThrow(RangeError);
    expect(() => allocateInOrder({ ...ok, requests: Int32Array.from([1, -1]) })).toThrow(RangeError);
    expect(
      allocateProRata({ requests: new Int32Array(0), margins: new Int32Array(0), apps: 0, blocks: 0, order: new Int32Array(0) }),
    ).toEqual(new Int32Array(0));
  });

  it('matches the per-block BigInt oracle', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        expect(allocateProRata(x)).toEqual(proRataOracle(x));
      }),
      { numRuns: 500 },
    );
  });

  it('never grants above the margin or a request, and grants min(margin, Σ requests) per block', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const g = allocateProRata(x);
        for (let i = 0; i < g.length; i++) expect(g[i]! >= 0 && g[i]! <= x.requests[i]!).toBe(true);
        for (let b = 0; b < x.blocks; b++) {
          const total = grantedTotal(g, x.apps, x.blocks, b);
          expect(total).toBe(Math.min(Math.max(0, x.margins[b]!), blockTotals(x, b)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('treats equal requests equally up to one 0.01 MW leftover, which goes to the earlier one', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const g = allocateProRata(x);
        const rank = rankOf(x.order);
        for (let b = 0; b < x.blocks; b++) {
          for (let i = 0; i < x.apps; i++) {
            for (let j = 0; j < x.apps; j++) {
              if (at(x.requests, i, b, x.blocks) !== at(x.requests, j, b, x.blocks)) continue;
              const d = at(g, i, b, x.blocks) - at(g, j, b, x.blocks);
              expect(Math.abs(d)).toBeLessThanOrEqual(1);
              if (d === 1) expect(rank[i]).toBeLessThan(rank[j]!);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is monotonic: a larger request gets at least as much, except a smaller earlier one may get its one leftover 0.01 MW', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const g = allocateProRata(x);
        const rank = rankOf(x.order);
        for (let b = 0; b < x.blocks; b++) {
          const m = BigInt(Math.max(0, x.margins[b]!));
          const t = BigInt(blockTotals(x, b));
          for (let i = 0; i < x.apps; i++) {
            for (let j = 0; j < x.apps; j++) {
              const ri = at(x.requests, i, b, x.blocks);
              const rj = at(x.requests, j, b, x.blocks);
              if (ri <= rj) continue;
              const gi = at(g, i, b, x.blocks);
              const gj = at(g, j, b, x.blocks);
              if (gi >= gj) continue;
              // Only possible as: same rounded-down share, j earlier and given the leftover unit.
              expect(gj - gi).toBe(1);
              expect(rank[j]).toBeLessThan(rank[i]!);
              expect((BigInt(ri) * m) / t).toBe((BigInt(rj) * m) / t);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('scales every request in a congested block by margin/requested within 0.01 MW', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const g = allocateProRata(x);
        for (let b = 0; b < x.blocks; b++) {
          const m = BigInt(Math.max(0, x.margins[b]!));
          const t = BigInt(blockTotals(x, b));
          if (t <= m) continue;
          for (let a = 0; a < x.apps; a++) {
            const roundedDown = (BigInt(at(x.requests, a, b, x.blocks)) * m) / t;
            expect([0n, 1n]).toContain(BigInt(at(g, a, b, x.blocks)) - roundedDown);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('allocateInOrder (FCFS, Contingency)', () => {
  it('serves applications in submission order up to the remaining margin, partial allowed', () => {
    const x = input(
      [
        ['30', '10'],
        ['50', '10'],
        ['40', '10'],
      ],
      ['100', '25'],
      [1, 2, 0],
    );
    // Block 1: app 1 gets 50, app 2 gets 40, app 0 gets the 10 left. Block 2: 10, 10, then 5.
    expect(rowsOf(allocateInOrder(x), 2)).toEqual([
      ['10.00', '5.00'],
      ['50.00', '10.00'],
      ['40.00', '10.00'],
    ]);
  });

  it('grants nothing in a block with zero or negative margin', () => {
    expect(rowsOf(allocateInOrder(input([['5', '5']], ['-1', '0'])), 2)).toEqual([['0.00', '0.00']]);
  });

  it('never grants above the margin or a request, and grants min(margin, Σ requests) per block', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const g = allocateInOrder(x);
        for (let i = 0; i < g.length; i++) expect(g[i]! >= 0 && g[i]! <= x.requests[i]!).toBe(true);
        for (let b = 0; b < x.blocks; b++) {
          expect(grantedTotal(g, x.apps, x.blocks, b)).toBe(Math.min(Math.max(0, x.margins[b]!), blockTotals(x, b)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('respects the order: a later application gets something only if every earlier one was fully served', () => {
    fc.assert(
      fc.property(anyInput, (x) => {
        const g = allocateInOrder(x);
        for (let b = 0; b < x.blocks; b++) {
          for (let k = 0; k < x.apps; k++) {
            const later = x.order[k]!;
            if (at(g, later, b, x.blocks) === 0) continue;
            for (let e = 0; e < k; e++) {
              const earlier = x.order[e]!;
              expect(at(g, earlier, b, x.blocks)).toBe(at(x.requests, earlier, b, x.blocks));
            }
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('outcomeOf', () => {
  const o = (req: number[], got: number[]) => outcomeOf(Int32Array.from(req), Int32Array.from(got));

  it('is Approved when every request is granted, PartiallyApproved for some, NoSTOARejected for none', () => {
    expect(o([100, 0, 50], [100, 0, 50])).toBe('Approved');
    expect(o([100, 0, 50], [100, 0, 49])).toBe('PartiallyApproved');
    expect(o([100, 50], [0, 1])).toBe('PartiallyApproved');
    expect(o([100, 50], [0, 0])).toBe('NoSTOARejected');
    expect(o([0, 0], [0, 0])).toBe('Approved');
  });

  it('reads one application row out of an allocation', () => {
    const x = input(
      [
        ['10', '10'],
        ['10', '10'],
      ],
      ['10', '30'],
    );
    const g = allocateProRata(x);
    expect(outcomeOf(x.requests.subarray(0, 2), g.subarray(0, 2))).toBe('PartiallyApproved');
    expect(outcomeOf(Int32Array.from([0, 500]), Int32Array.from([0, 0]))).toBe('NoSTOARejected');
  });

  it('rejects grants outside 0…request and mismatched lengths', () => {
    expect(() => o([10], [11])).toThrow(RangeError);
    expect(() => o([10], [-1])).toThrow(RangeError);
    expect(() => o([10, 1], [10])).toThrow(RangeError);
  });
});
