/** Response and request schemas of the catalogue calls (docs/api-contract.md, "Catalogue"). */
import { SLUG_SEGMENT_PATTERN } from '@plasterwick/shop-rules/slug';
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { boundedInt, commonQuery, idList, jsonParam } from '../../lib/params.ts';
import { mediaSchema } from '../../lib/media.ts';
import { htmlText } from '../../lib/sanitize.ts';

export const priceSchema = z.object({
  ex_vat: z.number().int(),
  inc_vat: z.number().int(),
  vat_rate: z.number(),
  currency: z.string(),
});

export const variantSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  label: z.string(),
  gtin: z.string().regex(/^\d{14}$/),
  quantity: z.number(),
  unit: z.string(),
  price: priceSchema,
  /** Packshot of this pack; null when only the product's pictures exist. */
  media: mediaSchema.nullable(),
});

export const caracteristicSchema = z.object({
  label: z.string(),
  value: z.string(),
  values: z.array(z.string()),
  unit: z.string().optional(),
  number: z.number().optional(),
});

export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  reference: z.string(),
  short_description: z.string(),
  category_name: z.string(),
  category_slug: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  promoted: z.boolean(),
  price: priceSchema,
  cover: mediaSchema.nullable(),
  medias: z.object({
    visuel: z.array(mediaSchema),
    PICTO: z.array(z.object({ title: z.string(), url: z.string(), webp: z.string() })),
    AMBIANCE: z.array(mediaSchema),
  }),
  caracteristics: z.record(z.string(), caracteristicSchema),
  variants: z.array(variantSchema),
  exist_in: z.array(z.number().int()),
});

export const productSchema = productSummarySchema.extend({
  description: z.string(),
  instructions: z.array(z.string()),
  documents: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      type: z.string(),
      url: z.string(),
      /** Size of the file in bytes, as stored with the document; null when unknown. */
      size_bytes: z.number().int().nullable(),
    }),
  ),
  related: z.array(productSummarySchema),
  /** Rises with each write to the product: a staff write sends the version it read (docs/api-contract.md). */
  version: z.number().int(),
});

export interface CategoryItem {
  id: number;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  position: number;
  cover?: z.infer<typeof mediaSchema>;
  product_count: number;
  exist_in: number[];
  /** One category's answer only: rises with each staff write to it (docs/api-contract.md). */
  version?: number;
  children?: CategoryItem[];
}

export const categorySchema: z.ZodType<CategoryItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    parent_id: z.number().int().nullable(),
    position: z.number().int(),
    cover: mediaSchema.optional(),
    product_count: z.number().int(),
    exist_in: z.array(z.number().int()),
    version: z.number().int().optional(),
    children: z.array(categorySchema).optional(),
  }),
);

export const filterSchema = z.object({
  technical_name: z.string(),
  label: z.string(),
  type: z.enum(['list', 'range']),
  data: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});

export const guideFilterSchema = z.object({
  technical_name: z.string(),
  label: z.string(),
  position: z.number().int(),
  data: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});

// ---- query parameters --------------------------------------------------------------------------------------

const characteristicCode = z.string().regex(/^[a-z_]{1,40}$/, 'must be a characteristic code');
const characteristicValue = z.string().max(100);

/** `{"surface":["wood"],"use":"interior"}`: OR within a code, AND across codes. */
export const caracteristicsParam = jsonParam(
  z
    .record(characteristicCode, z.union([characteristicValue, z.array(characteristicValue).max(50)]))
    .transform((record) =>
      Object.fromEntries(
        Object.entries(record).map(([code, value]) => [code, Array.isArray(value) ? value : [value]]),
      ),
    ),
);

export const priceParam = jsonParam(
  z
    .object({
      min: z.number().int().min(0).max(100_000_000).optional(),
      max: z.number().int().min(0).max(100_000_000).optional(),
    })
    .strict(),
);

export const orderBySchema = z.enum([
  'relevance',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'newest',
]);

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const searchText = z.string().trim().max(200);

