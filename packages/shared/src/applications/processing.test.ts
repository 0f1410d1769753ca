import { describe, expect, it } from 'vitest';

import { centiBlocksToMwh } from '../common/units';
import { allocateOnPaths, availableOnPath, congestionOf, processingRuleOf } from './processing';

const arr = (...v: number[]) => Int32Array.from(v);

describe('allocateOnPaths', () => {
  it('grants each application the least of its shares over the elements of its path', () => {
    // A and B share X; B and C share Y. X = 10, Y = 6 (one block).
    const batch = {
      requests: [arr(800), arr(800), arr(400)],
      paths: [['x'], ['x', 'y'], ['y']],
      margins: new Map([
        ['x', arr(1000)],
        ['y', arr(600)],
      ]),
      blocks: 1,
    };
    const g = allocateOnPaths(batch, 'ProRata');
    // X: 800, 800 of 1000 → 500, 500. Y: 800, 400 of 600 → 400, 200. B = min(500, 400).
    expect(g.map((x) => x[0])).toEqual([500, 400, 200]);
    const inOrder = allocateOnPaths(batch, 'InOrder');
    // X: A 800, B 200; Y: B 600, C 0 → B = min(200, 600).
    expect(inOrder.map((x) => x[0])).toEqual([800, 200, 0]);
  });

  it('never exceeds an element margin nor a request (random batches)', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const elements = ['a', 'b', 'c', 'd'];
    for (let round = 0; round < 200; round++) {
      const apps = 1 + rnd(8);
      const blocks = 1 + rnd(4);
      const requests = Array.from({ length: apps }, () => Int32Array.from({ length: blocks }, () => rnd(3000)));
      const paths = Array.from({ length: apps }, () => elements.filter(() => rnd(2) === 1));
      const margins = new Map(elements.filter(() => rnd(4) > 0).map((e) => [e, Int32Array.from({ length: blocks }, () => rnd(5000))]));
      for (const rule of ['ProRata', 'InOrder'] as const) {
        const g = allocateOnPaths({ requests, paths, margins, blocks }, rule);
        g.forEach((x, i) => x.forEach((v, b) => expect(v >= 0 && v <= requests[i]![b]!).toBe(true)));
        for (const e of elements) {
          for (let b = 0; b < blocks; b++) {
            const used = g.reduce((s, x, i) => s + (paths[i]!.includes(e) ? x[b]! : 0), 0);
            expect(used).toBeLessThanOrEqual(margins.get(e)?.[b] ?? 0);
          }
        }
        g.forEach((x, i) => {
          if (paths[i]!.length === 0) expect([...x].every((v) => v === 0)).toBe(true);
        });
      }
    }
  });
});

describe('congestionOf, availableOnPath, centiBlocksToMwh, rules', () => {
  it('reports the congested elements and blocks of an Advance batch', () => {
    const batch = {
      requests: [arr(500, 500), arr(600, 100)],
      paths: [['x'], ['x']],
      margins: new Map([['x', arr(1000, 1000)]]),
      blocks: 2,
    };
    expect(congestionOf(batch)).toEqual([{ element: 'x', blocks: [0] }]);
    expect(congestionOf({ ...batch, margins: new Map([['x', arr(1100, 600)]]) })).toEqual([]);
    expect(congestionOf({ ...batch, paths: [['x'], []], margins: new Map([['x', arr(5000, 5000)]]) })).toEqual([
      { element: '', blocks: [0, 1] },
    ]);
  });

  it('the margin available to a path is the least over its elements; none without a path', () => {
    const margins = new Map([
      ['x', arr(300, 900)],
      ['y', arr(500, 200)],
    ]);
    expect([...availableOnPath(['x', 'y'], margins, 2)]).toEqual([300, 200]);
    expect([...availableOnPath(['x', 'z'], margins, 2)]).toEqual([0, 0]);
    expect([...availableOnPath([], margins, 2)]).toEqual([0, 0]);
  });

  it('formats MWh of 15-minute blocks exactly and maps types to rules', () => {
    expect(centiBlocksToMwh(467 * 8 + 533 * 0)).toBe('9.34');
    expect(centiBlocksToMwh(1)).toBe('0.0025');
    expect(centiBlocksToMwh(0)).toBe('0.00');
    expect(processingRuleOf('DayAhead')).toBe('ProRata');
    expect(processingRuleOf('FCFS')).toBe('InOrder');
    expect(processingRuleOf('ContingencySameDay')).toBe('InOrder');
    expect(processingRuleOf('Advance')).toBe('FullOrCongested');
  });
});
