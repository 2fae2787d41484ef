/**
 * The registry of generic CMS resources stored in `content_entry`. Each resource says how an API item maps to a
 * row (columns + `data` validated by zod) and back, which body it accepts on create/update, and which index
 * filters it understands. Routes in routes.ts are generated from this registry.
 */
import { AUDIENCES } from '@plasterwick/shop-rules/constants';
import { isLinkSetting, LINK_MESSAGE, linkUrl } from '@plasterwick/shop-rules/links';
import { SLUG_PATTERN } from '@plasterwick/shop-rules/slug';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { contentEntries } from '../../db/schema.ts';
import { htmlText, sanitizeHtml } from '../../lib/sanitize.ts';
import { menuItemIdsUnique, withItemIds } from './menu-items.ts';

export type ContentRow = typeof contentEntries.$inferSelect;

export const audienceSchema = z.enum(AUDIENCES);
const audiences = z.array(audienceSchema).min(1).max(2);
const slug = z
  .string()
  .min(1)
  .max(200)
  .regex(SLUG_PATTERN, 'must be lowercase letters, digits, hyphens and slashes');
const text = (max: number) => z.string().max(max);

/** Every field named `url` or `webp` below is a link: `linkUrl` (data-migrations/unsafe-links.ts cleans by name). */
export const mediaRefSchema = z.object({
  url: linkUrl(500),
  webp: linkUrl(500),
  alt: z.string().max(300),
  title: z.string().max(300),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const pushSchema = z.object({
  titre: text(200),
  text: text(2000),
  label_link: text(100).optional(),
  url: linkUrl(500).optional(),
  cover: mediaRefSchema.optional(),
});

export interface MenuItem {
  /** Stable within its menu (see menu-items.ts): the item calls name it. */
  id?: number;
  label: string;
  slug: string;
  url?: string;
  code?: 'guide_de_choix' | 'top_produit';
  type: 'external_url' | 'cms_page' | 'no_destination';
  color?: string;
  cover?: z.infer<typeof mediaRefSchema>;
  extract?: string;
  pushes?: z.infer<typeof pushSchema>[];
  childs: MenuItem[];
}

/** A menu item's own fields, without its children. */
export const menuItemFieldsSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  label: text(200).min(1),
  slug: text(300),
  url: linkUrl(500).optional(),
  code: z.enum(['guide_de_choix', 'top_produit']).optional(),
  type: z.enum(['external_url', 'cms_page', 'no_destination']),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}(_[a-z]+)?$/, 'must be a hex colour such as #1b6b4a_primary')
    .optional(),
  cover: mediaRefSchema.optional(),
  extract: text(500).optional(),
  pushes: z.array(pushSchema).max(6).optional(),
});

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  menuItemFieldsSchema.extend({ childs: z.array(menuItemSchema).max(60) }),
);

/** A block as stored and answered. Its `text` is HTML the storefront renders as markup, except in a push. */
export const blockSchema = z.object({
  kind: z.enum(['text', 'push', 'image', 'video']),
  titre: text(300).optional(),
  text: text(20000).optional(),
  cover: mediaRefSchema.optional(),
  label_link: text(100).optional(),
  url: linkUrl(500).optional(),
  youtube_id: z
    .string()
    .regex(/^[\w-]{6,20}$/)
    .optional(),
});

export const jobSchema = z.object({
  contract: z.enum(['permanent', 'fixed-term', 'apprenticeship']),
  location: text(100).min(1),
  department: text(100).min(1),
  experience: text(100).min(1),
  salary: text(100),
});

/**
 * A block as written: its HTML is sanitised. A push's text is plain text the storefront prints escaped, so it is
 * kept as typed (sanitising would turn `&` into a visible `&amp;`).
 */
const blockInput = blockSchema.transform((block) =>
  block.kind === 'push' || block.text === undefined ? block : { ...block, text: sanitizeHtml(block.text) },
);

const tagRefSchema = z.object({ id: z.number().int(), slug: z.string(), label: z.string() });
/** Tags are written as slugs (or `{ slug }` objects, so an item read back can be sent again). */
const tagInput = z.array(z.union([slug, z.object({ slug }).transform((t) => t.slug)])).max(20);
const typeInput = z.union([slug, z.object({ slug }).transform((t) => t.slug)]);
const typeRefSchema = z.object({ slug: z.string(), label: z.string() });

/** What a resource needs to resolve references (tag slugs → tag objects) when it turns rows into items. */
export interface Lookup {
  tagsBySlug: Map<string, { id: number; slug: string; label: string; kind: string }>;
}

