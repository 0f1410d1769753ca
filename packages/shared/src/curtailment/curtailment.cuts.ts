/**
 * Curtailment of STOA schedules by the SLDC (DOMAIN.md §3, DOMAIN-REFERENCE.md §3.3, decision 0014).
 * Pure code on typed arrays, no I/O; quantities in integer centi-MW like allocation.ts.
 *
 * Layout as in allocation.ts: `held` is `apps × blocks`, app-major (`a * blocks + b`), the granted
 * values the affected schedules hold on the curtailed element; `cuts` the centi-MW to take off the
 * element in each block. The result is each schedule's cut in the layout of `held`.
 */
import type { ApplicationType } from '../applications/applications.workflow';
import { allocateInOrder, allocateProRata } from '../applications/allocation';
import { divRoundHalfUp, toScaled } from '../common/units';

/**
 * How a curtailment is shared among the affected schedules (configuration setting `curtailmentOrder`):
 * - `ProRata` (default): every schedule in a block is cut by the same ratio, rounded to 0.01 MW; the
 *   odd 0.01 MW units are cut from the latest submissions first (the earliest keep theirs).
 * - `ReverseCategory`: contingency (same day, then day-ahead) first, then day-ahead, FCFS, advance;
 *   within a category the latest submission first. Each is cut as far as needed before the next.
 * - `ReverseTimestamp`: the latest submission first, whatever the category.
 */
export const CURTAILMENT_ORDERS = ['ProRata', 'ReverseCategory', 'ReverseTimestamp'] as const;
export type CurtailmentOrder = (typeof CURTAILMENT_ORDERS)[number];
/** What the screens and messages call each order (never the internal name). */
export const CURTAILMENT_ORDER_LABELS: Record<CurtailmentOrder, string> = {
  ProRata: 'Pro-rata',
  ReverseCategory: 'Reverse category order',
  ReverseTimestamp: 'Reverse timestamp',
};
export const DEFAULT_CURTAILMENT_ORDER: CurtailmentOrder = 'ProRata';

export function isCurtailmentOrder(value: unknown): value is CurtailmentOrder {
  return typeof value === 'string' && (CURTAILMENT_ORDERS as readonly string[]).includes(value);
}

/**
 * Categories by priority, highest (cut last) first: advance, FCFS, day-ahead, contingency day-ahead,
 * contingency same day (DOMAIN-REFERENCE.md §3.3 "contingency → DA → FCFS → advance" is the cut order).
 */
export const CATEGORY_PRIORITY: Record<ApplicationType, number> = {
  Advance: 0,
  FCFS: 1,
  DayAhead: 2,
  ContingencyDayAhead: 3,
  ContingencySameDay: 4,
};

/** What the order needs of an affected schedule. */
export interface AffectedSchedule {
  type: ApplicationType;
  /** Submission instant in ms (the FCFS timestamp); ties broken by `applicationNo`. */
  submittedAt: number;
  applicationNo: string;
}

/**
 * The "keep" order of the schedules: a permutation of their indices, the one kept longest first
 * (i.e. the reverse of the cut order). ProRata and ReverseTimestamp: earliest submission first;
 * ReverseCategory: by category priority, then earliest submission.
 */
export function keepOrder(schedules: readonly AffectedSchedule[], rule: CurtailmentOrder): Int32Array {
  const idx = schedules.map((_, i) => i);
  const byTime = (x: number, y: number) => {
    const a = schedules[x]!;
    const b = schedules[y]!;
    return a.submittedAt - b.submittedAt || (a.applicationNo < b.applicationNo ? -1 : a.applicationNo > b.applicationNo ? 1 : x - y);
  };
  idx.sort(
    rule === 'ReverseCategory'
      ? (x, y) => CATEGORY_PRIORITY[schedules[x]!.type] - CATEGORY_PRIORITY[schedules[y]!.type] || byTime(x, y)
      : byTime,
  );
  return Int32Array.from(idx);
}

export type CurtailmentBasis = 'Reduction' | 'NewCapacity';

/**
 * The centi-MW to take off the element in each of `blocks` blocks: in blocks `fromBlock…toBlock`
 * (1-based, inclusive) a `Reduction` cuts `value`, a `NewCapacity` cuts what the schedules hold
 * above `value` (never below 0); outside the range nothing.
 */
