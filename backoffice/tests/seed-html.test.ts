/** The seed's own HTML passes through the CMS sanitiser unchanged: the demo shows what a write would store. */
import { describe, expect, test, vi } from 'vitest';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase } from '../src/db/client.ts';
import type * as Sanitize from '../src/lib/sanitize.ts';
import { sanitizeHtml } from '../src/lib/sanitize.ts';
import { productDescription } from '../src/seed/catalogue/descriptions.ts';
import { productsData } from '../src/seed/catalogue/products-data.ts';
import { seedDemo } from '../src/seed/index.ts';

// Every call of the sanitiser, whoever makes it (the write schemas during the seed), is recorded with its result.
const calls = vi.hoisted(() => [] as { input: string; output: string }[]);
vi.mock('../src/lib/sanitize.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Sanitize>();
  const { z } = await import('zod');
  const recorded = (input: string) => {
    const output = real.sanitizeHtml(input);
    calls.push({ input, output });
    return output;
  };
  return { sanitizeHtml: recorded, htmlText: (max: number) => z.string().max(max).transform(recorded) };
});

describe('the seed', () => {
  test('every seeded HTML string passes through unchanged', async () => {
    for (const product of productsData) {
      const description = productDescription(product);
      expect(sanitizeHtml(description), product.name).toBe(description);
    }

    calls.length = 0;
    const database = await openDatabase({ dataMigrations: dataMigrationList });
    try {
      await seedDemo(database.db, { log: () => {} });
    } finally {
      await database.close();
    }
    // Page blocks, folder steps and FAQ answers of the seed all went through the write schemas' sanitiser.
    expect(calls.length).toBeGreaterThan(50);
    expect(calls.some((c) => c.input.startsWith('<p>'))).toBe(true);
    expect(calls.filter((c) => c.output !== c.input)).toEqual([]);
  }, 120_000);
});