/** Index filters: query parameter names every resource index accepts (each resource uses some). */
export const indexFilterSchema = z.object({
  type: z.string().max(100).optional(),
  tag: z.string().max(100).optional(),
  kind: z.string().max(50).optional(),
  code: z.string().max(100).optional(),
  section: z.enum(['download', 'technical']).optional(),
  contract: z.string().max(50).optional(),
  location: z.string().max(100).optional(),
  department: z.string().max(100).optional(),
  experience: z.string().max(100).optional(),
});
export type IndexFilters = z.infer<typeof indexFilterSchema>;

type RowValues = Omit<typeof contentEntries.$inferInsert, 'siteId' | 'resource'>;

export interface ResourceDefinition<
  Item extends z.ZodObject = z.ZodObject,
  Input extends z.ZodObject = z.ZodObject,
> {
  /** Response schema of one item; `define` adds the entry's `version`. */
  item: Item;
  /**
   * Body schema of a create, its defaults filling the fields left out. A full replace (`PUT`) is the same fields
   * with no default, a patch the same fields all optional (schemas.ts derives both).
   */
  input: Input;
  /** Whether rows carry audiences that the `audience` / plan filter applies to. */
  byAudience: boolean;
  /** Only published rows are listed and shown. */
  publishedOnly: boolean;
  toItem(row: ContentRow, lookup: Lookup): z.infer<Item>;
  /** `now` dates an entry published without a date. */
  toRow(input: z.output<Input>, now: Date): RowValues;
  filters(filters: IndexFilters): SQL[];
  /** Plain text indexed for search. */
  searchText(input: z.output<Input>): string;
}

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const dataField = (name: string) => sql`${contentEntries.data} ->> ${name}`;
const jobField = (name: string) => sql`${contentEntries.data} -> 'job' ->> ${name}`;
const hasTag = (tag: string) => sql`${contentEntries.data} -> 'tags' ? ${tag}`;

function resolveTags(slugs: unknown, lookup: Lookup) {
  return (Array.isArray(slugs) ? slugs : []).flatMap((s) => {
    const tag = lookup.tagsBySlug.get(String(s));
    return tag ? [{ id: tag.id, slug: tag.slug, label: tag.label }] : [];
  });
}

function typeLabel(slugValue: string | null, lookup: Lookup) {
  const value = slugValue ?? '';
  const tag = lookup.tagsBySlug.get(value);
  const fallback = value.replaceAll('-', ' ');
  return { slug: value, label: tag?.label ?? fallback.charAt(0).toUpperCase() + fallback.slice(1) };
}

const versionField = { version: z.number().int() };

/** A resource whose items carry the entry's `version` (docs/api-contract.md, "Writes that never lose data"). */
function define<Shape extends z.ZodRawShape, Input extends z.ZodObject>(
  definition: ResourceDefinition<z.ZodObject<Shape>, Input>,
): ResourceDefinition<z.ZodObject<Shape & typeof versionField>, Input> {
  return {
    ...definition,
    item: definition.item.extend(versionField) as unknown as z.ZodObject<Shape & typeof versionField>,
    toItem: (row, lookup) =>
      ({ ...definition.toItem(row, lookup), version: row.version }) as z.infer<
        z.ZodObject<Shape & typeof versionField>
      >,
  };
}

// ---- page -------------------------------------------------------------------------------------------------

/** The stored `data` of a page, read back as is: its HTML was sanitised when written (pageInput). */
const pageData = z.object({
  extract: text(1000).default(''),
  cover: mediaRefSchema.optional(),
  blocks: z.array(blockSchema).max(50).default([]),
  tags: tagInput.default([]),
  meta: z.object({ title: text(200), description: text(400) }).optional(),
  job: jobSchema.optional(),
});

const pageInput = pageData.extend({
  blocks: z.array(blockInput).max(50).default([]),
  slug,
  title: text(300).min(1),
  type: z.enum(['cms', 'actualite', 'job']).default('cms'),
  status: z.enum(['draft', 'published']).default('published'),
  audiences: audiences.default(['pro', 'part']),
  published_at: z.iso.datetime({ offset: true }).nullable().optional(),
  parent_id: z.number().int().positive().nullable().optional(),
  position: z.number().int().min(0).max(100000).default(0),
});

export const pageItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(['cms', 'actualite', 'job']),
  status: z.enum(['draft', 'published']),
  audiences: z.array(z.string()),
  published_at: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  extract: z.string(),
  cover: mediaRefSchema.optional(),
  blocks: z.array(blockSchema),
  tags: z.array(tagRefSchema),
  meta: z.object({ title: z.string(), description: z.string() }),
  job: jobSchema.optional(),
});

