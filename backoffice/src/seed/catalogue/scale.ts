/**
 * `SEED_SCALE=N`: a catalogue N times the demo's, so the shop can be measured at size (issue 14). Copy k
 * (1 … N-1) is the whole demo range again under a made-up sub-brand ("Plasterwick Ashford Multi-Fill® Powder"):
 * its own references, slugs, GTINs and prices, the same characteristics, filed in one new sub-category per
 * top-level family and copy ("Fillers: Ashford range"), so each listing stays about the size of the demo's and
 * the home page's top-level categories stay the same eight.
 *
 * Nothing is rendered for a copy: its packshots, pictograms and in-use images are the original's media rows,
 * its sub-category takes its family's cover, and its technical and safety data sheets are entries pointing at
 * the original's PDF (the document names the original product). The product catalogue and range brochures
 * stay the demo's. Copies are never promoted, so the home page and promoted slots do not change.
 */
import { slugify } from '@plasterwick/shop-rules/slug';
import { DAY_MS, HOUR_MS } from '@plasterwick/shop-rules/time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_SEED_SCALE } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import {
  categories,
  contentEntries,
  productCategories,
  productCharacteristics,
  productMedia,
  productPlans,
  productRelations,
  products,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import { syncCategoryPlans } from '../../modules/catalogue/index.ts';
import { productDescription, productInstructions } from './descriptions.ts';
import {
  characteristicRows,
  diyShelfPrice,
  productPlanTargets,
  productReference,
  productSlug,
  variantGtin,
} from './index.ts';
import { productsData, type ProductSeed } from './products-data.ts';
import { PART_PLAN_ID, PRO_PLAN_ID, UK_SITE_ID } from '../../setup/reference-data.ts';
import { categoryTree } from './catalogue-data.ts';

// 20 × 10 made-up place names: a distinct sub-brand for each of the 199 copies.
const RANGE_STEMS = [
  'Ash', 'Brook', 'Clay', 'Dale', 'Elm', 'Fern', 'Glen', 'Holt', 'Ivy', 'Kings',
  'Lark', 'Mill', 'Oak', 'Pen', 'Rush', 'Stone', 'Thorn', 'Wick', 'Wold', 'Yew',
]; // prettier-ignore
const RANGE_ENDINGS = ['ford', 'ley', 'ton', 'field', 'wood', 'mere', 'bury', 'combe', 'stead', 'wick'];

/** The sub-brand of copy `copy` (1 … MAX_SEED_SCALE - 1): "Ashford", "Brookford" … "Yewwick". */
export function rangeName(copy: number): string {
  if (!Number.isInteger(copy) || copy < 1 || copy >= MAX_SEED_SCALE) {
    throw new RangeError(`copy must be 1 to ${MAX_SEED_SCALE - 1}, not ${copy}`);
  }
  const stem = RANGE_STEMS[(copy - 1) % RANGE_STEMS.length]!;
  return stem + RANGE_ENDINGS[Math.floor((copy - 1) / RANGE_STEMS.length)]!;
}

const planIdOf = { pro: PRO_PLAN_ID, part: PART_PLAN_ID } as const;
/** Demo references run from PW-1001 to PW-1999, so copy k's numbers (k × 1000 above) never meet another's. */
const REFERENCE_STEP = 1000;
/** GTIN item numbers are five digits (`variantGtin`); the demo gives each product four of them. */
const ITEMS_PER_PRODUCT = 4;
const MAX_ITEM_NUMBER = 99_999;

export interface CopyCategory {
  slug: string;
  name: string;
  description: string;
  /** The top-level family it is filed under (its cover is the family's). */
  parentSlug: string;
  position: number;
}

export interface CopyProduct {
  /** The product as the copy: reference number, name, slug and category of its own. */
  seed: ProductSeed;
  original: ProductSeed;
  copy: number;
  /** Its place in the plans' default order: after every earlier copy. */
  position: number;
  createdAt: Date;
}

export interface CopyVariant {
  product: CopyProduct;
  /** The demo pack it copies (its packshot is shared). */
  originalReference: string;
  reference: string;
  label: string;
  quantity: number;
  unit: ProductSeed['variants'][number][3];
  /** Trade price, pence ex VAT. */
  trade: number;
  position: number;
  gtin: string;
}

/** The top-level family a demo category belongs to. */
const familyOf = (slug: string) =>
  categoryTree.find((top) => top.slug === slug || top.children?.some((child) => child.slug === slug))!;

/** The demo's creation date of a product (see `seedCatalogue`); copies are an hour apart after it. */
const demoCreatedAt = (product: ProductSeed) => Date.UTC(2024, 0, 1) + (product.n - 1000) * 3 * DAY_MS;

/**
 * A copy's trade price: the original's moved by -10 % … +10 % (a different step per copy and product, so
 * price facets and sorting see spread), rounded to end in 9 pence.
 */
