/** Catalogue calls: products, categories, facets, selector guide, scan, suggestions, URL list and entities. */
import { z } from 'zod';
import type { ApiClient, RequestOptions } from './client.ts';
import {
  dataEnvelope,
  listEnvelope,
  mediaSchema,
  plansToAudiences,
  priceSchema,
  toMedia,
  toOptionalMedia,
  toPrice,
} from './shared.ts';
import type {
  Category,
  EntityParent,
  Facet,
  GuideQuestion,
  Product,
  ProductPage,
  ProductSummary,
  ScanResult,
  Suggestions,
  UrlEntry,
  Variant,
} from './types.ts';

const variantSchema = z.object({
  id: z.number(),
  reference: z.string(),
  label: z.string(),
  gtin: z.string(),
  quantity: z.number(),
  unit: z.string(),
  price: priceSchema,
  media: mediaSchema.nullish(),
});

const characteristicSchema = z.object({
  label: z.string().nullish(),
  value: z.union([z.string(), z.number()]).nullish(),
  values: z.array(z.union([z.string(), z.number()])).nullish(),
  unit: z.string().nullish(),
  number: z.number().nullish(),
});

const productSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  reference: z.string(),
  short_description: z.string().nullish(),
  category_name: z.string().nullish(),
  category_slug: z.string().nullish(),
  categories: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })).nullish(),
  promoted: z.boolean().nullish(),
  price: priceSchema,
  cover: mediaSchema.nullish(),
  medias: z
    .object({
      visuel: z.array(mediaSchema).nullish(),
      PICTO: z
        .array(z.object({ title: z.string().nullish(), url: z.string(), webp: z.string().nullish() }))
        .nullish(),
      AMBIANCE: z.array(mediaSchema).nullish(),
    })
    .nullish(),
  caracteristics: z.record(z.string(), characteristicSchema).nullish(),
  variants: z.array(variantSchema).nullish(),
  exist_in: z.array(z.number()).nullish(),
});

const productSchema = productSummarySchema.extend({
  description: z.string().nullish(),
  instructions: z.array(z.string()).nullish(),
  documents: z
    .array(
      z.object({
        id: z.number(),
        title: z.string(),
        type: z.string().nullish(),
        url: z.string(),
        size_bytes: z.number().nullish(),
      }),
    )
    .nullish(),
  related: z.array(productSummarySchema).nullish(),
});

type ProductSummaryDto = z.infer<typeof productSummarySchema>;

function toVariant(dto: z.infer<typeof variantSchema>, productName: string): Variant {
  const { media, ...variant } = dto;
  return {
    ...variant,
    price: toPrice(dto.price),
    media: toOptionalMedia(media, `${productName}, ${dto.label}`),
  };
}

function toProductSummary(dto: ProductSummaryDto): ProductSummary {
  const gallery = (dto.medias?.visuel ?? []).map((media) => toMedia(media, dto.name));
  const cover = dto.cover ? toMedia(dto.cover, dto.name) : gallery[0];
  return {
    id: dto.id,
    name: dto.name,
    slug: dto.slug,
    reference: dto.reference,
    shortDescription: dto.short_description ?? '',
    categoryName: dto.category_name ?? '',
    categorySlug: dto.category_slug ?? '',
    categories: dto.categories ?? [],
    promoted: dto.promoted ?? false,
    price: toPrice(dto.price),
    cover: cover ?? { url: '', alt: dto.name },
    gallery: gallery.length > 0 ? gallery : cover ? [cover] : [],
    pictograms: (dto.medias?.PICTO ?? []).map((picto) => ({
      title: picto.title ?? '',
      url: picto.url,
      webp: picto.webp ?? undefined,
    })),
    ambiance: (dto.medias?.AMBIANCE ?? []).map((media) => toMedia(media, dto.name)),
    characteristics: Object.entries(dto.caracteristics ?? {}).map(([code, c]) => ({
      code,
      label: c.label ?? code,
      value: c.value === null || c.value === undefined ? '' : String(c.value),
      values: (c.values ?? []).map(String),
      unit: c.unit ?? undefined,
      number: c.number ?? undefined,
    })),
    variants: (dto.variants ?? []).map((variant) => toVariant(variant, dto.name)),
    audiences: plansToAudiences(dto.exist_in ?? []),
  };
}

