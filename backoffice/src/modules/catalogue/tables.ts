/**
 * Catalogue tables: categories, products, variants and their prices, characteristics, the selector guide's
 * questions, product media and related products. Relational because search, facets and the guide query them.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../../db/columns.ts';
import { media } from '../media/tables.ts';
import { salesPlans, sites } from '../site/tables.ts';

export const categories = pgTable(
  'category',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Media key of the cover image (see media table). */
    coverKey: text('cover_key'),
    /** Rises by one with each committed staff write to the category: a write naming an older one is refused. */
    version: integer('version').notNull().default(1),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(name, '') || ' ' || coalesce(description, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('category_site_slug').on(t.siteId, t.slug),
    index('category_search').using('gin', t.search),
  ],
);

/** Which plans a category is visible in. */
export const categoryPlans = pgTable(
  'category_plan',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.planId] })],
);

export const products = pgTable(
  'product',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reference: text('reference').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description').notNull(),
    /** Plain-text paragraphs separated by blank lines. */
    description: text('description').notNull(),
    /** Usage instructions, one step per line. */
    instructions: text('instructions').notNull().default(''),
    /**
     * Rises by one with each committed write to the product or its packs, prices, characteristics, categories,
     * plans or relations: a write naming the version it read is refused when another one came first.
     */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '') || ' ' || coalesce(reference, '')), 'A') || setweight(to_tsvector('english', coalesce(short_description, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('product_site_slug').on(t.siteId, t.slug),
    uniqueIndex('product_site_reference').on(t.siteId, t.reference),
    index('product_search').using('gin', t.search),
    index('product_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    // A search for part of a reference ("1091") matches with ILIKE '%…%'.
    index('product_reference_trgm').using('gin', sql`${t.reference} gin_trgm_ops`),
  ],
);

export const productCategories = pgTable(
  'product_category',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** The category used for the breadcrumb and `category_name`. */
    isMain: boolean('is_main').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] })],
);

/** A product's presence in a plan; a product exists in a plan iff it has a row here. */
export const productPlans = pgTable(
  'product_plan',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
    promoted: boolean('promoted').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.planId] })],
);

/** A pack size of a product, with its own reference and GTIN. */
export const variants = pgTable(
  'variant',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull().unique(),
    label: text('label').notNull(),
    /** GTIN-13 or GTIN-14, stored left-padded to 14 digits. */
    gtin: text('gtin').notNull().unique(),
    /** Net content: kilograms for powders and pastes, litres or millilitres otherwise (see `unit`). */
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit', { enum: ['kg', 'l', 'ml', 'g', 'unit'] }).notNull(),
    position: integer('position').notNull().default(0),
    /** Packshot of this pack (its size printed on it); the product page shows it when the pack is chosen. */
    mediaKey: text('media_key').references(() => media.key),
  },
  (t) => [
    index('variant_product').on(t.productId),
    index('variant_reference_trgm').using('gin', sql`${t.reference} gin_trgm_ops`),
  ],
);

/**
 * Price of a variant in a plan, in pence, stored in the plan's own basis (api-contract.md principle 2): ex VAT for
 * a plan whose `prices_include_vat` is false (trade), the shelf price inc VAT otherwise (DIY). Exactly one of the
 * two columns is set; the other basis is derived with the one rounding rule (`@plasterwick/shop-rules/money`).
 */
export const variantPrices = pgTable(
  'variant_price',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
    priceExVatPence: integer('price_ex_vat_pence'),
    priceIncVatPence: integer('price_inc_vat_pence'),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.planId] }),
    check(
      'variant_price_one_basis',
      sql`num_nonnulls(${t.priceExVatPence}, ${t.priceIncVatPence}) = 1 and coalesce(${t.priceExVatPence}, ${t.priceIncVatPence}) >= 0`,
    ),
  ],
);

/** Definition of a characteristic (technical name, label, how it filters). */
export const characteristics = pgTable('characteristic', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  /** `enum`: one or more values from a list (facet); `number`: a measured figure (shown, not faceted). */
  kind: text('kind', { enum: ['enum', 'number'] }).notNull(),
  unit: text('unit'),
  /** Whether it is offered as a facet on listings. */
  facet: boolean('facet').notNull().default(false),
  position: integer('position').notNull().default(0),
  /** For `enum`: the allowed values in display order, `[{ value, label }]`. */
  options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
});

/** A product's value for a characteristic: `enum` values one row per value, numbers in `number_value`. */
export const productCharacteristics = pgTable(
  'product_characteristic',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => characteristics.code),
    value: text('value').notNull(),
    numberValue: doublePrecision('number_value'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.code, t.value] }),
    index('product_characteristic_code_value').on(t.code, t.value),
  ],
);

/** The selector guide's questions, in order, per audience. */
export const guideQuestions = pgTable(
  'guide_question',
  {
    id: serial('id').primaryKey(),
    target: text('target', { enum: ['pro', 'part'] }).notNull(),
    code: text('code')
      .notNull()
      .references(() => characteristics.code),
    label: text('label').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('guide_question_target_code').on(t.target, t.code)],
);

/** Media attached to a product: `visuel` (packshots), `PICTO` (pictograms), `AMBIANCE` (in-use photos). */
export const productMedia = pgTable(
  'product_media',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['visuel', 'PICTO', 'AMBIANCE'] }).notNull(),
    mediaKey: text('media_key')
      .notNull()
      .references(() => media.key),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.kind, t.mediaKey] })],
);

export const productRelations = pgTable(
  'product_relation',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);
