/**
 * Data set `catalogue` (demo): the subsidiary sites, characteristics, selector-guide questions, the category tree and
 * the product range with variants, prices, packshots, pictograms, in-use images, related products, and a
 * technical and a safety data sheet (PDF) per product, each registered as a `notice` content entry.
 */
import { VAT_RATE_BP } from '@plasterwick/shop-rules/constants';
import { grossFromNet } from '@plasterwick/shop-rules/money';
import { slugify } from '@plasterwick/shop-rules/slug';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import {
  categories,
  categoryPlans,
  characteristics,
  contentEntries,
  guideQuestions,
  productCategories,
  productCharacteristics,
  productMedia,
  productPlans,
  productRelations,
  products,
  sites,
  variantPrices,
  variants,
} from '../../db/schema.ts';
import { mediaUrl } from '../../lib/media.ts';
import { storePdf, storeSvgImage } from '../media.ts';
import {
  categoryCoverSvg,
  packOf,
  packshotSvg,
  pictogramSvg,
  pictograms,
  sceneSvg,
  scenes,
} from './artwork.ts';
import { productDescription, productInstructions } from './descriptions.ts';
import { gtinCheckDigit } from './gtin.ts';
import { productsData, type ProductSeed } from './products-data.ts';
import { safetyDataSheet } from '../../modules/catalogue/documents/safety-data-sheet.ts';
import type { SheetProduct } from '../../modules/catalogue/documents/sheet-product.ts';
import { technicalDataSheet } from '../../modules/catalogue/documents/technical-data-sheet.ts';
import { PART_PLAN_ID, PRO_PLAN_ID, UK_SITE_ID } from '../../setup/reference-data.ts';
import {
  categoryTree,
  characteristicsData,
  guideQuestionsData,
  subsidiarySitesData,
} from './catalogue-data.ts';

const planIdOf = { pro: PRO_PLAN_ID, part: PART_PLAN_ID } as const;

export const productReference = (product: ProductSeed) => `PW-${product.n}`;
export const productSlug = (product: ProductSeed) => product.slug ?? slugify(product.name);
export const productPlanTargets = (product: ProductSeed): ('pro' | 'part')[] =>
  product.plans === 'both' ? ['pro', 'part'] : [product.plans];

/** DIY price ex VAT: about 15 % above trade, ending in 9. */
export const diyPrice = (tradePence: number) => Math.ceil((tradePence * 1.15) / 10) * 10 - 1;

/**
 * DIY shelf price inc VAT, as stored (the plan's prices include VAT): the amount the shop has always shown for
 * `diyPrice` (migration 0005 moved stored prices the same way), so pages did not change.
 */
export const diyShelfPrice = (tradePence: number) => grossFromNet(diyPrice(tradePence), VAT_RATE_BP);

/**
 * GTIN of a variant: GS1 UK prefix 50, a fictional company prefix, then the item number. Outer cases get a
 * GTIN-14 with packaging indicator 1; unit packs a GTIN-13 (stored left-padded to 14 digits).
 */
export function variantGtin(itemNumber: number, outerCase: boolean): string {
  const body12 = `5060591${String(itemNumber).padStart(5, '0')}`;
  if (outerCase) {
    const body13 = `1${body12}`;
    return body13 + gtinCheckDigit(body13);
  }
  return `0${body12}${gtinCheckDigit(body12)}`;
}

/** Every variant of the range with its reference and GTIN (item numbers follow the list order). */
export const catalogueVariants = productsData.flatMap((product, productIndex) =>
  product.variants.map(([suffix, label, quantity, unit, trade, outerCase], position) => ({
    product,
    reference: `${productReference(product)}-${suffix}`,
    label,
    quantity,
    unit,
    trade,
    position,
    gtin: variantGtin(101 + productIndex * 4 + position, outerCase ?? false),
  })),
);

