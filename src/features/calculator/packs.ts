/**
 * The cheapest mix of pack sizes that covers a weight: an exact unbounded "covering knapsack" solved by dynamic
 * programming over pack weights (in grams, divided by their greatest common divisor).
 */

export interface Pack {
  /** Variant reference, unique per product. */
  reference: string;
  /** Net weight of one pack in grams (integer, > 0). */
  grams: number;
  /** Price of one pack in pence (integer, ≥ 0). */
  pence: number;
}

export interface PackLine {
  pack: Pack;
  count: number;
}

export interface PackMix {
  /** Lines with a count > 0, heaviest pack first. */
  lines: PackLine[];
  totalGrams: number;
  totalPence: number;
  packCount: number;
}

export interface OptimiseOptions {
  /**
   * Above this many DP cells the bulk of the weight is first filled with the best-value pack (see `solve`).
   * Exposed so the tests can force that path on small inputs.
   */
  maxCells?: number;
}

const DEFAULT_MAX_CELLS = 200_000;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Orders mixes: cheapest, then lightest (least waste), then fewest packs. Negative when `a` is better. */
export function compareMixes(
  a: { totalPence: number; totalGrams: number; packCount: number },
  b: { totalPence: number; totalGrams: number; packCount: number },
): number {
  return a.totalPence - b.totalPence || a.totalGrams - b.totalGrams || a.packCount - b.packCount;
}

/**
 * Exact DP: best[w] = best way to weigh exactly w units. An optimal cover weighs less than target + heaviest pack
 * (otherwise one pack could be dropped for a cheaper-or-equal, lighter mix), so w only goes that far.
 */
function solveExact(packs: Pack[], unitGrams: number, targetUnits: number): number[] | undefined {
  const weights = packs.map((p) => p.grams / unitGrams);
  const limit = targetUnits + Math.max(...weights);
  const pence = new Float64Array(limit).fill(Infinity);
  const count = new Float64Array(limit).fill(Infinity);
  const choice = new Int32Array(limit).fill(-1);
  pence[0] = 0;
  count[0] = 0;
  for (let w = 1; w < limit; w++) {
    for (let i = 0; i < packs.length; i++) {
      const from = w - weights[i]!;
      if (from < 0 || pence[from] === Infinity) continue;
      const candidatePence = pence[from]! + packs[i]!.pence;
      const candidateCount = count[from]! + 1;
      if (candidatePence < pence[w]! || (candidatePence === pence[w]! && candidateCount < count[w]!)) {
        pence[w] = candidatePence;
        count[w] = candidateCount;
        choice[w] = i;
      }
    }
  }
  let bestWeight = -1;
  for (let w = Math.max(targetUnits, 0); w < limit; w++) {
    if (pence[w] === Infinity) continue;
    if (
      bestWeight < 0 ||
      compareMixes(
        { totalPence: pence[w]!, totalGrams: w, packCount: count[w]! },
        { totalPence: pence[bestWeight]!, totalGrams: bestWeight, packCount: count[bestWeight]! },
      ) < 0
    )
      bestWeight = w;
  }
  if (bestWeight < 0) return undefined;
  const counts = packs.map(() => 0);
  for (let w = bestWeight; w > 0; w -= weights[choice[w]!]!) counts[choice[w]!]!++;
  return counts;
}

/**
 * Counts per pack for the cheapest cover of `targetUnits`. For very large targets the DP would be too big, so the
 * weight is first filled with the best-value pack b: by the pigeonhole principle an optimal mix exists with fewer
 * than w_b packs of other sizes (any w_b of them contain a subset whose weight is a multiple of w_b, which b packs
 * replace for no more money), so everything above that bound is b packs in some optimal mix, and the rest is
 * solved exactly.
 */
function solve(
  packs: Pack[],
  unitGrams: number,
  targetUnits: number,
  maxCells: number,
): number[] | undefined {
  const weights = packs.map((p) => p.grams / unitGrams);
  const heaviest = Math.max(...weights);
  if (targetUnits + heaviest <= maxCells) return solveExact(packs, unitGrams, targetUnits);

  let best = 0;
  for (let i = 1; i < packs.length; i++) {
    // Lower price per unit of weight; cross-multiplied to stay in integers.
    if (packs[i]!.pence * weights[best]! < packs[best]!.pence * weights[i]!) best = i;
  }
  const bound = weights[best]! * heaviest;
  const prefilled = Math.max(0, Math.floor((targetUnits - bound - heaviest) / weights[best]!));
  const rest = solveExact(packs, unitGrams, targetUnits - prefilled * weights[best]!);
  if (!rest) return undefined;
  rest[best]! += prefilled;
  return rest;
}

/**
 * The cheapest mix of `packs` weighing at least `requiredGrams`; ties go to the lighter mix, then to fewer packs.
 * Undefined when there is no pack to choose from.
 */
export function cheapestPackMix(
  packs: Pack[],
  requiredGrams: number,
  options: OptimiseOptions = {},
): PackMix | undefined {
  const usable = packs.filter((p) => Number.isInteger(p.grams) && p.grams > 0 && p.pence >= 0);
  if (usable.length === 0) return undefined;
  const unitGrams = usable.map((p) => p.grams).reduce(gcd);
  const targetUnits = Math.max(0, Math.ceil(requiredGrams / unitGrams));
  const counts = solve(usable, unitGrams, targetUnits, options.maxCells ?? DEFAULT_MAX_CELLS);
  if (!counts) return undefined;

  const lines = usable
    .map((pack, i) => ({ pack, count: counts[i]! }))
    .filter((line) => line.count > 0)
    .sort((a, b) => b.pack.grams - a.pack.grams || a.pack.pence - b.pack.pence);
  return {
    lines,
    totalGrams: lines.reduce((sum, l) => sum + l.pack.grams * l.count, 0),
    totalPence: lines.reduce((sum, l) => sum + l.pack.pence * l.count, 0),
    packCount: lines.reduce((sum, l) => sum + l.count, 0),
  };
}
