import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestPackMix, compareMixes, type Pack } from './packs.ts';

/** Tries every combination of counts that could be part of an optimal cover. */
function bruteForce(packs: Pack[], requiredGrams: number) {
  let best: { totalPence: number; totalGrams: number; packCount: number } | undefined;
  const maxCounts = packs.map((p) => Math.ceil(requiredGrams / p.grams));
  const counts = packs.map(() => 0);
  const visit = (i: number): void => {
    if (i === packs.length) {
      const totalGrams = packs.reduce((s, p, j) => s + p.grams * counts[j]!, 0);
      if (totalGrams < requiredGrams) return;
      const mix = {
        totalGrams,
        totalPence: packs.reduce((s, p, j) => s + p.pence * counts[j]!, 0),
        packCount: counts.reduce((s, c) => s + c, 0),
      };
      if (!best || compareMixes(mix, best) < 0) best = mix;
      return;
    }
    for (let c = 0; c <= maxCounts[i]!; c++) {
      counts[i] = c;
      visit(i + 1);
    }
  };
  visit(0);
  return best;
}

const packArb = fc
  .uniqueArray(
    fc.record({
      kg: fc.constantFrom(0.5, 1, 2, 2.5, 5, 7.5, 10, 12.5, 15, 20, 25),
      pence: fc.integer({ min: 1, max: 9000 }),
    }),
    { minLength: 1, maxLength: 4, selector: (p) => p.kg },
  )
  .map((list) =>
    list.map((p, i): Pack => ({ reference: `R${i}`, grams: Math.round(p.kg * 1000), pence: p.pence })),
  );

describe('cheapestPackMix', () => {
  it('explains the example of the brief: 2 × 25 kg and 1 × 5 kg for 55 kg', () => {
    const packs: Pack[] = [
      { reference: 'B25', grams: 25_000, pence: 2_600 },
      { reference: 'B5', grams: 5_000, pence: 1_120 },
      { reference: 'T1', grams: 1_000, pence: 450 },
    ];
    const mix = cheapestPackMix(packs, 52_800);
    expect(mix?.lines.map((l) => [l.pack.reference, l.count])).toEqual([
      ['B25', 2],
      ['B5', 1],
    ]);
    expect(mix).toMatchObject({ totalGrams: 55_000, totalPence: 6_320, packCount: 3 });
  });

  it('prefers a bigger pack when it is cheaper than several small ones', () => {
    const packs: Pack[] = [
      { reference: 'B25', grams: 25_000, pence: 3_000 },
      { reference: 'B5', grams: 5_000, pence: 1_000 },
    ];
    // 4 × 5 kg = 4 000 p; 1 × 25 kg = 3 000 p covers 18 kg more cheaply despite the waste.
    expect(cheapestPackMix(packs, 18_000)?.lines.map((l) => [l.pack.reference, l.count])).toEqual([
      ['B25', 1],
    ]);
  });

  it('covers zero with no packs and returns undefined without packs', () => {
    expect(cheapestPackMix([{ reference: 'A', grams: 5000, pence: 100 }], 0)).toMatchObject({
      lines: [],
      totalPence: 0,
    });
    expect(cheapestPackMix([], 1000)).toBeUndefined();
  });

  it('matches an exhaustive search on every small case', () => {
    fc.assert(
      fc.property(packArb, fc.integer({ min: 0, max: 60_000 }), (packs, required) => {
        const mix = cheapestPackMix(packs, required);
        const expected = bruteForce(packs, required);
        expect(mix).toBeDefined();
        expect(mix!.totalGrams).toBeGreaterThanOrEqual(required);
        expect(mix!.totalPence).toBe(mix!.lines.reduce((s, l) => s + l.pack.pence * l.count, 0));
        expect({
          totalPence: mix!.totalPence,
          totalGrams: mix!.totalGrams,
          packCount: mix!.packCount,
        }).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('stays exact in cost and weight when the bulk is pre-filled with the best-value pack', () => {
    fc.assert(
      fc.property(packArb, fc.integer({ min: 0, max: 60_000 }), (packs, required) => {
        const mix = cheapestPackMix(packs, required, { maxCells: 4 })!;
        const expected = bruteForce(packs, required)!;
        expect(mix.totalGrams).toBeGreaterThanOrEqual(required);
        expect([mix.totalPence, mix.totalGrams]).toEqual([expected.totalPence, expected.totalGrams]);
      }),
      { numRuns: 300 },
    );
  });

  it('answers quickly for a very large job', () => {
    const packs: Pack[] = [
      { reference: 'B25', grams: 25_000, pence: 2_600 },
      { reference: 'B5', grams: 5_000, pence: 1_120 },
      { reference: 'T0', grams: 750, pence: 390 },
    ];
    const mix = cheapestPackMix(packs, 987_654_321)!;
    expect(mix.totalGrams).toBeGreaterThanOrEqual(987_654_321);
    expect(mix.totalGrams - 987_654_321).toBeLessThan(25_000);
  });
});