export const productListQuery = commonQuery.extend({
  perPage: boundedInt(1, 100, 12),
  page: boundedInt(1, 100_000, 1),
  promoted: flag.optional(),
  categories: idList.optional(),
  price: priceParam.optional(),
  orderBy: orderBySchema.default('relevance'),
  text: searchText.optional(),
  caracteristics: caracteristicsParam.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const filtersQuery = commonQuery.extend({
  guide_de_choix: flag.optional(),
  categories: idList.optional(),
  price: priceParam.optional(),
  text: searchText.optional(),
  caracteristics: caracteristicsParam.optional(),
});
export type FiltersQuery = z.infer<typeof filtersQuery>;

export const categoryListQuery = commonQuery.extend({
  depth: z.enum(['0', '1']).default('0'),
});

export const idOrSlugParams = z.object({
  id: z.string().min(1).max(200).regex(SLUG_SEGMENT_PATTERN, 'must be a numeric id or a slug'),
});

export const numericIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const scanParams = z.object({
  code: z.string().regex(/^\d{1,14}$/, 'must be 1 to 14 digits'),
});

// ---- write bodies -------------------------------------------------------------------------------------------

const slug = z
  .string()
  .min(1)
  .max(200)
  .regex(SLUG_SEGMENT_PATTERN, 'must be lowercase letters, digits and hyphens');
const positiveId = z.number().int().positive().max(2_147_483_647);

/** Every field of a category as a write gives it, none defaulted: a full replace must name them all. */
const categoryFields = {
  slug,
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5000),
  parent_id: positiveId.nullable(),
  position: z.number().int().min(0).max(100_000),
};

/** `POST /category`: a new category; description, parent and position left out start empty, top-level, first. */
export const categoryInput = z.object({
  ...categoryFields,
  description: categoryFields.description.default(''),
  parent_id: categoryFields.parent_id.default(null),
  position: categoryFields.position.default(0),
});
export type CategoryInput = z.infer<typeof categoryInput>;

/** `PUT /category`: a full replace, every field required; `version`, when given, must still be the stored one. */
export const categoryReplacement = z.object({
  id: positiveId,
  version: writeVersion.optional(),
  ...categoryFields,
});
export type CategoryReplacement = z.infer<typeof categoryReplacement>;

/** `PATCH /category/{id}`: only the fields named change, from the category's `version`; unknown fields refused. */
export const categoryPatch = z
  .object({ version: writeVersion, ...z.object(categoryFields).partial().shape })
  .strict();
export type CategoryPatch = z.infer<typeof categoryPatch>;

const gtin = z
  .string()
  .regex(/^\d{8,14}$/, 'must be 8 to 14 digits')
  .refine((code) => {
    let sum = 0;
    for (let i = 1; i < code.length; i++) sum += Number(code[code.length - 1 - i]) * (i % 2 === 1 ? 3 : 1);
    return (10 - (sum % 10)) % 10 === Number(code.at(-1));
  }, 'has a wrong check digit');

const pence = z.number().int().min(0).max(100_000_000);

/** A variant's price in one plan: exactly one of `ex_vat` (trade plans) and `inc_vat` (DIY shelf price). */
export const variantPriceInput = z
  .object({ plan_id: positiveId, ex_vat: pence.optional(), inc_vat: pence.optional() })
  .refine((price) => (price.ex_vat === undefined) !== (price.inc_vat === undefined), {
    message: 'Give exactly one of ex_vat and inc_vat (the basis of the plan)',
    path: ['ex_vat'],
  });
export type VariantPriceInput = z.infer<typeof variantPriceInput>;

/** A pack's prices, one per plan. */
const packPrices = z
  .array(variantPriceInput)
  .min(1)
  .max(10)
  .refine((prices) => new Set(prices.map((p) => p.plan_id)).size === prices.length, 'One price per plan');

/** A product's or a pack's reference. */
const catalogueReference = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, 'must be upper-case letters, digits and hyphens');

/** A pack's own fields, without its prices. */
const variantFields = {
  label: z.string().trim().min(1).max(100),
  gtin,
  quantity: z.number().positive().max(100_000),
  unit: z.enum(['kg', 'l', 'ml', 'g', 'unit']),
};

export const variantInput = z.object({
  reference: catalogueReference,
  ...variantFields,
  /** One price per plan, in the plan's basis: `inc_vat` for a plan whose prices include VAT (DIY), else `ex_vat`. */
  prices: packPrices,
});
export type VariantInput = z.infer<typeof variantInput>;

/** The version of the product a write was made from (the `version` of the product as last read). */