const page = define({
  item: pageItem,
  input: pageInput,
  byAudience: true,
  publishedOnly: true,
  toItem(row, lookup) {
    const data = pageData.parse(row.data);
    return {
      id: row.id,
      slug: row.slug ?? '',
      title: row.title,
      type: z.enum(['cms', 'actualite', 'job']).catch('cms').parse(row.type),
      status: row.status,
      audiences: row.audiences,
      published_at: row.publishedAt?.toISOString() ?? null,
      parent_id: row.parentId,
      position: row.position,
      extract: data.extract,
      cover: data.cover,
      blocks: data.blocks,
      tags: resolveTags(data.tags, lookup),
      meta: data.meta ?? { title: row.title, description: data.extract.slice(0, 160) },
      job: data.job,
    };
  },
  toRow(input, now) {
    const { slug: s, title, type, status, audiences: a, published_at, parent_id, position, ...data } = input;
    return {
      slug: s,
      title,
      type,
      status,
      audiences: a,
      position,
      parentId: parent_id ?? null,
      publishedAt: published_at ? new Date(published_at) : status === 'published' ? now : null,
      data,
    };
  },
  filters(f) {
    const conditions: SQL[] = [];
    if (f.type) conditions.push(sql`${contentEntries.type} = ${f.type}`);
    if (f.tag) conditions.push(hasTag(f.tag));
    for (const key of ['contract', 'location', 'department', 'experience'] as const) {
      const value = f[key];
      if (value) conditions.push(sql`lower(${jobField(key)}) = lower(${value})`);
    }
    return conditions;
  },
  searchText(input) {
    return [input.extract, ...input.blocks.map((b) => [b.titre ?? '', stripHtml(b.text ?? '')].join(' '))]
      .join(' ')
      .trim();
  },
});

// ---- folder (how-to) --------------------------------------------------------------------------------------

/** A step as stored and answered; `text` is HTML, sanitised on write (folderInput). */
const stepSchema = z.object({ title: text(200).min(1), text: text(4000), cover: mediaRefSchema.optional() });
const folderData = z.object({
  extract: text(1000).default(''),
  cover: mediaRefSchema.optional(),
  difficulty: z.enum(['easy', 'intermediate', 'advanced']).default('easy'),
  duration_minutes: z.number().int().min(1).max(100000).default(30),
  steps: z.array(stepSchema).max(40).default([]),
  products: z.array(z.number().int().positive()).max(50).default([]),
});
const folderInput = folderData.extend({
  steps: z
    .array(stepSchema.extend({ text: htmlText(4000) }))
    .max(40)
    .default([]),
  slug,
  title: text(300).min(1),
  type: typeInput,
  status: z.enum(['draft', 'published']).default('published'),
  audiences: audiences.default(['pro', 'part']),
  position: z.number().int().min(0).max(100000).default(0),
});
export const folderItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: typeRefSchema,
  status: z.enum(['draft', 'published']),
  audiences: z.array(z.string()),
  position: z.number().int(),
  extract: z.string(),
  cover: mediaRefSchema.optional(),
  difficulty: z.string(),
  duration_minutes: z.number().int(),
  steps: z.array(stepSchema),
  products: z.array(z.number().int()),
});
const folder = define({
  item: folderItem,
  input: folderInput,
  byAudience: true,
  publishedOnly: true,
  toItem(row, lookup) {
    const data = folderData.parse(row.data);
    return {
      id: row.id,
      slug: row.slug ?? '',
      title: row.title,
      type: typeLabel(row.type, lookup),
      status: row.status,
      audiences: row.audiences,
      position: row.position,
      ...data,
    };
  },
  toRow({ slug: s, title, type, status, audiences: a, position, ...data }, now) {
    return { slug: s, title, type, status, audiences: a, position, publishedAt: now, data };
  },
  filters: (f) => (f.type ? [sql`${contentEntries.type} = ${f.type}`] : []),
  searchText: (input) => [input.extract, ...input.steps.map((s) => `${s.title} ${s.text}`)].join(' '),
});

// ---- faq --------------------------------------------------------------------------------------------------