export function copyTradePrice(trade: number, copy: number, productIndex: number): number {
  const percent = ((copy * 7 + productIndex * 3) % 21) - 10;
  return Math.max(9, Math.round((trade * (100 + percent)) / 1000) * 10 - 1);
}

/** The copies `SEED_SCALE=scale` adds to the demo catalogue (none for 1). Pure: the seed writes them. */
export function scaledCopies(scale: number): {
  categories: CopyCategory[];
  products: CopyProduct[];
  variants: CopyVariant[];
} {
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SEED_SCALE) {
    throw new RangeError(`SEED_SCALE must be an integer from 1 to ${MAX_SEED_SCALE}, not ${scale}`);
  }
  const families = categoryTree.filter((top) =>
    productsData.some((product) => familyOf(product.category) === top),
  );
  const copyCategories: CopyCategory[] = [];
  const copyProducts: CopyProduct[] = [];
  const copyVariants: CopyVariant[] = [];
  for (let copy = 1; copy < scale; copy++) {
    const range = rangeName(copy);
    const rangeSlug = slugify(range);
    for (const family of families) {
      copyCategories.push({
        slug: `${family.slug}-${rangeSlug}`,
        name: `${family.name}: ${range} range`,
        description: `${family.description} From the ${range} range.`,
        parentSlug: family.slug,
        position: (family.children?.length ?? 0) + copy,
      });
    }
    for (const [index, original] of productsData.entries()) {
      const name = original.name.startsWith('Plasterwick ')
        ? original.name.replace('Plasterwick ', `Plasterwick ${range} `)
        : `${range} ${original.name}`;
      const seed: ProductSeed = {
        ...original,
        n: original.n + copy * REFERENCE_STEP,
        name,
        // Like every product, the slug of its name; a demo slug chosen by hand keeps its form with the range added.
        slug: original.slug ? `${original.slug}-${rangeSlug}` : undefined,
        category: `${familyOf(original.category).slug}-${rangeSlug}`,
        promoted: undefined,
      };
      const product: CopyProduct = {
        seed,
        original,
        copy,
        position: copy * productsData.length + index,
        createdAt: new Date(demoCreatedAt(original) + copy * HOUR_MS),
      };
      copyProducts.push(product);
      for (const [
        position,
        [suffix, label, quantity, unit, trade, outerCase],
      ] of original.variants.entries()) {
        const itemNumber = 101 + (copy * productsData.length + index) * ITEMS_PER_PRODUCT + position;
        if (position >= ITEMS_PER_PRODUCT || itemNumber > MAX_ITEM_NUMBER) {
          throw new RangeError(`GTIN item numbers run out at ${productReference(seed)}`);
        }
        copyVariants.push({
          product,
          originalReference: `${productReference(original)}-${suffix}`,
          reference: `${productReference(seed)}-${suffix}`,
          label,
          quantity,
          unit,
          trade: copyTradePrice(trade, copy, index),
          position,
          gtin: variantGtin(itemNumber, outerCase ?? false),
        });
      }
    }
  }
  return { categories: copyCategories, products: copyProducts, variants: copyVariants };
}

/** Rows per INSERT: a statement may carry at most 65,535 parameters. */
const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Writes the copies of `scaledCopies(scale)` after the demo catalogue (`seedCatalogue`) is in: the demo's rows
 * it shares (media, related products, data sheets) are read back from the database.
 */
