/**
 * Allocation benchmark (issue 5, ARCHITECTURE.md §11): 10,000 applications × 96 blocks × 30 days
 * of requests against per-block margins, on typed arrays, in the layout the API will use
 * (app-major, one block per (day, time block) pair).
 */
import { allocateInOrder, allocateProRata, type AllocationInput } from '@stoa/shared/applications/allocation';

import { type BenchReport, median } from './report';

const APPS = 10_000;
const DAYS = 30;
const BLOCKS = 96 * DAYS;
const SEED = 20_250_401;
const WARMUP = 2;
const RUNS = 9;

/** mulberry32: a small seeded PRNG, so every run allocates the same data. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Schedule-like requests: each application asks for a base level of 1–50 MW from a random day of
 * the first half of the month to a random later day, round the clock (half of them) or in one
 * window of time blocks, with a ±10 % jitter per block, so about a third of the values are non-zero
 * and zeros and requests are mixed in every block. Margins are set per block between 60 % and
 * 120 % of the block's total request, so about two blocks in three are congested.
 */
function makeInput(): AllocationInput {
  const rand = prng(SEED);
  const requests = new Int32Array(APPS * BLOCKS);
  const totals = new Float64Array(BLOCKS);
  for (let a = 0; a < APPS; a++) {
    const level = 100 + Math.floor(rand() * 4901); // centi-MW
    const firstDay = Math.floor(rand() * (DAYS / 2));
    const lastDay = firstDay + Math.floor(rand() * (DAYS - firstDay));
    const roundTheClock = rand() < 0.5;
    const fromBlock = roundTheClock ? 0 : Math.floor(rand() * 96);
    const toBlock = roundTheClock ? 96 : fromBlock + 1 + Math.floor(rand() * (96 - fromBlock));
    for (let d = firstDay; d <= lastDay; d++) {
      for (let t = fromBlock; t < toBlock; t++) {
        const b = d * 96 + t;
        const r = Math.round(level * (0.9 + rand() * 0.2));
        requests[a * BLOCKS + b] = r;
        totals[b] = totals[b]! + r;
      }
    }
  }
  const margins = new Int32Array(BLOCKS);
  for (let b = 0; b < BLOCKS; b++) margins[b] = Math.round(totals[b]! * (0.6 + rand() * 0.6));
  const order = new Int32Array(APPS);
  for (let a = 0; a < APPS; a++) order[a] = a;
  for (let a = APPS - 1; a > 0; a--) {
    const j = Math.floor(rand() * (a + 1));
    [order[a], order[j]] = [order[j]!, order[a]!];
  }
  return { requests, margins, apps: APPS, blocks: BLOCKS, order };
}

/**
 * The baseline: the least work any per-block allocation does over the same arrays — one pass to
 * sum the requests of each block, one pass to write every request scaled by min(1, margin/total)
 * into a fresh output array. No exact rounding, no leftovers, no checks.
 */
function plainLoop({ requests, margins, apps, blocks }: AllocationInput): Int32Array {
  const totals = new Float64Array(blocks);
  for (let a = 0, i = 0; a < apps; a++) for (let b = 0; b < blocks; b++, i++) totals[b] = totals[b]! + requests[i]!;
  const scale = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const m = margins[b]!;
    scale[b] = m <= 0 ? 0 : totals[b]! <= m ? 1 : m / totals[b]!;
  }
  const out = new Int32Array(apps * blocks);
  for (let a = 0, i = 0; a < apps; a++) for (let b = 0; b < blocks; b++, i++) out[i] = Math.floor(requests[i]! * scale[b]!);
  return out;
}

/** Untimed check that a result is an allocation: per block ≤ margin, ≤ each request, total = min(margin, requested). */
function check(input: AllocationInput, granted: Int32Array): string {
  const { requests, margins, apps, blocks } = input;
  const req = new Float64Array(blocks);
  const got = new Float64Array(blocks);
  for (let a = 0, i = 0; a < apps; a++) {
    for (let b = 0; b < blocks; b++, i++) {
      if (granted[i]! < 0 || granted[i]! > requests[i]!) throw new Error(`grant out of range at ${i}`);
      req[b] = req[b]! + requests[i]!;
      got[b] = got[b]! + granted[i]!;
    }
  }
  let congested = 0;
  for (let b = 0; b < blocks; b++) {
    if (got[b] !== Math.min(Math.max(0, margins[b]!), req[b]!)) throw new Error(`block ${b} total ${got[b]} is not min(margin, requested)`);
    if (req[b]! > margins[b]!) congested++;
  }
  return `${congested.toLocaleString('en-US')} of ${blocks.toLocaleString('en-US')} blocks congested`;
}

export function allocationBench(): BenchReport {
  const setupStart = performance.now();
  const input = makeInput();
  const setupMs = performance.now() - setupStart;
  const nonZero = input.requests.reduce((n, r) => (r > 0 ? n + 1 : n), 0);

  const cases = [
    { name: 'baseline: plain typed-array loop (sum + scale)', fn: plainLoop },
    { name: 'allocateProRata (Day-Ahead)', fn: allocateProRata },
    { name: 'allocateInOrder (FCFS / Contingency)', fn: allocateInOrder },
  ];
  const times = cases.map(() => [] as number[]);
  // Interleaved so that drift (GC, thermal, neighbours) hits every case alike.
  for (let run = 0; run < WARMUP + RUNS; run++) {
    cases.forEach((c, k) => {
      const start = performance.now();
      c.fn(input);
      const ms = performance.now() - start;
      if (run >= WARMUP) times[k]!.push(ms);
    });
  }
  const congestion = check(input, allocateProRata(input));
  check(input, allocateInOrder(input));

  const base = median(times[0]!);
  return {
    title: `Allocation: ${APPS.toLocaleString('en-US')} applications × 96 blocks × ${DAYS} days`,
    notes: [
      `${(APPS * BLOCKS).toLocaleString('en-US')} request values (${nonZero.toLocaleString('en-US')} non-zero), ${congestion}; seed ${SEED}; data built in ${setupMs.toFixed(0)} ms`,
      `median and min of ${RUNS} runs after ${WARMUP} warm-up runs, cases interleaved`,
    ],
    rows: cases.map((c, k) => ({
      name: c.name,
      medianMs: median(times[k]!),
      minMs: Math.min(...times[k]!),
      ratio: median(times[k]!) / base,
    })),
  };
}
