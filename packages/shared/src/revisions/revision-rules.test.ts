import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { addDays, blockEndTime, blockStartTime, BLOCKS_PER_DAY } from '../applications/time-blocks';
import { displayDate } from '../forms/form.values';
import { enRevisions } from '../messages/en.revisions';
import {
  absoluteBlock,
  checkRevision,
  effectiveBlockOf,
  hasRevisableBlocks,
  REVISION_RETAINED_BLOCKS,
  requestBlockOf,
  revisionEffect,
  scheduleDifference,
} from './revision-rules';
import { availableRevisionActions, REVISION_DECIDER_ROLES } from './revisions.workflow';

/** An instant from an IST wall-clock time. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const flat = (centi: number) => Int32Array.from({ length: BLOCKS_PER_DAY }, () => centi);

describe('effective block', () => {
  it('is the 4th block counting the request block as the 1st (DOMAIN-REFERENCE §6 example: 10:07 → block 44)', () => {
    expect(requestBlockOf(ist('2026-07-10', '10:07'))).toEqual({ date: '2026-07-10', block: 41 });
    expect(effectiveBlockOf(ist('2026-07-10', '10:07'), 4)).toEqual({ date: '2026-07-10', block: 44 });
    expect(blockStartTime(44)).toBe('10:45');
  });

  it('carries over past midnight', () => {
    expect(effectiveBlockOf(ist('2026-07-10', '23:50'), 4)).toEqual({ date: '2026-07-11', block: 3 });
    expect(effectiveBlockOf(ist('2026-07-31', '23:15'), 4)).toEqual({ date: '2026-08-01', block: 1 });
  });

  it('property: the effective block is lead−1 blocks after the request block and starts after now when lead ≥ 2', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.integer({ min: 1, max: 200 }), (ms, lead) => {
        const now = new Date(ms);
        const req = requestBlockOf(now);
        const eff = effectiveBlockOf(now, lead);
        expect(eff.block).toBeGreaterThanOrEqual(1);
        expect(eff.block).toBeLessThanOrEqual(96);
        expect(absoluteBlock(eff) - absoluteBlock(req)).toBe(lead - 1);
        if (lead >= 2) expect(new Date(`${eff.date}T${blockStartTime(eff.block)}:00+05:30`).getTime()).toBeGreaterThan(ms);
      }),
    );
  });
});

describe('checkRevision', () => {
  const effective = { date: '2026-07-10', block: 44 };
  const base = {
    effective,
    fromDate: '2026-07-10',
    toDate: '2026-07-12',
    current: new Map([
      ['2026-07-10', flat(1000)],
      ['2026-07-11', flat(1000)],
      ['2026-07-12', flat(1000)],
    ]),
  };
  const row = (over: Record<string, unknown> = {}) => ({
    oaFromDate: '2026-07-11',
    oaToDate: '2026-07-11',
    fromTimeBlock: '10:00',
    toTimeBlock: '12:00',
    revisedRequirement: '6',
    ...over,
  });

  it('accepts a downward revision and returns the revised days', () => {
    const r = checkRevision([row()], base);
    expect(r.issues).toEqual([]);
    expect(r.changed).toBe(true);
    const day = r.revised.get('2026-07-11')!;
    expect(day[39]).toBe(1000);
    expect(day[40]).toBe(600);
    expect(day[47]).toBe(600);
    expect(day[48]).toBe(1000);
  });

  it('rejects an upward revision with its message on the row', () => {
    const r = checkRevision([row({ revisedRequirement: '12.5' })], base);
    expect(r.issues).toEqual([
      {
        fieldName: 'revisionList.0.revisedRequirement',
        message: enRevisions.rules.upward('12.5', '10', displayDate('2026-07-11'), '10:00'),
      },
    ]);
  });

  it('rejects blocks before the effective block (same day) and earlier days', () => {
    const sameDay = checkRevision([row({ oaFromDate: '2026-07-10', oaToDate: '2026-07-10', fromTimeBlock: '10:30' })], base);
    expect(sameDay.issues).toEqual([
      { fieldName: 'revisionList.0.fromTimeBlock', message: enRevisions.rules.beforeEffective('10:45', displayDate('2026-07-10')) },
    ]);
    const ok = checkRevision([row({ oaFromDate: '2026-07-10', oaToDate: '2026-07-10', fromTimeBlock: '10:45' })], base);
    expect(ok.issues).toEqual([]);
    const earlier = checkRevision([row({ oaFromDate: '2026-07-10', oaToDate: '2026-07-10' })], {
      ...base,
      effective: { date: '2026-07-11', block: 1 },
    });
    expect(earlier.issues[0]!.fieldName).toBe('revisionList.0.oaFromDate');
  });

  it('rejects dates outside the period, bad times, missing values, overlaps and no change — all at once', () => {
    const r = checkRevision(
      [
        row({ oaFromDate: '2026-07-09' }),
        row({ fromTimeBlock: '12:00', toTimeBlock: '10:00' }),
        row({ revisedRequirement: '' }),
        row({ fromTimeBlock: '11:00', toTimeBlock: '13:00' }),
        row({ fromTimeBlock: '11:30', toTimeBlock: '12:30' }),
      ],
      base,
    );
    const fields = r.issues.map((i) => i.fieldName);
    expect(fields).toContain('revisionList.0.oaFromDate');
    expect(fields).toContain('revisionList.1.fromTimeBlock');
    expect(fields).toContain('revisionList.2.revisedRequirement');
    expect(fields).toContain('revisionList.4');
    expect(checkRevision([row({ revisedRequirement: '10' })], base).issues).toEqual([
      { fieldName: 'revisionList', message: enRevisions.rules.noChange },
    ]);
    expect(checkRevision([], base).issues).toEqual([{ fieldName: 'revisionList', message: enRevisions.rules.rowsRequired }]);
  });

  it('property: an accepted revision never raises a block, never changes a block before the effective one, only changes the rows’ blocks', () => {
    const day0 = '2026-07-10';
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 96 * 3, maxLength: 96 * 3 }),
        fc.integer({ min: 0, max: 3 * 96 - 1 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 0, max: 3000 }),
        (values, effAbs, d1, d2, b1, b2, centi) => {
          const current = new Map([0, 1, 2].map((d) => [addDays(day0, d), Int32Array.from(values.slice(d * 96, d * 96 + 96))]));
          const eff = { date: addDays(day0, Math.floor(effAbs / 96)), block: (effAbs % 96) + 1 };
          const [fromD, toD] = [Math.min(d1, d2), Math.max(d1, d2)];
          const [first, last] = [Math.min(b1, b2), Math.max(b1, b2)];
          const r = checkRevision(
            [
              {
                oaFromDate: addDays(day0, fromD),
                oaToDate: addDays(day0, toD),
                fromTimeBlock: blockStartTime(first),
                toTimeBlock: blockEndTime(last),
                revisedRequirement: (centi / 100).toFixed(2),
              },
            ],
            { effective: eff, fromDate: day0, toDate: addDays(day0, 2), current },
          );
          if (r.issues.length > 0) return;
          expect(r.changed).toBe(true);
          for (const [date, next] of r.revised) {
            const prev = current.get(date)!;
            for (let b = 1; b <= 96; b++) {
              expect(next[b - 1]).toBeLessThanOrEqual(prev[b - 1]!);
              if (next[b - 1] !== prev[b - 1]) {
                expect(absoluteBlock({ date, block: b })).toBeGreaterThanOrEqual(absoluteBlock(eff));
                expect(next[b - 1]).toBe(centi);
              }
            }
          }
        },
      ),
    );
  });

  it('property: a value above the current one in some block of the range is always refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (cur, extra) => {
        const current = new Map([['2026-07-11', flat(cur)]]);
        const r = checkRevision([row({ revisedRequirement: ((cur + extra) / 100).toFixed(2) })], { ...base, current });
        expect(r.issues.map((i) => i.fieldName)).toEqual(['revisionList.0.revisedRequirement']);
      }),
    );
  });
});

describe('revisionEffect', () => {
  it('keeps charges for 2 days from the effective block and releases the rest', () => {
    const days = ['2026-07-10', '2026-07-11', '2026-07-12', '2026-07-13'];
    const before = new Map(days.map((d) => [d, flat(1000)]));
    const after = new Map(days.map((d) => [d, flat(400)]));
    const eff = { date: '2026-07-10', block: 1 };
    const e = revisionEffect(before, after, eff);
    expect(e.reducedCentiBlocks).toBe(600 * 96 * 4);
    expect(e.retainedCentiBlocks).toBe(600 * REVISION_RETAINED_BLOCKS);
    expect(e.releasedCentiBlocks).toBe(600 * 96 * 2);
  });

  it('retains everything when the remaining period is shorter than 2 days', () => {
    const before = new Map([['2026-07-10', flat(1000)]]);
    const after = new Map([['2026-07-10', flat(0)]]);
    expect(revisionEffect(before, after, { date: '2026-07-10', block: 50 })).toEqual({
      reducedCentiBlocks: 96000,
      retainedCentiBlocks: 96000,
      releasedCentiBlocks: 0,
    });
  });

  it('property: retained + released = reduced, retained ≤ reduction of the first 2 days', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 })), { minLength: 96 * 4, maxLength: 96 * 4 }),
        fc.integer({ min: 0, max: 383 }),
        (pairs, effAbs) => {
          const days = [0, 1, 2, 3].map((d) => addDays('2026-07-10', d));
          const before = new Map(days.map((d, i) => [d, Int32Array.from(pairs.slice(i * 96, i * 96 + 96), ([x, y]) => Math.max(x, y))]));
          const after = new Map(days.map((d, i) => [d, Int32Array.from(pairs.slice(i * 96, i * 96 + 96), ([x, y]) => Math.min(x, y))]));
          const eff = { date: days[Math.floor(effAbs / 96)]!, block: (effAbs % 96) + 1 };
          const e = revisionEffect(before, after, eff);
          expect(e.retainedCentiBlocks + e.releasedCentiBlocks).toBe(e.reducedCentiBlocks);
          expect(e.retainedCentiBlocks).toBeLessThanOrEqual(2000 * REVISION_RETAINED_BLOCKS);
          expect(e.releasedCentiBlocks).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('scheduleDifference and hasRevisableBlocks', () => {
  it('lists the blocks that differ', () => {
    const a = new Map([['2026-07-10', flat(1000)]]);
    const next = flat(1000);
    next[40] = 600;
    const d = scheduleDifference(a, new Map([['2026-07-10', next]]));
    expect(d).toEqual([{ date: '2026-07-10', block: 41, before: 1000, after: 600, difference: -400 }]);
  });

  it('knows whether anything is left to revise', () => {
    const cur = new Map([['2026-07-10', flat(0)]]);
    cur.get('2026-07-10')![50] = 100;
    expect(hasRevisableBlocks(cur, { date: '2026-07-10', block: 51 })).toBe(true);
    expect(hasRevisableBlocks(cur, { date: '2026-07-10', block: 52 })).toBe(false);
  });
});

describe('workflow', () => {
  it('only the SLDC business user decides, and only a requested revision', () => {
    expect(REVISION_DECIDER_ROLES).toEqual(['SLDCBusinessUser']);
    expect(availableRevisionActions('Requested', ['SLDCBusinessUser'])).toEqual(['Approve', 'Reject']);
    expect(availableRevisionActions('Requested', ['Applicant', 'SLDCApproverI'])).toEqual([]);
    expect(availableRevisionActions('Approved', ['SLDCBusinessUser'])).toEqual([]);
  });
});
