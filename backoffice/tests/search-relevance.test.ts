/**
 * The search's relevance set (issue 29): what a shopper types and the product that must come first on the results
 * page (`GET /product?text=`), on the demo catalogue. Exact names, names typed loosely, typos, references and GTINs
 * whole and in part, UK trade words and two-word jobs. Each suggest total must equal the results page's count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { suggestResponse } from '../src/modules/search/schemas.ts';
import { createTestApp, PART_PLAN, PRO_PLAN, q, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const listing = z.object({
  data: z.object({
    total: z.number(),
    items: z.array(z.object({ reference: z.string(), name: z.string() })),
  }),
});

async function results(text: string, plan: number) {
  const response = await t.app.inject({
    url: `/api/v1/product?${q({ saleplan_id: plan, text, perPage: 5 })}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return listing.parse(response.json()).data;
}

/** [what the shopper types, the reference that must come first, the plan (pro unless said)]. */
const firstResults: [text: string, first: string, plan?: number][] = [
  // The name as written, in part, or without its punctuation.
  ['Plasterwick Multi-Fill Powder', 'PW-1001'],
  ['Multi-Fill Powder', 'PW-1001'],
  ['multifill powder', 'PW-1001'],
  ['TradeFill', 'PW-1002'],
  ['Quick-Set 20', 'PW-1003'],
  ['quick set', 'PW-1003'],
  ['easy mix', 'PW-1004', PART_PLAN],
  ['Deep Fill', 'PW-1031'],
  ['Fine Surface Filler', 'PW-1021'],
  ['Board Finish Plaster', 'PW-1072'],
  ['Hardwall Undercoat', 'PW-1084'],
  ['Pole Sander', 'PW-1132'],
  ['taping knife', 'PW-1124'],
  ['stain block', 'PW-1114', PART_PLAN],
  // Typed in a hurry: misspelt words and words being typed.
  ['tradefil', 'PW-1002'],
  ['hardwal', 'PW-1084'],
  ['plsater primer', 'PW-1111'],
  ['morter', 'PW-1054'],
  ['jointng filler', 'PW-1092'],
  ['stainles trowel', 'PW-1122'],
  ['weatherprof', 'PW-1052'],
  // References and GTINs, whole and in part.
  ['PW-1091', 'PW-1091'],
  ['pw1091', 'PW-1091'],
  ['1091', 'PW-1091'],
  ['PW-1091-05', 'PW-1091'],
  ['1001-05', 'PW-1001'],
  ['PW-1101-B25', 'PW-1101'],
  ['05060591001027', 'PW-1001'],
  ['5060591001027', 'PW-1001'],
  ['591001027', 'PW-1001'],
  ['15060591002434', 'PW-1091'],
  // UK trade words.
  ['caulk', 'PW-1101'],
  ['pva', 'PW-1113'],
  ['hardwall', 'PW-1084'],
  ['skimming', 'PW-1071'],
  ['pointing', 'PW-1053'],
  ['chases', 'PW-1032'],
  ['arrises', 'PW-1032'],
  ['architraves', 'PW-1101'],
  ['decorators caulk', 'PW-1101'],
  // Two-word jobs.
  ['crack ceiling', 'PW-1041'],
  ['cracks in ceilings', 'PW-1041'],
  ['hairline cracks', 'PW-1021'],
  ['rotten window', 'PW-1062'],
  ['render repair', 'PW-1054'],
  ['plasterboard joints', 'PW-1091'],
  ['nail holes', 'PW-1013', PART_PLAN],
  ['mould resistant', 'PW-1103', PART_PLAN],
  ['bath sealant', 'PW-1103', PART_PLAN],
];

describe('search relevance', () => {
  it.each(firstResults)('"%s" finds %s first', async (text, first, plan = PRO_PLAN) => {
    const found = await results(text, plan);
    expect(found.items[0]?.reference, JSON.stringify(found.items.map((p) => p.name))).toBe(first);
  });

  it.each([
    ['filer', /Filler/],
    ['plastr', /Plaster/],
    ['fillers', /Filler/],
    ['plasters', /Plaster/],
  ])('"%s" finds products named for it first', async (text, name) => {
    const found = await results(text, PRO_PLAN);
    expect(found.total).toBeGreaterThan(3);
    expect(found.items.slice(0, 3).every((p) => name.test(p.name))).toBe(true);
  });

  it('finds nothing for words in no product', async () => {
    expect((await results('qqxxzzv', PRO_PLAN)).total).toBe(0);
    expect((await results('wallpaper paste', PRO_PLAN)).total).toBe(0);
  });

  it.each(['filler', 'plastr', 'crack', 'PW-10', 'joint', 'skim'])(
    'suggest counts what the results page counts for "%s"',
    async (text) => {
      for (const plan of [PRO_PLAN, PART_PLAN]) {
        const response = await t.app.inject({
          url: `/api/v1/search?${q({ saleplan_id: plan, type: 'Suggest', text })}`,
        });
        const suggested = suggestResponse.parse(response.json()).data;
        expect(suggested.products.total).toBe((await results(text, plan)).total);
      }
    },
  );

  it('answers any text without an error: punctuation, symbols, long and many-word texts', async () => {
    const texts = [
      '%',
      "'",
      '-',
      '_%\\',
      '🙂 filler',
      'a',
      '0',
      'é',
      'x'.repeat(200),
      'a b c d e f g h i j k l',
    ];
    for (const text of texts) {
      const page = await t.app.inject({ url: `/api/v1/product?${q({ saleplan_id: PRO_PLAN, text })}` });
      expect(page.statusCode, text).toBe(200);
      const suggested = await t.app.inject({
        url: `/api/v1/search?${q({ saleplan_id: PRO_PLAN, type: 'Suggest', text })}`,
      });
      expect(suggested.statusCode, text).toBe(200);
    }
  });
});