const characteristicsInput = z.record(
  characteristicCode,
  z.union([z.number(), z.array(characteristicValue).min(1).max(50)]),
);

/** Every field of a product as a write gives it, none defaulted: a full replace must name them all. */
const productFields = {
  reference: catalogueReference,
  slug,
  name: z.string().trim().min(1).max(200),
  short_description: z.string().max(500),
  /** HTML: the storefront renders it as markup, so it is sanitised on write. */
  description: htmlText(20_000),
  instructions: z.array(z.string().min(1).max(1000)).max(30),
  /** The first category is the main one (breadcrumb, `category_name`). */
  category_ids: z.array(positiveId).min(1).max(20),
  plans: z
    .array(z.object({ plan_id: positiveId, promoted: z.boolean() }))
    .min(1)
    .max(10),
  variants: z.array(variantInput).min(1).max(20),
  caracteristics: characteristicsInput,
  related_ids: z.array(positiveId).max(10),
};

/** `POST /product`: a new product; the fields left out start empty and the slug comes from the name. */
export const productInput = z.object({
  ...productFields,
  slug: slug.optional(),
  short_description: productFields.short_description.default(''),
  description: productFields.description.default(''),
  instructions: productFields.instructions.default([]),
  plans: z
    .array(z.object({ plan_id: positiveId, promoted: z.boolean().default(false) }))
    .min(1)
    .max(10),
  caracteristics: characteristicsInput.default({}),
  related_ids: productFields.related_ids.default([]),
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * `PUT /product`: a full replace, so every field is required (a missing one is a 400 naming it, never an empty
 * default); `version`, when given, must still be the stored one.
 */
export const productReplacement = z.object({
  id: positiveId,
  version: writeVersion.optional(),
  ...productFields,
});
export type ProductReplacement = z.infer<typeof productReplacement>;

/**
 * `PATCH /product/{id}`: only the fields named change. Characteristics merge by code (`null` removes one); packs
 * change through their own calls. Unknown fields are refused rather than ignored.
 */
export const productPatch = z
  .object({
    version: writeVersion,
    ...z.object(productFields).omit({ variants: true }).partial().shape,
    caracteristics: z
      .record(
        characteristicCode,
        z.union([z.number(), z.array(characteristicValue).min(1).max(50), z.null()]),
      )
      .optional(),
    pictogram_keys: z
      .array(z.string().min(1).max(200))
      .max(20)
      .optional()
      .describe(
        "The product's pictograms, in order: keys of the site's pictogram library (`GET /staff/products/definitions`)",
      ),
  })
  .strict();
export type ProductPatch = z.infer<typeof productPatch>;

/** `POST /product/{id}/variants/{reference}`: a new pack with its prices (its reference is the path's). */
export const variantCreate = variantInput
  .omit({ reference: true })
  .extend({ version: writeVersion })
  .strict();
export type VariantCreate = z.infer<typeof variantCreate>;

/** `PATCH /product/{id}/variants/{reference}`: the named fields change; `prices` replace those of their plans only. */
export const variantPatch = z
  .object({
    version: writeVersion,
    ...z.object(variantFields).partial().shape,
    prices: packPrices.optional(),
  })
  .strict();
export type VariantPatch = z.infer<typeof variantPatch>;

/** `DELETE /product/{id}/variants/{reference}`: the product's version, in the body or the query. */
export const variantDeleteQuery = commonQuery.extend({
  version: z.coerce.number().pipe(writeVersion).optional(),
});
export const variantDeleteBody = z.object({ version: writeVersion }).strict().nullish();

export const variantParams = numericIdParams.extend({ reference: catalogueReference });

// ---- answers -----------------------------------------------------------------------------------------------

export const categoryListResponse = z.object({ data: z.object({ items: z.array(categorySchema) }) });
export const productListResponse = z.object({
  data: z.object({
    items: z.array(productSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  }),
});
export const productResponse = z.object({ data: z.object({ items: z.array(productSchema) }) });
export const scanResponse = z.object({
  data: z.object({
    product: productSummarySchema.nullable(),
    item: variantSchema.nullable(),
    error: z.string().nullable(),
  }),
});
export const filtersResponse = z.union([
  z.object({ data: z.object({ items: z.array(guideFilterSchema) }) }),
  z.object({ data: z.record(z.string(), filterSchema) }),
]);