/** The `product_characteristic` rows of a product (enum values one row each, numbers with `number_value`). */
export function characteristicRows(product: ProductSeed, productId: number) {
  const enumRows = (code: string, values: string[] | undefined) =>
    (values ?? []).map((value) => ({ productId, code, value, numberValue: null }));
  const numberRow = (code: string, value: number | undefined) =>
    value === undefined ? [] : [{ productId, code, value: String(value), numberValue: value }];
  const kilos = product.variants.filter(([, , , unit]) => unit === 'kg').map(([, , quantity]) => quantity);
  return [
    ...enumRows('surface', product.surface),
    ...enumRows('job', product.job),
    ...enumRows('finish', product.finish),
    ...enumRows('format', [product.format]),
    ...enumRows('use', product.use ? [product.use] : []),
    ...enumRows('colour', product.colour),
    ...numberRow('consumption', product.consumption),
    ...numberRow('max_thickness', product.maxThickness),
    ...numberRow('drying_time', product.drying),
    ...numberRow('overcoat_time', product.overcoat),
    // The calculator divides by the largest bag or tub a customer can buy.
    ...numberRow('pack_weight', kilos.length ? Math.max(...kilos) : undefined),
  ];
}

/** Pictogram keys that apply to a product. */
function pictogramKeys(product: ProductSeed): string[] {
  if (product.format === 'tool') return [];
  const keys: string[] = [];
  if (product.use !== 'exterior') keys.push('interior');
  if (product.use !== 'interior') keys.push('exterior');
  if (
    (product.format === 'powder' || product.format === 'ready_mixed') &&
    !product.job?.includes('priming')
  ) {
    keys.push('sandable');
  }
  if (!product.notPaintable) keys.push('paintable');
  if ((product.drying ?? 99) <= 1) keys.push('quick_drying');
  if (product.category === 'flexible-fillers' || product.category === 'caulks-and-sealants')
    keys.push('flexible');
  if ((product.maxThickness ?? 0) >= 30) keys.push('deep_fill');
  return keys;
}

const sceneByCategory: Record<string, string> = {
  'powder-fillers': 'wall_repair',
  'ready-mixed-fillers': 'wall_repair',
  'fine-surface-fillers': 'wall_repair',
  'deep-gap-fillers': 'wall_repair',
  'flexible-fillers': 'wall_repair',
  'exterior-fillers': 'exterior',
  'wood-fillers': 'woodwork',
  'finishing-plasters': 'skimming',
  'patching-plasters': 'skimming',
  jointing: 'jointing',
  'caulks-and-sealants': 'woodwork',
  'primers-and-preparation': 'skimming',
  'filling-knives': 'wall_repair',
};

/** Runs `tasks` with at most `limit` in flight (rendering is CPU-bound; the database serialises anyway). */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += limit) await Promise.all(items.slice(i, i + limit).map(task));
}