function toProduct(dto: z.infer<typeof productSchema>): Product {
  return {
    ...toProductSummary(dto),
    description: dto.description ?? '',
    instructions: dto.instructions ?? [],
    documents: (dto.documents ?? []).map((doc) => ({
      id: doc.id,
      title: doc.title,
      type: doc.type ?? '',
      url: doc.url,
      sizeBytes: doc.size_bytes ?? undefined,
    })),
    related: (dto.related ?? []).map(toProductSummary),
  };
}

interface CategoryDto {
  id: number;
  slug: string;
  name: string;
  description?: string | null;
  parent_id?: number | null;
  position?: number | null;
  cover?: z.infer<typeof mediaSchema> | null;
  product_count?: number | null;
  exist_in?: number[] | null;
  children?: CategoryDto[] | null;
}

const categorySchema: z.ZodType<CategoryDto> = z.lazy(() =>
  z.object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullish(),
    parent_id: z.number().nullish(),
    position: z.number().nullish(),
    cover: mediaSchema.nullish(),
    product_count: z.number().nullish(),
    exist_in: z.array(z.number()).nullish(),
    children: z.array(categorySchema).nullish(),
  }),
);

function toCategory(dto: CategoryDto): Category {
  return {
    id: dto.id,
    slug: dto.slug,
    name: dto.name,
    description: dto.description ?? '',
    parentId: dto.parent_id ?? null,
    position: dto.position ?? 0,
    cover: toOptionalMedia(dto.cover, dto.name),
    productCount: dto.product_count ?? 0,
    audiences: plansToAudiences(dto.exist_in ?? []),
    children: (dto.children ?? []).map(toCategory),
  };
}

export interface ProductQuery {
  page?: number;
  perPage?: number;
  promoted?: boolean;
  categories?: number[];
  /** Bounds in pence ex VAT. */
  price?: { min?: number; max?: number };
  orderBy?: 'relevance' | 'name_asc' | 'name_desc' | 'price_asc' | 'price_desc' | 'newest';
  text?: string;
  /** Technical name → accepted raw values (OR within a code, AND across codes). */
  caracteristics?: Record<string, string | string[]>;
}

function productQueryParams(query: ProductQuery): RequestOptions['query'] {
  const hasPrice = query.price && (query.price.min !== undefined || query.price.max !== undefined);
  const hasCaracteristics = query.caracteristics && Object.keys(query.caracteristics).length > 0;
  return {
    page: query.page,
    perPage: query.perPage,
    promoted: query.promoted ? 1 : undefined,
    categories: query.categories && query.categories.length > 0 ? query.categories.join(',') : undefined,
    price: hasPrice ? JSON.stringify(query.price) : undefined,
    orderBy: query.orderBy,
    text: query.text,
    caracteristics: hasCaracteristics ? JSON.stringify(query.caracteristics) : undefined,
  };
}

/**
 * A page of `GET /product`. It has no transform and no default, so what it accepts it passes unchanged: the SSR
 * client takes these answers without it (`trusted`), and the contract test checks the live answers pass unchanged.
 */
export const productPageSchema = dataEnvelope(
  z.object({
    items: z.array(productSummarySchema),
    total: z.number(),
    page: z.number().optional(),
    perPage: z.number().optional(),
  }),
);

/** `GET /product`: one page of products of the client's plan. */
export async function listProducts(api: ApiClient, query: ProductQuery = {}): Promise<ProductPage> {
  // Up to 40 KB for a listing page: the SSR server's zod pass over it was a twentieth of the page's CPU.
  const { data } = await api.get('/product', productPageSchema, {
    query: productQueryParams(query),
    trusted: true,
  });
  return {
    items: data.items.map(toProductSummary),
    total: data.total,
    page: data.page ?? query.page ?? 1,
    perPage: data.perPage ?? query.perPage ?? data.items.length,
  };
}

