import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { mwToCenti, priceToTenThousandths, tenThousandthsToPrice } from '../common/units';
import { allocateBids, type Bid, type BidAllocation } from './bid-allocation';

/** Bids from [id, MW, price] in submission order. */
const bidsOf = (rows: [string, string, string][]): Bid[] =>
  rows.map(([applicationId, mw, price], submittedAt) => ({ applicationId, quantity: mwToCenti(mw), price, submittedAt }));

const brief = (results: BidAllocation[]) => results.map((r) => [r.applicationId, r.allocated, r.applicablePrice, r.status]);

/** Up to 8 bids with few distinct prices (ties are the interesting case; '0.2' and '0.20' are one level). */
const bidsArb = (maxQuantity: number) =>
  fc.integer({ min: 0, max: 8 }).chain((n) =>
    fc
      .tuple(
        fc.array(fc.integer({ min: 1, max: maxQuantity }), { minLength: n, maxLength: n }),
        fc.array(fc.constantFrom('0.15', '0.18', '0.2', '0.20', '0.2000', '0.25', '0.3', '0.1875'), { minLength: n, maxLength: n }),
        fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i * 3),
          { minLength: n, maxLength: n },
        ),
      )
      .map(([quantities, prices, submitted]) =>
        quantities.map((quantity, i): Bid => ({ applicationId: `APP-${i}`, quantity, price: prices[i]!, submittedAt: submitted[i]! })),
      ),
  );
const caseArb = fc.oneof(
  fc.tuple(fc.integer({ min: -100, max: 3000 }), bidsArb(800)),
  fc.tuple(fc.integer({ min: 0, max: 0x7fffffff }), bidsArb(0x7fffffff)),
);
const price = (b: Bid) => priceToTenThousandths(b.price);

describe('prices in Rs/kWh', () => {
  it('reads up to 4 decimals as integer ten-thousandths and prints 2 to 4 decimals', () => {
    expect(priceToTenThousandths('0.25')).toBe(2500);
    expect(priceToTenThousandths('0.1875')).toBe(1875);
    expect(priceToTenThousandths('3')).toBe(30000);
    expect(tenThousandthsToPrice(2500)).toBe('0.25');
    expect(tenThousandthsToPrice(2510)).toBe('0.251');
    expect(tenThousandthsToPrice(1875)).toBe('0.1875');
    expect(tenThousandthsToPrice(30000)).toBe('3.00');
    expect(tenThousandthsToPrice(0)).toBe('0.00');
    for (const bad of ['0.12345', '-0.25', '.25', '0.', '', '1e-2', ' 0.25']) expect(() => priceToTenThousandths(bad)).toThrow(RangeError);
    expect(() => tenThousandthsToPrice(-1)).toThrow(RangeError);
  });
});