export async function seedCatalogue(db: Database): Promise<void> {
  await db.insert(sites).values(subsidiarySitesData);
  await db.insert(characteristics).values(characteristicsData);
  await db.insert(guideQuestions).values(guideQuestionsData);

  // Categories, parents first so children can point at them.
  const categoryIds = new Map<string, number>();
  const parentOf = new Map<string, string>();
  for (const [position, top] of categoryTree.entries()) {
    const [row] = await db
      .insert(categories)
      .values({
        siteId: UK_SITE_ID,
        slug: top.slug,
        name: top.name,
        description: top.description,
        position: position + 1,
      })
      .returning({ id: categories.id });
    categoryIds.set(top.slug, row!.id);
    if (top.children?.length) {
      const children = await db
        .insert(categories)
        .values(
          top.children.map((child, i) => ({
            siteId: UK_SITE_ID,
            parentId: row!.id,
            slug: child.slug,
            name: child.name,
            description: child.description,
            position: i + 1,
          })),
        )
        .returning({ id: categories.id, slug: categories.slug });
      for (const child of children) {
        categoryIds.set(child.slug, child.id);
        parentOf.set(child.slug, top.slug);
      }
    }
  }
  const allCategories = categoryTree.flatMap((top) => [top, ...(top.children ?? [])]);
  await inBatches(allCategories, 4, async (category) => {
    const key = await storeSvgImage(
      db,
      `c/${category.slug}-cover`,
      categoryCoverSvg(category.name, category.description),
      {
        alt: category.name,
        width: 1200,
      },
    );
    await db
      .update(categories)
      .set({ coverKey: key })
      .where(eq(categories.id, categoryIds.get(category.slug)!));
  });

  // Products and everything hanging off them.
  const productRows = await db
    .insert(products)
    .values(
      productsData.map((product) => ({
        siteId: UK_SITE_ID,
        reference: productReference(product),
        slug: productSlug(product),
        name: product.name,
        shortDescription: product.short,
        description: productDescription(product),
        instructions: productInstructions(product),
        // Spread creation dates so "newest" ordering is meaningful: later references are newer.
        createdAt: new Date(Date.UTC(2024, 0, 1) + (product.n - 1000) * 3 * DAY_MS),
      })),
    )
    .returning({ id: products.id, reference: products.reference });
  const productIds = new Map(productRows.map((row) => [row.reference, row.id]));
  const idOf = (product: ProductSeed) => productIds.get(productReference(product))!;

  await db.insert(productCategories).values(
    productsData.map((product) => ({
      productId: idOf(product),
      categoryId: categoryIds.get(product.category)!,
      isMain: true,
    })),
  );
  await db.insert(productPlans).values(
    productsData.flatMap((product, position) =>
      productPlanTargets(product).map((target) => ({
        productId: idOf(product),
        planId: planIdOf[target],
        promoted: product.promoted?.includes(target) ?? false,
        position,
      })),
    ),
  );

  const variantSeeds = catalogueVariants.map((v) => ({
    product: v.product,
    trade: v.trade,
    row: {
      productId: idOf(v.product),
      reference: v.reference,
      label: v.label,
      gtin: v.gtin,
      quantity: v.quantity,
      unit: v.unit,
      position: v.position,
    },
  }));
  const variantRows = await db
    .insert(variants)
    .values(variantSeeds.map((v) => v.row))
    .returning({ id: variants.id, reference: variants.reference });
  const variantIds = new Map(variantRows.map((row) => [row.reference, row.id]));
  await db.insert(variantPrices).values(
    variantSeeds.flatMap(({ product, trade, row }) =>
      productPlanTargets(product).map((target) => ({
        variantId: variantIds.get(row.reference)!,
        planId: planIdOf[target],
        ...(target === 'pro' ? { priceExVatPence: trade } : { priceIncVatPence: diyShelfPrice(trade) }),
      })),
    ),
  );

  await db
    .insert(productCharacteristics)
    .values(productsData.flatMap((product) => characteristicRows(product, idOf(product))));

  // A category is in a plan iff it or one of its descendants has products there.
  const categoryPlanRows = new Set<string>();
  for (const product of productsData) {
    for (const target of productPlanTargets(product)) {
      for (let slug: string | undefined = product.category; slug; slug = parentOf.get(slug)) {
        categoryPlanRows.add(`${categoryIds.get(slug)}:${planIdOf[target]}`);
      }
    }
  }
  await db.insert(categoryPlans).values(
    [...categoryPlanRows].map((pair) => {
      const [categoryId, planId] = pair.split(':').map(Number);
      return { categoryId: categoryId!, planId: planId! };
    }),
  );

  // Media: shared pictograms and scenes first, then one packshot per product.
  const pictoKeys = new Map<string, string>();
  await inBatches(Object.keys(pictograms), 4, async (key) => {
    pictoKeys.set(
      key,
      await storeSvgImage(db, `picto/${key}`, pictogramSvg(key), { alt: pictograms[key]!.title, width: 128 }),
    );
  });
  const sceneKeys = new Map<string, string>();
  await inBatches(Object.keys(scenes), 3, async (key) => {
    sceneKeys.set(
      key,
      await storeSvgImage(db, `ambiance/${key}`, sceneSvg(key), { alt: scenes[key]!.alt, width: 1200 }),
    );
  });
  // Every pack gets its own packshot (its format and net content); the product's visuel is its first pack's.
  await inBatches(catalogueVariants, 4, async (variant) => {
    const imageKey = await storeSvgImage(
      db,
      `p/${variant.reference.toLowerCase()}-pack`,
      packshotSvg(packOf(variant.label), variant.product.name),
      { alt: `${variant.product.name}, ${variant.label}`, width: 800 },
    );
    await db
      .update(variants)
      .set({ mediaKey: imageKey })
      .where(eq(variants.id, variantIds.get(variant.reference)!));
  });
  await inBatches(productsData, 4, async (product) => {
    const reference = productReference(product);
    const packLabel = product.variants[0]![1];
    const key = await storeSvgImage(
      db,
      `p/${reference.toLowerCase()}-visuel-1`,
      packshotSvg(packOf(packLabel), product.name),
      { alt: `${product.name}, ${packLabel}`, width: 800 },
    );
    const productId = idOf(product);
    const scene = sceneByCategory[product.category];
    await db.insert(productMedia).values([
      { productId, kind: 'visuel', mediaKey: key, title: product.name, position: 0 },
      ...pictogramKeys(product).map((picto, position) => ({
        productId,
        kind: 'PICTO' as const,
        mediaKey: pictoKeys.get(picto)!,
        title: pictograms[picto]!.title,
        position,
      })),
      ...(scene
        ? [
            {
              productId,
              kind: 'AMBIANCE' as const,
              mediaKey: sceneKeys.get(scene)!,
              title: scenes[scene]!.alt,
              position: 0,
            },
          ]
        : []),
    ]);
  });

  await db.insert(productRelations).values(
    productsData.flatMap((product) =>
      relatedOf(product).map((related, position) => ({
        productId: idOf(product),
        relatedId: idOf(related),
        position,
      })),
    ),
  );

  // Technical and safety data sheets: a real PDF of each per product, listed by the CMS `notice` resource.
  await inBatches(productsData, 6, async (product) => {
    const reference = productReference(product);
    const sheets = [
      {
        type: 'technical-data-sheet',
        label: 'Technical data sheets',
        prefix: 'tds',
        title: `${product.name} technical data sheet`,
        content: technicalDataSheet(sheetProductOf(product), characteristicsData),
      },
      {
        type: 'safety-data-sheet',
        label: 'Safety data sheets',
        prefix: 'sds',
        title: `${product.name} safety data sheet`,
        content: safetyDataSheet(sheetProductOf(product), characteristicsData),
      },
    ];
    for (const sheet of sheets) {
      const file = await storePdf(db, `docs/${sheet.prefix}-${reference.toLowerCase()}.pdf`, sheet.content);
      await db.insert(contentEntries).values({
        siteId: UK_SITE_ID,
        resource: 'notice',
        type: sheet.type,
        slug: `${sheet.type}-${reference.toLowerCase()}`,
        title: sheet.title,
        status: 'published',
        audiences: productPlanTargets(product),
        data: {
          section: 'technical',
          type: { slug: sheet.type, label: sheet.label },
          file: { url: mediaUrl(file.key), size_bytes: file.size },
          product_id: idOf(product),
        },
        searchText: `${product.name} ${reference} ${product.short}`,
        publishedAt: new Date(Date.UTC(2025, 0, 15)),
      });
    }
  });
}