/** Every product of the plan matching `query`, page after page (build time). */
export async function listAllProducts(api: ApiClient, query: ProductQuery = {}): Promise<ProductSummary[]> {
  const perPage = 100;
  const first = await listProducts(api, { ...query, page: 1, perPage });
  const items = [...first.items];
  for (let page = 2; items.length < first.total; page++) {
    const next = await listProducts(api, { ...query, page, perPage });
    if (next.items.length === 0) break;
    items.push(...next.items);
  }
  return items;
}

/** `GET /product/{id|slug}`: the full product. Throws `BackofficeError` (404, or the plan error). */
export async function getProduct(
  api: ApiClient,
  idOrSlug: number | string,
  options: Pick<RequestOptions, 'noPlanSwitch'> = {},
): Promise<Product> {
  const { data } = await api.get(
    `/product/${encodeURIComponent(String(idOrSlug))}`,
    listEnvelope(productSchema),
    options,
  );
  const first = data.items[0];
  if (!first) throw new Error(`/product/${idOrSlug}: empty answer`);
  return toProduct(first);
}

/** `GET /category?depth=0`: the top-level tree (one level of children); `depth=1`: every category, flat. */
export async function listCategories(api: ApiClient, depth: 0 | 1): Promise<Category[]> {
  const { data } = await api.get('/category', listEnvelope(categorySchema), { query: { depth } });
  return data.items.map(toCategory);
}

const filterOptionSchema = z.object({
  value: z.union([z.string(), z.number()]).transform(String),
  label: z.string().nullish(),
  count: z.number().nullish(),
});

const filterSchema = z.object({
  technical_name: z.string(),
  label: z.string().nullish(),
  type: z.enum(['list', 'range']).nullish(),
  data: z.array(filterOptionSchema),
});

/**
 * `GET /filters-products`: the facets of a product listing, in display order. Paging and order are not filters:
 * they are left out even when the caller passes a listing's whole query (the route does not take them).
 */
export async function listFacets(
  api: ApiClient,
  query: Omit<ProductQuery, 'page' | 'perPage' | 'orderBy'>,
): Promise<Facet[]> {
  const { page: _page, perPage: _perPage, orderBy: _orderBy, ...filters } = query as ProductQuery;
  const { data } = await api.get('/filters-products', dataEnvelope(z.record(z.string(), filterSchema)), {
    query: productQueryParams(filters),
  });
  return Object.values(data).map((filter): Facet => {
    const label = filter.label ?? filter.technical_name;
    if (filter.type === 'range') {
      const bound = (name: string) => filter.data.find((option) => option.value === name)?.count ?? 0;
      return {
        kind: 'range',
        technicalName: filter.technical_name,
        label,
        min: bound('min'),
        max: bound('max'),
      };
    }
    return {
      kind: 'list',
      technicalName: filter.technical_name,
      label,
      options: filter.data.map((option) => ({
        value: option.value,
        label: option.label ?? option.value,
        count: option.count ?? 0,
      })),
    };
  });
}

/** `GET /filters-products?guide_de_choix=1`: the selector guide's questions given the answers so far. */
export async function listGuideQuestions(
  api: ApiClient,
  answers: Record<string, string> = {},
): Promise<GuideQuestion[]> {
  const schema = dataEnvelope(
    z.object({
      items: z.array(
        z.object({
          technical_name: z.string(),
          label: z.string().nullish(),
          position: z.number().nullish(),
          data: z.array(filterOptionSchema),
        }),
      ),
    }),
  );
  const hasAnswers = Object.keys(answers).length > 0;
  const { data } = await api.get('/filters-products', schema, {
    query: { guide_de_choix: 1, caracteristics: hasAnswers ? JSON.stringify(answers) : undefined },
  });
  return data.items.map((item, index) => ({
    technicalName: item.technical_name,
    label: item.label ?? item.technical_name,
    position: item.position ?? index,
    options: item.data.map((option) => ({
      value: option.value,
      label: option.label ?? option.value,
      count: option.count ?? 0,
    })),
  }));
}

/** `GET /product/scan/{code}`: the product and variant of a barcode (digits only; padded by the back-office). */
export async function scanProduct(api: ApiClient, code: string): Promise<ScanResult> {
  const schema = dataEnvelope(
    z.object({
      product: productSummarySchema.nullable(),
      item: variantSchema.nullable(),
      error: z.string().nullable(),
    }),
  );
  const { data } = await api.get(`/product/scan/${encodeURIComponent(code)}`, schema);
  return {
    product: data.product ? toProductSummary(data.product) : null,
    variant: data.item ? toVariant(data.item, data.product?.name ?? '') : null,
    error: data.error,
  };
}

