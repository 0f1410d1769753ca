import { allocateInOrder, allocateProRata } from './allocation';
import type { ApplicationType } from './applications.workflow';

/**
 * Processing of a batch of applications against the margins of the elements on their paths
 * (DOMAIN.md §3 Processing, decision 0011). Pure code: the API reads the margins, the holdings and
 * the requests, calls these functions per day and writes the grants.
 *
 * An application's path is the set of ATC element keys it uses (its seller's injection substation
 * and its buyer's drawal substation). The rule: each element's remaining margin is allocated among
 * all the batch's applications using that element with the type's rule, and each application gets,
 * per block, the least of its shares over the elements of its path. The sum of the grants on an
 * element never exceeds that element's share total, hence never its remaining margin. An element
 * without a margin has none (0); an application without any element on its path gets nothing.
 */

/** How a type is allocated: pro-rata at par (Day-Ahead), in submission order (FCFS, contingency), or all-or-congested (Advance). */
export type ProcessingRule = 'ProRata' | 'InOrder' | 'FullOrCongested';

export function processingRuleOf(type: ApplicationType): ProcessingRule {
  if (type === 'DayAhead') return 'ProRata';
  if (type === 'Advance') return 'FullOrCongested';
  return 'InOrder';
}

export interface PathBatch {
  /** Per application, in submission order (index 0 submitted first): requested centi-MW per block. */
  requests: readonly Int32Array[];
  /** Per application: the element keys of its path (duplicates are ignored). */
  paths: readonly (readonly string[])[];
  /** Remaining margin per element key (centi-MW per block); an element not in the map has no margin. */
  margins: ReadonlyMap<string, Int32Array>;
  blocks: number;
}

/** Element key → the indices (ascending, i.e. by submission) of the applications using it. */
function membersByElement(paths: readonly (readonly string[])[]): Map<string, number[]> {
  const members = new Map<string, number[]>();
  paths.forEach((path, i) => {
    for (const e of new Set(path)) {
      const list = members.get(e);
      if (list) list.push(i);
      else members.set(e, [i]);
    }
  });
  return members;
}

/**
 * Grants of the batch per application (same order as `requests`) with the pro-rata or in-order
 * rule per element, the least share over the path. Throws a RangeError on malformed input.
 */
export function allocateOnPaths(batch: PathBatch, rule: 'ProRata' | 'InOrder'): Int32Array[] {
  const { requests, paths, margins, blocks } = batch;
  if (requests.length !== paths.length) throw new RangeError('requests and paths differ in length');
  for (const r of requests) if (r.length !== blocks) throw new RangeError(`a request has ${r.length} blocks, expected ${blocks}`);
  // Upper bound: the request; an application without any element gets nothing.
  const grants = requests.map((r, i) => (new Set(paths[i]).size > 0 ? Int32Array.from(r) : new Int32Array(blocks)));
  const allocate = rule === 'ProRata' ? allocateProRata : allocateInOrder;
  for (const [element, members] of membersByElement(paths)) {
    const apps = members.length;
    const flat = new Int32Array(apps * blocks);
    members.forEach((a, k) => flat.set(requests[a]!, k * blocks));
    const margin = margins.get(element) ?? new Int32Array(blocks);
    if (margin.length !== blocks) throw new RangeError(`the margin of ${element} has ${margin.length} blocks, expected ${blocks}`);
    const order = Int32Array.from(members.keys());
    const shares = allocate({ requests: flat, margins: margin, apps, blocks, order });
    members.forEach((a, k) => {
      const g = grants[a]!;
      for (let b = 0, i = k * blocks; b < blocks; b++, i++) if (shares[i]! < g[b]!) g[b] = shares[i]!;
    });
  }
  return grants;
}

export interface Congestion {
  element: string;
  /** Blocks (0-based) where the batch's requests on the element exceed its remaining margin. */
  blocks: number[];
}

/**
 * Advance: the elements and blocks where the batch's requests exceed the remaining margin (an
 * empty list means every application can be granted in full).
 */
export function congestionOf(batch: PathBatch): Congestion[] {
  const { requests, paths, margins, blocks } = batch;
  const out: Congestion[] = [];
  for (const [element, members] of membersByElement(paths)) {
    const margin = margins.get(element);
    const congested: number[] = [];
    for (let b = 0; b < blocks; b++) {
      let total = 0;
      for (const a of members) total += requests[a]![b]!;
      if (total > 0 && total > Math.max(0, margin?.[b] ?? 0)) congested.push(b);
    }
    if (congested.length > 0) out.push({ element, blocks: congested });
  }
  // Applications without a path cannot be granted either: report them as a congestion of ''.
  const noPath: number[] = [];
  requests.forEach((r, i) => {
    if (new Set(paths[i]).size === 0 && r.some((v) => v > 0)) noPath.push(i);
  });
  if (noPath.length > 0)
    out.push({
      element: '',
      blocks: [...new Set(noPath.flatMap((i) => [...requests[i]!.keys()].filter((b) => requests[i]![b]! > 0)))].sort((x, y) => x - y),
    });
  return out;
}

/** The margin available to one application: per block the least remaining margin over its path (0 without a path). */
export function availableOnPath(path: readonly string[], margins: ReadonlyMap<string, Int32Array>, blocks: number): Int32Array {
  const out = new Int32Array(blocks);
  const keys = [...new Set(path)];
  if (keys.length === 0) return out;
  out.fill(0x7fffffff);
  for (const e of keys) {
    const m = margins.get(e);
    for (let b = 0; b < blocks; b++) {
      const v = Math.max(0, m?.[b] ?? 0);
      if (v < out[b]!) out[b] = v;
    }
  }
  return out;
}
