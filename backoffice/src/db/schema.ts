/**
 * The back-office data model. Catalogue data (products, variants, prices, characteristics, categories) is
 * relational because search, facets and the selector guide query it; CMS content is one table of typed
 * entries whose `data` is validated per resource by zod (see modules/content/resources.ts).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A country site (the UK site has id 3). */
export const sites = pgTable('site', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  /** Host names this site answers for in the site lookup. */
  hosts: text('hosts').array().notNull(),
  /** `[{ code, label }]` */
  languages: jsonb('languages').$type<{ code: string; label: string }[]>().notNull(),
  /** Whether this is the shop served by this back-office (the others are subsidiary sites listed in the header). */
  isLocal: boolean('is_local').notNull().default(false),
});

/** A sales plan: one per audience (`pro`, `part`) per site. */
export const salesPlans = pgTable('sales_plan', {
  id: integer('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  target: text('target', { enum: ['pro', 'part'] }).notNull(),
  label: text('label').notNull(),
  currencyCode: text('currency_code').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  /** VAT rate in basis points (2000 = 20 %). */
  vatRateBp: integer('vat_rate_bp').notNull(),
});

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
  },
  (t) => [index('variant_product').on(t.productId)],
);

/** Price of a variant in a plan, in pence excluding VAT. */
export const variantPrices = pgTable(
  'variant_price',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => salesPlans.id),
    priceExVatPence: integer('price_ex_vat_pence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.planId] })],
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

/** Files served under /api/v1/media/{key}: images (with a WebP twin) and PDFs, stored in the database. */
export const media = pgTable('media', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: customType<{ data: Buffer }>({ dataType: () => 'bytea' })('bytes').notNull(),
  /** Key of the WebP twin, for raster images. */
  webpKey: text('webp_key'),
  width: integer('width'),
  height: integer('height'),
  alt: text('alt').notNull().default(''),
});

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

/**
 * CMS content of every kind (pages, news, jobs, folders, FAQ, documents, sliders, pushes, testimonies, menus,
 * settings, tags, reference lists). `data` is validated by the resource's zod schema.
 */
export const contentEntries = pgTable(
  'content_entry',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    resource: text('resource').notNull(),
    /** Page type technical name (`cms`, `actualite`, `job`), folder/document type, tag kind… */
    type: text('type'),
    slug: text('slug'),
    title: text('title').notNull().default(''),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('published'),
    /** Audiences the entry is shown to. */
    audiences: text('audiences')
      .array()
      .notNull()
      .default(sql`'{pro,part}'::text[]`),
    position: integer('position').notNull().default(0),
    parentId: integer('parent_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Plain text extracted from `data` for search. */
    searchText: text('search_text').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(search_text, '')), 'C')`,
    ),
  },
  (t) => [
    index('content_entry_resource').on(t.siteId, t.resource, t.status),
    uniqueIndex('content_entry_slug').on(t.siteId, t.resource, t.slug),
    index('content_entry_search').using('gin', t.search),
    index('content_entry_title_trgm').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** Form submissions from the public site (contact, jobsite support, job application, sign-up, training). */
export const submissions = pgTable(
  'submission',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind').notNull(),
    /** What the visitor sent, as validated; staff never edit it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Staff handling: `new` on arrival, then `in_progress`, then `done`. */
    status: text('status', { enum: ['new', 'in_progress', 'done'] })
      .notNull()
      .default('new'),
    /** Internal staff note (never shown to the visitor). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_site_kind_created').on(t.siteId, t.kind, t.createdAt)],
);

export const stockists = pgTable(
  'stockist',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['builders_merchant', 'trade_counter', 'diy_store'] }).notNull(),
    address: text('address').notNull(),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull(),
    /** `[{ days: 'Mon–Fri', hours: '7am–5pm' }]` */
    openingHours: jsonb('opening_hours').$type<{ days: string; hours: string }[]>().notNull(),
    audiences: text('audiences').array().notNull(),
  },
  (t) => [index('stockist_town').on(t.town)],
);

/** Postcode geocoding table: areas (`B`), districts (`B1`) or full postcodes (`B1 1AA`), normalised without spaces. */
export const postcodes = pgTable('postcode', {
  code: text('code').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  precision: text('precision', { enum: ['area', 'district', 'full'] }).notNull(),
});

export const redirects = pgTable('redirect', {
  id: serial('id').primaryKey(),
  fromPath: text('from_path').notNull().unique(),
  toPath: text('to_path').notNull(),
  status: integer('status').notNull().default(301),
});

/** Training sessions customers can register for. */
export const trainingSessions = pgTable('training_session', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => sites.id),
  title: text('title').notNull(),
  location: text('location').notNull(),
  startsOn: timestamp('starts_on', { withTimezone: true }).notNull(),
  places: integer('places').notNull(),
  minParticipants: integer('min_participants').notNull(),
  maxParticipants: integer('max_participants').notNull(),
});

/** Single-row counter bumped on every write to published content; `GET /content-version` returns it. */
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-off data migrations (db/data-migrations.ts) that have run on this database: each runs once, ever. */
export const dataMigrations = pgTable('data_migration', {
  name: text('name').primaryKey(),
  /** Rows the migration changed. */
  changed: integer('changed').notNull().default(0),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