export async function seedScaledCopies(db: Database, scale: number): Promise<void> {
  const copies = scaledCopies(scale);
  if (copies.products.length === 0) return;

  const categoryRows = await db
    .select({ id: categories.id, slug: categories.slug, coverKey: categories.coverKey })
    .from(categories)
    .where(eq(categories.siteId, UK_SITE_ID));
  const family = new Map(categoryRows.map((row) => [row.slug, row]));
  const categoryIds = new Map<string, number>();
  await insertChunked(copies.categories, async (chunk) => {
    const rows = await db
      .insert(categories)
      .values(
        chunk.map((category) => ({
          siteId: UK_SITE_ID,
          parentId: family.get(category.parentSlug)!.id,
          slug: category.slug,
          name: category.name,
          description: category.description,
          position: category.position,
          coverKey: family.get(category.parentSlug)!.coverKey,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of rows) categoryIds.set(row.slug, row.id);
  });

  const productIds = new Map<string, number>();
  await insertChunked(copies.products, async (chunk) => {
    const rows = await db
      .insert(products)
      .values(
        chunk.map(({ seed, createdAt }) => ({
          siteId: UK_SITE_ID,
          reference: productReference(seed),
          slug: productSlug(seed),
          name: seed.name,
          shortDescription: seed.short,
          description: productDescription(seed),
          instructions: productInstructions(seed),
          createdAt,
        })),
      )
      .returning({ id: products.id, reference: products.reference });
    for (const row of rows) productIds.set(row.reference, row.id);
  });
  const idOf = (seed: ProductSeed) => productIds.get(productReference(seed))!;

  await insertChunked(
    copies.products.map(({ seed }) => ({
      productId: idOf(seed),
      categoryId: categoryIds.get(seed.category)!,
      isMain: true,
    })),
    (chunk) => db.insert(productCategories).values(chunk),
  );
  await insertChunked(
    copies.products.flatMap(({ seed, position }) =>
      productPlanTargets(seed).map((target) => ({
        productId: idOf(seed),
        planId: planIdOf[target],
        promoted: false,
        position,
      })),
    ),
    (chunk) => db.insert(productPlans).values(chunk),
  );
  await insertChunked(
    copies.products.flatMap(({ seed }) => characteristicRows(seed, idOf(seed))),
    (chunk) => db.insert(productCharacteristics).values(chunk),
  );

  // Packs: the original pack's packshot, the copy's own reference, GTIN and prices.
  const demoVariants = await db
    .select({ reference: variants.reference, mediaKey: variants.mediaKey })
    .from(variants);
  const packshotOf = new Map(demoVariants.map((row) => [row.reference, row.mediaKey]));
  const variantIds = new Map<string, number>();
  await insertChunked(copies.variants, async (chunk) => {
    const rows = await db
      .insert(variants)
      .values(
        chunk.map((v) => ({
          productId: idOf(v.product.seed),
          reference: v.reference,
          label: v.label,
          gtin: v.gtin,
          quantity: v.quantity,
          unit: v.unit,
          position: v.position,
          mediaKey: packshotOf.get(v.originalReference) ?? null,
        })),
      )
      .returning({ id: variants.id, reference: variants.reference });
    for (const row of rows) variantIds.set(row.reference, row.id);
  });
  await insertChunked(
    copies.variants.flatMap((v) =>
      productPlanTargets(v.product.seed).map((target) => ({
        variantId: variantIds.get(v.reference)!,
        planId: planIdOf[target],
        ...(target === 'pro' ? { priceExVatPence: v.trade } : { priceIncVatPence: diyShelfPrice(v.trade) }),
      })),
    ),
    (chunk) => db.insert(variantPrices).values(chunk),
  );

  // What the demo product has, each copy has too, pointing at its own range's products.
  const demoRows = await db
    .select({ id: products.id, reference: products.reference })
    .from(products)
    .where(
      inArray(
        products.reference,
        productsData.map((product) => productReference(product)),
      ),
    );
  const demoIndex = new Map(
    demoRows.map((row) => [row.id, productsData.findIndex((p) => productReference(p) === row.reference)]),
  );
  /** Copy `copy` of the demo product whose id is `demoId`. */
  const copyOf = (copy: number, demoId: number) =>
    copies.products[(copy - 1) * productsData.length + demoIndex.get(demoId)!]!;
  const demoIds = [...demoIndex.keys()];
  const [demoMedia, demoRelations, demoSheets] = await Promise.all([
    db.select().from(productMedia).where(inArray(productMedia.productId, demoIds)),
    db.select().from(productRelations).where(inArray(productRelations.productId, demoIds)),
    db
      .select()
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.siteId, UK_SITE_ID),
          eq(contentEntries.resource, 'notice'),
          sql`${contentEntries.data} ? 'product_id'`,
        ),
      ),
  ]);
  const copyNumbers = Array.from({ length: scale - 1 }, (_, i) => i + 1);
  await insertChunked(
    copyNumbers.flatMap((copy) =>
      demoMedia.map((row) => ({ ...row, productId: idOf(copyOf(copy, row.productId).seed) })),
    ),
    (chunk) => db.insert(productMedia).values(chunk),
  );
  await insertChunked(
    copyNumbers.flatMap((copy) =>
      demoRelations.map((row) => ({
        productId: idOf(copyOf(copy, row.productId).seed),
        relatedId: idOf(copyOf(copy, row.relatedId).seed),
        position: row.position,
      })),
    ),
    (chunk) => db.insert(productRelations).values(chunk),
  );
  // The data sheets: the copy's own entry (title, slug, search text), the original's PDF.
  await insertChunked(
    copyNumbers.flatMap((copy) =>
      demoSheets.map(({ id: _id, search: _search, ...sheet }) => {
        const { seed, original } = copyOf(copy, Number(sheet.data.product_id));
        const reference = productReference(seed);
        return {
          ...sheet,
          slug: `${sheet.type}-${reference.toLowerCase()}`,
          title: sheet.title.replace(original.name, seed.name),
          data: { ...sheet.data, product_id: idOf(seed) },
          searchText: `${seed.name} ${reference} ${seed.short}`,
        };
      }),
    ),
    (chunk) => db.insert(contentEntries).values(chunk),
  );

  await syncCategoryPlans(db, UK_SITE_ID);
}