export function cutTargets(
  held: Int32Array,
  apps: number,
  blocks: number,
  basis: CurtailmentBasis,
  value: number,
  fromBlock: number,
  toBlock: number,
): Int32Array {
  if (held.length !== apps * blocks) throw new RangeError(`held has ${held.length} values, expected ${apps * blocks}`);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a non-negative centi-MW value: ${value}`);
  const out = new Int32Array(blocks);
  const from = Math.max(1, fromBlock);
  const to = Math.min(blocks, toBlock);
  for (let b = from - 1; b < to; b++) {
    if (basis === 'Reduction') {
      out[b] = value;
    } else {
      let total = 0;
      for (let a = 0; a < apps; a++) total += held[a * blocks + b]!;
      out[b] = Math.max(0, total - value);
    }
  }
  return out;
}

export interface CurtailmentCutsInput {
  /** Granted centi-MW held by each schedule, `apps × blocks`, app-major. */
  held: Int32Array;
  /** Centi-MW to cut in each block (≥ 0). */
  cuts: Int32Array;
  apps: number;
  blocks: number;
  /** The keep order (`keepOrder`): a permutation of `0 … apps − 1`, kept longest first. */
  order: Int32Array;
  rule: CurtailmentOrder;
}

/**
 * Each schedule's cut per block. The schedules keep an allocation of `Σ held − cut` among
 * themselves with their holdings as requests: pro-rata (`allocateProRata`: scaled down, rounded to
 * 0.01 MW, the odd units kept by the earliest in `order`) or in order (`allocateInOrder`: the first
 * in `order` keep everything while there is room). So per block: no schedule is cut below 0 or
 * above what it holds, and the total cut is min(cut, Σ held).
 */
export function curtailmentCuts({ held, cuts, apps, blocks, order, rule }: CurtailmentCutsInput): Int32Array {
  if (cuts.length !== blocks) throw new RangeError(`cuts has ${cuts.length} values, expected ${blocks}`);
  const remaining = new Int32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const c = cuts[b]!;
    if (c < 0) throw new RangeError(`Negative cut ${c} in block ${b}`);
    let total = 0;
    for (let a = 0; a < apps; a++) total += held[a * blocks + b]!;
    remaining[b] = Math.max(0, total - c);
  }
  const input = { requests: held, margins: remaining, apps, blocks, order };
  const kept = rule === 'ProRata' ? allocateProRata(input) : allocateInOrder(input);
  const out = new Int32Array(apps * blocks);
  for (let i = 0; i < out.length; i++) out[i] = held[i]! - kept[i]!;
  return out;
}

// ---- refund --------------------------------------------------------------------------

const SCALE = 10_000n;

/** The transmission charge bases a refund can be computed on (configuration `STU_TRANSMISSION_CHARGE`). */
export type TransmissionChargeUnit = 'INR_PER_KWH' | 'INR_PER_MW_DAY';

export interface CurtailmentRefund {
  basePaise: number;
  gstPaise: number;
  totalPaise: number;
}

/**
 * The transmission charge on curtailed centi-MW × blocks, in paise (rounded half up), with GST:
 * Rs/kWh × kWh (0.01 MW for a block = 2.5 kWh), or Rs/MW/day × MW-days (0.01 MW for a block =
 * 1/9600 MW-day, i.e. pro-rata to the time curtailed). Exact integer arithmetic.
 */
export function curtailmentRefund(
  centiBlocks: number,
  rate: string,
  unit: TransmissionChargeUnit,
  gstRatePercent: string,
): CurtailmentRefund {
  if (!Number.isSafeInteger(centiBlocks) || centiBlocks < 0) throw new RangeError(`Not a non-negative integer: ${centiBlocks}`);
  const r = toScaled(rate);
  const q = BigInt(centiBlocks);
  // Rs/kWh: rate × 2.5 × q rupees = rate_scaled × q × 250 / 10^4 paise. Rs/MW/day: rate × q / 9600 rupees.
  const base = unit === 'INR_PER_KWH' ? divRoundHalfUp(r * q * 250n, SCALE) : divRoundHalfUp(r * q * 100n, SCALE * 9600n);
  const gst = divRoundHalfUp(base * toScaled(gstRatePercent), 100n * SCALE);
  return { basePaise: Number(base), gstPaise: Number(gst), totalPaise: Number(base + gst) };
}