/** `answer` is HTML, sanitised on write (faqInput). */
const faqData = z.object({ answer: text(10000), tags: tagInput.default([]) });
const faqInput = faqData.extend({
  answer: htmlText(10000),
  question: text(500).min(1),
  audiences: audiences.default(['pro', 'part']),
  position: z.number().int().min(0).max(100000).default(0),
});
export const faqItem = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  tags: z.array(tagRefSchema),
  audiences: z.array(z.string()),
  position: z.number().int(),
});
const faq = define({
  item: faqItem,
  input: faqInput,
  byAudience: true,
  publishedOnly: true,
  toItem(row, lookup) {
    const data = faqData.parse(row.data);
    return {
      id: row.id,
      question: row.title,
      answer: data.answer,
      tags: resolveTags(data.tags, lookup),
      audiences: row.audiences,
      position: row.position,
    };
  },
  toRow: ({ question, audiences: a, position, ...data }) => ({
    title: question,
    audiences: a,
    position,
    data,
  }),
  filters: (f) => (f.tag ? [hasTag(f.tag)] : []),
  searchText: (input) => stripHtml(input.answer),
});

// ---- tags -------------------------------------------------------------------------------------------------

const tagKinds = z.enum(['faq', 'news', 'folder', 'document']);
const tagsInput = z.object({
  slug,
  label: text(100).min(1),
  kind: tagKinds,
  position: z.number().int().min(0).max(100000).default(0),
});
export const tagItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  label: z.string(),
  kind: z.string(),
  position: z.number().int(),
});
const tags = define({
  item: tagItem,
  input: tagsInput,
  byAudience: false,
  publishedOnly: true,
  toItem: (row) => ({
    id: row.id,
    slug: row.slug ?? '',
    label: row.title,
    kind: row.type ?? '',
    position: row.position,
  }),
  toRow: ({ slug: s, label, kind, position }) => ({ slug: s, title: label, type: kind, position, data: {} }),
  filters: (f) => (f.kind ? [sql`${contentEntries.type} = ${f.kind}`] : []),
  searchText: () => '',
});

// ---- notice (downloads and technical documents) -----------------------------------------------------------

const noticeData = z.object({
  section: z.enum(['download', 'technical']),
  file: z.object({ url: linkUrl(500), size_bytes: z.number().int().min(0) }),
  product_id: z.number().int().positive().optional(),
});
const noticeInput = noticeData.extend({
  title: text(300).min(1),
  type: typeInput,
  audiences: audiences.default(['pro', 'part']),
  position: z.number().int().min(0).max(100000).default(0),
});
export const noticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  type: typeRefSchema,
  section: z.enum(['download', 'technical']),
  file: z.object({ url: z.string(), size_bytes: z.number().int() }),
  product_id: z.number().int().optional(),
  audiences: z.array(z.string()),
  position: z.number().int(),
});
const notice = define({
  item: noticeItem,
  input: noticeInput,
  byAudience: true,
  publishedOnly: true,
  toItem(row, lookup) {
    const data = noticeData.parse(row.data);
    return {
      id: row.id,
      title: row.title,
      type: typeLabel(row.type, lookup),
      ...data,
      audiences: row.audiences,
      position: row.position,
    };
  },
  toRow: ({ title, type, audiences: a, position, ...data }) => ({
    title,
    type,
    audiences: a,
    position,
    data,
  }),
  filters(f) {
    const conditions: SQL[] = [];
    if (f.section) conditions.push(sql`${dataField('section')} = ${f.section}`);
    if (f.type) conditions.push(sql`${contentEntries.type} = ${f.type}`);
    return conditions;
  },
  searchText: () => '',
});

// ---- slider (home slides and pushes) ----------------------------------------------------------------------

const sliderData = z.object({
  text: text(1000).default(''),
  label_link: text(100).default(''),
  url: linkUrl(500).default(''),
  cover: mediaRefSchema,
});
const sliderInput = sliderData.extend({
  kind: z.enum(['slide', 'push']),
  titre: text(200).min(1),
  audiences: audiences.default(['pro', 'part']),
  position: z.number().int().min(0).max(100000).default(0),
});
export const sliderItem = z.object({
  id: z.number().int(),
  kind: z.enum(['slide', 'push']),
  audiences: z.array(z.string()),
  titre: z.string(),
  text: z.string(),
  label_link: z.string(),
  url: z.string(),
  cover: mediaRefSchema,
  position: z.number().int(),
});
const slider = define({
  item: sliderItem,
  input: sliderInput,
  byAudience: true,
  publishedOnly: true,
  toItem: (row) => ({
    id: row.id,
    kind: z.enum(['slide', 'push']).catch('slide').parse(row.type),
    audiences: row.audiences,
    titre: row.title,
    ...sliderData.parse(row.data),
    position: row.position,
  }),
  toRow: ({ kind, titre, audiences: a, position, ...data }) => ({
    type: kind,
    title: titre,
    audiences: a,
    position,
    data,
  }),
  filters: (f) => (f.kind ? [sql`${contentEntries.type} = ${f.kind}`] : []),
  searchText: () => '',
});