/** 2–4 related products sharing a plan: same category first, then the family, then a tool or primer to go with it. */
function relatedOf(product: ProductSeed): ProductSeed[] {
  const targets = productPlanTargets(product);
  const shareAPlan = (other: ProductSeed) =>
    other !== product && productPlanTargets(other).some((target) => targets.includes(target));
  const topOf = (slug: string) =>
    categoryTree.find((top) => top.slug === slug || top.children?.some((c) => c.slug === slug))!.slug;
  const candidates = productsData.filter(shareAPlan);
  const sameCategory = candidates.filter((other) => other.category === product.category);
  const sameFamily = candidates.filter(
    (other) => other.category !== product.category && topOf(other.category) === topOf(product.category),
  );
  const companions = candidates.filter((other) =>
    product.format === 'tool'
      ? other.format !== 'tool' && other.promoted?.length
      : ['filling-knives', 'sanding', 'primers-and-preparation'].includes(other.category) &&
        other.category !== product.category,
  );
  const picked: ProductSeed[] = [];
  for (const pool of [
    sameCategory.slice(0, 2),
    sameFamily.slice(0, 1),
    companions.slice(product.n % 3, (product.n % 3) + 1),
    sameCategory.slice(2),
    sameFamily.slice(1),
  ]) {
    for (const other of pool) if (picked.length < 3 && !picked.includes(other)) picked.push(other);
  }
  return picked;
}

/** The product as the data sheet generators read it (modules/catalogue/documents). */
function sheetProductOf(product: ProductSeed): SheetProduct {
  return {
    ...product,
    reference: productReference(product),
    description: productDescription(product),
    instructions: productInstructions(product),
    packs: catalogueVariants.filter((v) => v.product === product),
  };
}