const suggestMedia = mediaSchema.nullish();

/** `GET /search?type=Suggest`: grouped suggestions (products, categories, pages). */
export async function suggest(api: ApiClient, text: string, limit?: number): Promise<Suggestions> {
  const group = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), items: z.array(item) });
  const schema = dataEnvelope(
    z.object({
      products: group(
        z.object({
          id: z.number(),
          slug: z.string(),
          name: z.string(),
          reference: z.string().nullish(),
          category_name: z.string().nullish(),
          cover: suggestMedia,
        }),
      ),
      categories: group(
        z.object({
          id: z.number(),
          slug: z.string(),
          name: z.string(),
          category_name: z.string().nullish(),
          cover: suggestMedia,
        }),
      ),
      pages: group(
        z.object({
          id: z.number(),
          slug: z.string(),
          title: z.string(),
          content: z.string().nullish(),
          type: z.string().nullish(),
          category_name: z.string().nullish(),
        }),
      ),
    }),
  );
  const { data } = await api.get('/search', schema, { query: { type: 'Suggest', text, limit } });
  return {
    products: {
      total: data.products.total,
      items: data.products.items.map((item) => ({
        id: item.id,
        slug: item.slug,
        name: item.name,
        reference: item.reference ?? '',
        categoryName: item.category_name ?? '',
        cover: toOptionalMedia(item.cover, item.name),
      })),
    },
    categories: {
      total: data.categories.total,
      items: data.categories.items.map((item) => ({
        id: item.id,
        slug: item.slug,
        name: item.name,
        categoryName: item.category_name ?? '',
        cover: toOptionalMedia(item.cover, item.name),
      })),
    },
    pages: {
      total: data.pages.total,
      items: data.pages.items.map((item) => ({
        id: item.id,
        slug: item.slug,
        title: item.title,
        content: item.content ?? '',
        type: item.type ?? 'cms',
        categoryName: item.category_name ?? '',
      })),
    },
  };
}

const entityTypeSchema = z.enum(['product', 'category', 'page', 'folder']);
const pageTypeSchema = z.enum(['cms', 'actualite', 'job']);

/** `GET /url`: every entity with the audiences it exists in (all plans; the build generates both audiences). */
export async function listUrls(api: ApiClient): Promise<UrlEntry[]> {
  const schema = listEnvelope(
    z.object({
      entity_type: entityTypeSchema,
      id: z.number(),
      slug: z.string(),
      type: pageTypeSchema.nullish(),
      exist_in: z.array(z.number()),
      updated_at: z.string().nullish(),
    }),
  );
  const { data } = await api.get('/url', schema, { withoutPlan: true });
  return data.items.map((item) => ({
    entityType: item.entity_type,
    id: item.id,
    slug: item.slug,
    type: item.type ?? undefined,
    audiences: plansToAudiences(item.exist_in),
    updatedAt: item.updated_at ?? '',
  }));
}

const parentSchema = z.object({
  entity_type: z.enum(['product', 'category', 'page', 'folder', 'route']),
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  type: z.string().nullish(),
});

/** `GET /url/entity`: the parents of an entity, root first, for its breadcrumb. */
export async function getEntityParents(
  api: ApiClient,
  entityType: 'page' | 'product' | 'category' | 'folder',
  slug: string,
): Promise<EntityParent[]> {
  const schema = dataEnvelope(z.object({ parents: z.array(parentSchema).nullish() }).loose());
  const { data } = await api.get('/url/entity', schema, {
    query: { entity_type: entityType, slug, depth: entityType === 'category' ? 1 : undefined },
    withoutPlan: entityType !== 'product' && entityType !== 'category',
    noPlanSwitch: true,
  });
  return (data.parents ?? []).map((parent) => ({
    entityType: parent.entity_type,
    id: parent.id,
    slug: parent.slug,
    name: parent.name,
    type: parent.type ?? undefined,
  }));
}