// ---- testimony --------------------------------------------------------------------------------------------

const testimonyData = z.object({
  role: text(100),
  company: text(100),
  text: text(2000).min(1),
  rating: z.number().int().min(1).max(5),
});
const testimonyInput = testimonyData.extend({
  author: text(100).min(1),
  audiences: audiences.default(['pro', 'part']),
  position: z.number().int().min(0).max(100000).default(0),
});
export const testimonyItem = testimonyData.extend({
  id: z.number().int(),
  author: z.string(),
  audiences: z.array(z.string()),
  position: z.number().int(),
});
const testimony = define({
  item: testimonyItem,
  input: testimonyInput,
  byAudience: true,
  publishedOnly: true,
  toItem: (row) => ({
    id: row.id,
    author: row.title,
    ...testimonyData.parse(row.data),
    audiences: row.audiences,
    position: row.position,
  }),
  toRow: ({ author, audiences: a, position, ...data }) => ({ title: author, audiences: a, position, data }),
  filters: () => [],
  searchText: () => '',
});

// ---- menu -------------------------------------------------------------------------------------------------

const menuCode = z
  .string()
  .regex(/^menu_(footer_|prefooter_)?(pro|part)$/, 'must be a menu code such as menu_pro');
const menuInput = z
  .object({ code: menuCode, items: z.array(menuItemSchema).max(40) })
  .refine((menu) => menuItemIdsUnique(menu.items), { message: 'item ids must be unique', path: ['items'] });
export const menuItem = z.object({ id: z.number().int(), code: z.string(), items: z.array(menuItemSchema) });
const menu = define({
  item: menuItem,
  input: menuInput,
  byAudience: false,
  publishedOnly: true,
  toItem: (row) => ({
    id: row.id,
    code: row.slug ?? '',
    items: withItemIds(z.array(menuItemSchema).parse((row.data as { items?: unknown }).items ?? [])),
  }),
  toRow: ({ code, items }) => ({ slug: code, title: code, data: { items: withItemIds(items) } }),
  filters: (f) => (f.code ? [sql`${contentEntries.slug} = ${f.code}`] : []),
  searchText: () => '',
});

// ---- setting, country, civility ---------------------------------------------------------------------------

/** A link setting (`link_facebook`, `…_url`) holds a link the footer renders: the rule of every URL field. */
const settingInput = z
  .object({ code: z.string().regex(/^[a-z][a-z0-9_]{1,60}$/), value: text(5000) })
  .refine((setting) => !isLinkSetting(setting.code) || linkUrl().safeParse(setting.value).success, {
    message: LINK_MESSAGE,
    path: ['value'],
  });
export const settingItem = z.object({ id: z.number().int(), code: z.string(), value: z.string() });
const setting = define({
  item: settingItem,
  input: settingInput,
  byAudience: false,
  publishedOnly: true,
  toItem: (row) => ({
    id: row.id,
    code: row.slug ?? '',
    value: z
      .string()
      .catch('')
      .parse((row.data as { value?: unknown }).value),
  }),
  toRow: ({ code, value }) => ({ slug: code, title: code, data: { value } }),
  filters: (f) => (f.code ? [sql`${contentEntries.slug} = ${f.code}`] : []),
  searchText: () => '',
});

const codeLabelInput = z.object({
  code: z.string().regex(/^[a-z]{2,10}$/, 'must be a short lowercase code'),
  label: text(100).min(1),
  position: z.number().int().min(0).max(100000).default(0),
});
export const codeLabelItem = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  position: z.number().int(),
});
const codeLabel = () =>
  define({
    item: codeLabelItem,
    input: codeLabelInput,
    byAudience: false,
    publishedOnly: true,
    toItem: (row) => ({ id: row.id, code: row.slug ?? '', label: row.title, position: row.position }),
    toRow: ({ code, label, position }) => ({ slug: code, title: label, position, data: {} }),
    filters: () => [],
    searchText: () => '',
  });

export const resources = {
  page,
  folder,
  faq,
  tags,
  notice,
  slider,
  testimony,
  menu,
  setting,
  country: codeLabel(),
  civility: codeLabel(),
} satisfies Record<string, ResourceDefinition>;

export type ResourceName = keyof typeof resources;
export const resourceNames = Object.keys(resources) as ResourceName[];
