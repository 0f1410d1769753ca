/**
 * Allocation of transmission margin to STOA applications (DOMAIN.md §3 Processing,
 * DOMAIN-REFERENCE.md §3.1). Pure code on typed arrays, no I/O.
 *
 * Units: every quantity is an integer number of hundredths of a MW ("centi-MW": 1234 = 12.34 MW),
 * never a binary float (ARCHITECTURE.md §4); `mwToCenti` and `centiToMw` are in common/units.ts.
 *
 * Layout: `requests` and the returned grants are one flat `Int32Array` of `apps × blocks`, app-major:
 * the value of application `a` in block `b` is at `a * blocks + b`, so one application's row is
 * `requests.subarray(a * blocks, (a + 1) * blocks)`. A "block" is any unit that has its own margin:
 * for a multi-day run the caller lays out each (day, time block) pair as one block, e.g.
 * `block = day * 96 + (timeBlock - 1)` with `blocks = days * 96`, and `margins` in the same order.
 * Blocks are independent of each other; the layout only has to agree between the three arrays.
 *
 * `order` lists the application indices by earliest submission first (a permutation of
 * `0 … apps − 1`); it breaks ties (pro-rata leftovers) and is the serving order of FCFS.
 */

export interface AllocationInput {
  /** Requested centi-MW, `apps × blocks`, app-major (`a * blocks + b`); no negative values. */
  requests: Int32Array;
  /** Available margin of each block in centi-MW; zero or negative means nothing can be granted. */
  margins: Int32Array;
  apps: number;
  blocks: number;
  /** Application indices by earliest submission first: a permutation of `0 … apps − 1`. */
  order: Int32Array;
}

function checkInput({ requests, margins, apps, blocks, order }: AllocationInput): void {
  if (!Number.isSafeInteger(apps) || apps < 0 || !Number.isSafeInteger(blocks) || blocks < 0) {
    throw new RangeError(`apps and blocks must be non-negative integers (got ${apps}, ${blocks})`);
  }
  if (requests.length !== apps * blocks) {
    throw new RangeError(`requests has ${requests.length} values, expected apps × blocks = ${apps * blocks}`);
  }
  if (margins.length !== blocks) throw new RangeError(`margins has ${margins.length} values, expected ${blocks}`);
  if (order.length !== apps) throw new RangeError(`order has ${order.length} values, expected ${apps}`);
  const seen = new Uint8Array(apps);
  for (let i = 0; i < apps; i++) {
    const a = order[i]!;
    if (a < 0 || a >= apps || seen[a] === 1) throw new RangeError('order must be a permutation of the application indices');
    seen[a] = 1;
  }
}

/** floor(r × m / t) exactly, for non-negative integers with t > 0 and t ≤ 2^53. */
function floorMulDiv(r: number, m: number, t: number): number {
  const p = r * m;
  if (p <= Number.MAX_SAFE_INTEGER) return Math.floor(p / t); // exact, see allocateProRata
  return Number((BigInt(r) * BigInt(m)) / BigInt(t));
}

/**
 * Day-Ahead rule (applications of one window at par). Per block: when the requests fit the margin
 * every request is granted in full; otherwise each request is scaled by margin / Σ requests and
 * rounded down to 0.01 MW, and the leftover units (fewer than the number of requesting
 * applications) go 0.01 MW at a time to the applications by earliest submission (`order`), at most
 * one unit each, never above a request. The total granted per block is min(margin, Σ requests);
 * a block with a margin ≤ 0 grants nothing.
 *
 * Note: because leftovers follow submission order, a larger request can end up exactly 0.01 MW
 * below a smaller, earlier one when both round down to the same share (see the tests).
 *
 * Returns the grants in the layout of `requests`. Throws a RangeError on malformed input or a
 * negative request.
 */