describe('allocateBids (DOMAIN.md §4)', () => {
  it('allocates the worked example of DOMAIN.md §4', () => {
    const bids = bidsOf([
      ['A', '60', '0.30'],
      ['B', '30', '0.25'],
      ['C', '40', '0.20'],
      ['D', '20', '0.20'],
      ['E', '25', '0.18'],
    ]);
    expect(brief(allocateBids(mwToCenti('100'), bids))).toEqual([
      ['A', 6000, '0.25', 'Allocated'],
      ['B', 3000, '0.25', 'Allocated'],
      ['C', 667, '0.20', 'PartiallyAllocated'], // 6.66 + the leftover 0.01: C submitted before D
      ['D', 333, '0.20', 'PartiallyAllocated'],
      ['E', 0, null, 'Rejected'],
    ]);
  });

  it('gives the leftover to D when D submitted before C, whatever the input order', () => {
    const bids = bidsOf([
      ['A', '60', '0.30'],
      ['B', '30', '0.25'],
      ['C', '40', '0.20'],
      ['D', '20', '0.20'],
      ['E', '25', '0.18'],
    ]).map((b) => (b.applicationId === 'C' ? { ...b, submittedAt: 10 } : b));
    const results = allocateBids(10000, [...bids].reverse());
    expect(brief(results)).toEqual([
      ['E', 0, null, 'Rejected'],
      ['D', 334, '0.20', 'PartiallyAllocated'],
      ['C', 666, '0.20', 'PartiallyAllocated'],
      ['B', 3000, '0.25', 'Allocated'],
      ['A', 6000, '0.25', 'Allocated'],
    ]);
  });

  it('serves everybody when the margin covers all bids; all pay the lowest quote', () => {
    const bids = bidsOf([
      ['A', '10', '0.30'],
      ['B', '20', '0.1875'],
    ]);
    expect(brief(allocateBids(mwToCenti('50'), bids))).toEqual([
      ['A', 1000, '0.1875', 'Allocated'],
      ['B', 2000, '0.1875', 'Allocated'],
    ]);
  });

  it('rejects a whole level that finds no margin left, and everybody when the margin is ≤ 0', () => {
    const bids = bidsOf([
      ['A', '50', '0.30'],
      ['B', '50', '0.20'],
    ]);
    expect(brief(allocateBids(5000, bids))).toEqual([
      ['A', 5000, '0.30', 'Allocated'],
      ['B', 0, null, 'Rejected'],
    ]);
    expect(brief(allocateBids(-1, bids))).toEqual([
      ['A', 0, null, 'Rejected'],
      ['B', 0, null, 'Rejected'],
    ]);
    expect(allocateBids(100, [])).toEqual([]);
  });

  it('prices every full request at the shared level when a leftover 0.01 MW completes one there', () => {
    // 1.01 MW: A takes 1.00; B and C (0.01 each, same price) share 0.01: both round down to 0 and
    // the leftover completes B's request. B is fully served, so the lowest fully served price is 0.20.
    const bids = bidsOf([
      ['A', '1.00', '0.30'],
      ['B', '0.01', '0.20'],
      ['C', '0.01', '0.20'],
    ]);
    expect(brief(allocateBids(101, bids))).toEqual([
      ['A', 100, '0.20', 'Allocated'],
      ['B', 1, '0.20', 'Allocated'],
      ['C', 0, null, 'Rejected'],
    ]);
  });

  it('rejects malformed bids', () => {
    const ok: Bid = { applicationId: 'A', quantity: 100, price: '0.20', submittedAt: 1 };
    expect(() => allocateBids(100, [{ ...ok, quantity: 0 }])).toThrow(RangeError);
    expect(() => allocateBids(100, [{ ...ok, quantity: 1.5 }])).toThrow(RangeError);
    expect(() => allocateBids(100, [{ ...ok, quantity: 2 ** 31 }])).toThrow(RangeError);
    expect(() => allocateBids(100, [{ ...ok, price: '0.20001' }])).toThrow(RangeError);
    expect(() => allocateBids(100, [ok, { ...ok, submittedAt: 2 }])).toThrow(RangeError);
    expect(() => allocateBids(100, [ok, { ...ok, applicationId: 'B' }])).toThrow(RangeError);
    expect(() => allocateBids(0.5, [ok])).toThrow(RangeError);
  });

  it('never allocates above the margin or a request, and allocates min(margin, Σ requests)', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        results.forEach((r, i) => {
          expect(r.applicationId).toBe(bids[i]!.applicationId);
          expect(r.allocated >= 0 && r.allocated <= bids[i]!.quantity).toBe(true);
        });
        const total = results.reduce((s, r) => s + r.allocated, 0);
        expect(total).toBe(
          Math.min(
            Math.max(0, margin),
            bids.reduce((s, b) => s + b.quantity, 0),
          ),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('never gives a higher price a smaller fraction of its request than a lower price', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        bids.forEach((hi, i) =>
          bids.forEach((lo, j) => {
            if (price(hi) <= price(lo)) return;
            // allocated_i / q_i ≥ allocated_j / q_j, cross-multiplied in BigInt.
            expect(BigInt(results[i]!.allocated) * BigInt(lo.quantity) >= BigInt(results[j]!.allocated) * BigInt(hi.quantity)).toBe(true);
          }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('shares a level pro-rata: each gets its rounded-down share, the leftover units go to the earliest', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        const levels = new Map<number, number[]>();
        bids.forEach((b, i) => levels.set(price(b), [...(levels.get(price(b)) ?? []), i]));
        for (const members of levels.values()) {
          const requested = members.reduce((s, i) => s + bids[i]!.quantity, 0);
          const got = members.reduce((s, i) => s + results[i]!.allocated, 0);
          if (got === requested) continue; // served in full
          const bySubmission = [...members].sort((i, j) => bids[i]!.submittedAt - bids[j]!.submittedAt);
          const extra = bySubmission.map(
            (i) => results[i]!.allocated - Number((BigInt(got) * BigInt(bids[i]!.quantity)) / BigInt(requested)),
          );
          const units = extra.filter((e) => e === 1).length;
          expect(extra).toEqual(bySubmission.map((_, k) => (k < units ? 1 : 0)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('charges the lowest fully served quote to every full request, its own quote to a partial one, nothing to a rejected one', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        const fullPrices = bids.filter((b, i) => results[i]!.allocated === b.quantity).map(price);
        const lowestFull = Math.min(...fullPrices);
        results.forEach((r, i) => {
          const b = bids[i]!;
          if (r.allocated === b.quantity) {
            expect(r.status).toBe('Allocated');
            expect(priceToTenThousandths(r.applicablePrice!)).toBe(lowestFull);
          } else if (r.allocated > 0) {
            expect(r.status).toBe('PartiallyAllocated');
            expect(priceToTenThousandths(r.applicablePrice!)).toBe(price(b));
          } else {
            expect(r.status).toBe('Rejected');
            expect(r.applicablePrice).toBeNull();
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('charges nobody more than its quote, nor less than any quote that got nothing; partial never above full', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        const paid = results.map((r) => (r.applicablePrice === null ? null : priceToTenThousandths(r.applicablePrice)));
        const highestRejected = Math.max(-1, ...bids.filter((_, i) => paid[i] === null).map(price));
        const fullPaid = results.flatMap((r, i) => (r.status === 'Allocated' ? [paid[i]!] : []));
        results.forEach((r, i) => {
          const p = paid[i];
          if (p === null || p === undefined) return;
          expect(p).toBeLessThanOrEqual(price(bids[i]!));
          expect(p).toBeGreaterThanOrEqual(highestRejected);
          if (r.status === 'PartiallyAllocated') fullPaid.forEach((f) => expect(p).toBeLessThanOrEqual(f));
        });
      }),
      { numRuns: 500 },
    );
  });

  it('depends on submission order, not on the order of the input', () => {
    fc.assert(
      fc.property(
        caseArb.chain(([margin, bids]) =>
          fc.tuple(fc.constant(margin), fc.constant(bids), fc.shuffledSubarray(bids, { minLength: bids.length, maxLength: bids.length })),
        ),
        ([margin, bids, shuffled]) => {
          const byId = (rs: BidAllocation[]) => [...rs].sort((a, b) => a.applicationId.localeCompare(b.applicationId));
          expect(byId(allocateBids(margin, shuffled))).toEqual(byId(allocateBids(margin, bids)));
        },
      ),
      { numRuns: 200 },
    );
  });
  // ---- issue 6: further properties of the allocation ----

  it('never allocates above the margin, even when every bid asks for more than it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), bidsArb(10_000), (margin, bids) => {
        const results = allocateBids(margin, bids);
        expect(results.reduce((s, r) => s + r.allocated, 0)).toBeLessThanOrEqual(margin);
      }),
      { numRuns: 500 },
    );
  });

  it('serves every higher price in full before a lower price gets anything', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        bids.forEach((lo, j) => {
          if (results[j]!.allocated === 0) return;
          bids.forEach((hi, i) => {
            if (price(hi) > price(lo)) expect(results[i]!.allocated).toBe(hi.quantity);
          });
        });
      }),
      { numRuns: 500 },
    );
  });

  it('gives a higher price never a smaller share than a lower price asking for no more', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        bids.forEach((hi, i) =>
          bids.forEach((lo, j) => {
            if (price(hi) > price(lo) && hi.quantity >= lo.quantity)
              expect(results[i]!.allocated).toBeGreaterThanOrEqual(results[j]!.allocated);
          }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('treats ties pro-rata: equal price and equal request differ by at most 0.01 MW, the earlier one never less', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        bids.forEach((x, i) =>
          bids.forEach((y, j) => {
            if (i === j || price(x) !== price(y) || x.quantity !== y.quantity) return;
            const d = results[i]!.allocated - results[j]!.allocated;
            expect(Math.abs(d)).toBeLessThanOrEqual(1);
            if (x.submittedAt < y.submittedAt) expect(d).toBeGreaterThanOrEqual(0);
          }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('applies one price rule: all full requests pay one price, never above any quote of theirs, never below a partial one', () => {
    fc.assert(
      fc.property(caseArb, ([margin, bids]) => {
        const results = allocateBids(margin, bids);
        const full = results.filter((r) => r.status === 'Allocated').map((r) => r.applicablePrice);
        expect(new Set(full).size).toBeLessThanOrEqual(1);
        results.forEach((r, i) => {
          if (r.status !== 'Allocated') return;
          expect(priceToTenThousandths(r.applicablePrice!)).toBeLessThanOrEqual(price(bids[i]!));
          results.forEach((p) => {
            if (p.status === 'PartiallyAllocated')
              expect(priceToTenThousandths(r.applicablePrice!)).toBeGreaterThanOrEqual(priceToTenThousandths(p.applicablePrice!));
          });
        });
      }),
      { numRuns: 500 },
    );
  });

  // More margin can move a leftover 0.01 MW unit (they go by earliest submission among the
  // rounded-down shares), so a bidder may lose that one unit, never more (decision 0015).
  it('never takes more than the leftover 0.01 MW from anyone when the margin grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 200 }), bidsArb(800), (margin, more, bids) => {
        const before = allocateBids(margin, bids);
        const after = allocateBids(margin + more, bids);
        before.forEach((r, i) => expect(after[i]!.allocated).toBeGreaterThanOrEqual(r.allocated - 1));
      }),
      { numRuns: 500 },
    );
  });
});