export function allocateProRata(input: AllocationInput): Int32Array {
  checkInput(input);
  const { requests, margins, apps, blocks, order } = input;
  const granted = new Int32Array(apps * blocks);
  if (apps === 0 || blocks === 0) return granted;

  // Σ requests per block (exact: integers far below 2^53). App-major, so the reads are sequential.
  const totals = new Float64Array(blocks);
  let maxRequest = 0;
  for (let a = 0, i = 0; a < apps; a++) {
    for (let b = 0; b < blocks; b++, i++) {
      const r = requests[i]!;
      if (r < 0) throw new RangeError(`Negative request ${r} of application ${a} in block ${b}`);
      if (r > maxRequest) maxRequest = r;
      totals[b] = totals[b]! + r;
    }
  }

  // Every grant is floor(request × num / den): num/den = 0/1 with no margin, 1/1 where the requests
  // fit, margin/total where congested. One formula for every block keeps the hot loop free of
  // data-dependent branches (which cost more than the division on mixed data).
  const num = new Float64Array(blocks);
  const den = new Float64Array(blocks);
  let maxNum = 0;
  for (let b = 0; b < blocks; b++) {
    const m = margins[b]!;
    const t = totals[b]!;
    if (t > Number.MAX_SAFE_INTEGER) throw new RangeError(`Total request of block ${b} is too large`);
    num[b] = m <= 0 ? 0 : t <= m ? 1 : m;
    den[b] = m <= 0 || t <= m ? 1 : t;
    if (num[b]! > maxNum) maxNum = num[b]!;
  }
  const sums = new Float64Array(blocks);
  if (maxRequest * maxNum <= Number.MAX_SAFE_INTEGER) {
    // Products below 2^53 are exact and IEEE division is correctly rounded, which cannot carry a
    // non-integer quotient up to the next integer (its distance to it is ≥ 1/den > ulp/2).
    for (let a = 0, i = 0; a < apps; a++) {
      for (let b = 0; b < blocks; b++, i++) {
        const g = Math.floor((requests[i]! * num[b]!) / den[b]!);
        granted[i] = g;
        sums[b] = sums[b]! + g;
      }
    }
  } else {
    for (let a = 0, i = 0; a < apps; a++) {
      for (let b = 0; b < blocks; b++, i++) {
        const g = floorMulDiv(requests[i]!, num[b]!, den[b]!);
        granted[i] = g;
        sums[b] = sums[b]! + g;
      }
    }
  }

  // Leftover units per block: min(margin, total) − Σ rounded-down shares, 0 unless congested.
  // They go one each to the requesting applications by earliest submission: in a congested block
  // every requesting application got strictly less than its request (the scale is < 1), and there
  // are fewer leftover units than requesting applications, so one pass in order is enough.
  const leftover = new Int32Array(blocks);
  const pending = new Int32Array(blocks);
  let pendingCount = 0;
  for (let b = 0; b < blocks; b++) {
    leftover[b] = Math.min(Math.max(0, margins[b]!), totals[b]!) - sums[b]!;
    if (leftover[b]! > 0) pending[pendingCount++] = b;
  }
  for (let k = 0; k < apps && pendingCount > 0; k++) {
    const row = order[k]! * blocks;
    for (let p = 0; p < pendingCount;) {
      const b = pending[p]!;
      const i = row + b;
      const g = granted[i]!;
      const unit = (g - requests[i]!) >>> 31; // 1 if g < request (both are int32), without a branch
      granted[i] = g + unit;
      const left = leftover[b]! - unit;
      leftover[b] = left;
      if (left === 0) {
        pending[p] = pending[--pendingCount]!; // block done; look at the one moved here next
      } else {
        p++;
      }
    }
  }
  return granted;
}

/**
 * FCFS and Contingency rule: applications in submission order (`order`), each granted up to the
 * margin still remaining in each block (partial grants allowed), the remaining margin reduced by
 * what it got. A block with a margin ≤ 0 grants nothing. Returns grants in the layout of
 * `requests`; throws a RangeError on malformed input or a negative request.
 */
export function allocateInOrder(input: AllocationInput): Int32Array {
  checkInput(input);
  const { requests, margins, apps, blocks, order } = input;
  const granted = new Int32Array(apps * blocks);
  const remaining = new Int32Array(blocks);
  for (let b = 0; b < blocks; b++) remaining[b] = Math.max(0, margins[b]!);
  for (let k = 0; k < apps; k++) {
    const a = order[k]!;
    const row = a * blocks;
    for (let b = 0; b < blocks; b++) {
      const r = requests[row + b]!;
      if (r < 0) throw new RangeError(`Negative request ${r} of application ${a} in block ${b}`);
      const left = remaining[b]!;
      const g = r < left ? r : left;
      granted[row + b] = g;
      remaining[b] = left - g;
    }
  }
  return granted;
}

/** Application statuses that follow from an allocation (DOMAIN.md §3). */
export type AllocationOutcome = 'Approved' | 'PartiallyApproved' | 'NoSTOARejected';

/**
 * The outcome of one application from its requested and granted values (same layout, e.g. its
 * rows `requests.subarray(a * blocks, (a + 1) * blocks)` and the matching grants): every request
 * granted in full → 'Approved'; nothing granted although something was requested →
 * 'NoSTOARejected'; otherwise 'PartiallyApproved'. Throws a RangeError if the lengths differ or a
 * grant is negative or above its request.
 */
export function outcomeOf(requested: Int32Array, granted: Int32Array): AllocationOutcome {
  if (requested.length !== granted.length) {
    throw new RangeError(`requested has ${requested.length} values, granted ${granted.length}`);
  }
  let full = true;
  let any = false;
  for (let i = 0; i < requested.length; i++) {
    const r = requested[i]!;
    const g = granted[i]!;
    if (g < 0 || g > r) throw new RangeError(`Grant ${g} outside 0…${r} at ${i}`);
    if (g < r) full = false;
    if (g > 0) any = true;
  }
  if (full) return 'Approved';
  return any ? 'PartiallyApproved' : 'NoSTOARejected';
}
