/**
 * zod schemas of the back-office answers the content pages read (docs/api-contract.md, "CMS" and "Catalogue").
 * Backend shapes stop here: `index.ts` maps them to the storefront types of `types.ts`.
 */
import { z } from 'zod';

export const mediaSchema = z.object({
  url: z.string(),
  webp: z.string().nullish(),
  alt: z.string().nullish(),
  title: z.string().nullish(),
  width: z.number().int().positive().nullish(),
  height: z.number().int().positive().nullish(),
});
export type MediaDto = z.infer<typeof mediaSchema>;

export const audienceSchema = z.enum(['pro', 'part']);

export const tagSchema = z.object({
  id: z.number().int().optional(),
  slug: z.string(),
  label: z.string(),
  kind: z.enum(['faq', 'news', 'folder', 'document']).optional(),
});

export const blockSchema = z.object({
  kind: z.enum(['text', 'push', 'image', 'video']),
  titre: z.string().nullish(),
  text: z.string().nullish(),
  cover: mediaSchema.nullish(),
  label_link: z.string().nullish(),
  url: z.string().nullish(),
  youtube_id: z.string().nullish(),
});
export type BlockDto = z.infer<typeof blockSchema>;

export const jobSchema = z.object({
  contract: z.string(),
  location: z.string(),
  department: z.string(),
  experience: z.string(),
  salary: z.string().nullish(),
});

export const pageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(['cms', 'actualite', 'job']),
  status: z.string().optional(),
  audiences: z.array(audienceSchema),
  published_at: z.string().nullish(),
  extract: z.string().nullish(),
  cover: mediaSchema.nullish(),
  blocks: z.array(blockSchema).default([]),
  tags: z.array(tagSchema).default([]),
  meta: z.object({ title: z.string().nullish(), description: z.string().nullish() }).nullish(),
  job: jobSchema.nullish(),
});
export type PageDto = z.infer<typeof pageSchema>;

export const folderSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: z.object({ slug: z.string(), label: z.string() }),
  audiences: z.array(audienceSchema),
  extract: z.string().nullish(),
  cover: mediaSchema.nullish(),
  difficulty: z.union([z.string(), z.number()]).nullish(),
  duration_minutes: z.number().int().nonnegative().nullish(),
  steps: z.array(z.object({ title: z.string(), text: z.string(), cover: mediaSchema.nullish() })).default([]),
  products: z.array(z.number().int()).default([]),
});
export type FolderDto = z.infer<typeof folderSchema>;

export const faqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  tags: z.array(tagSchema).default([]),
  audiences: z.array(audienceSchema),
  position: z.number().int().default(0),
});
export type FaqDto = z.infer<typeof faqSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.object({ slug: z.string(), label: z.string() }),
  section: z.enum(['download', 'technical']),
  file: z.object({ url: z.string(), size_bytes: z.number().int().nonnegative() }),
  product_id: z.number().int().nullish(),
  audiences: z.array(audienceSchema),
});
export type NoticeDto = z.infer<typeof noticeSchema>;

export const sitemapSchema = z.object({
  data: z.object({
    items: z.array(
      z.object({ title: z.string(), items: z.array(z.object({ title: z.string(), slug: z.string() })) }),
    ),
  }),
});

export const settingsSchema = z.object({
  data: z.array(z.object({ code: z.string(), value: z.string().nullable() })),
});

export const urlListSchema = z.object({
  data: z.object({
    items: z.array(
      z.object({
        entity_type: z.enum(['product', 'category', 'page', 'folder']),
        id: z.number().int(),
        slug: z.string(),
        type: z.enum(['cms', 'actualite', 'job']).nullish(),
        exist_in: z.array(z.number().int()),
        updated_at: z.string().nullish(),
      }),
    ),
  }),
});
export type UrlEntryDto = z.infer<typeof urlListSchema>['data']['items'][number];

export const parentSchema = z.object({
  entity_type: z.string(),
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.string().nullish(),
});

export const urlEntitySchema = z.object({
  data: z.object({
    items: z.array(z.unknown()).optional(),
    list: z.array(z.unknown()).optional(),
    parents: z.array(parentSchema).default([]),
  }),
});

/** A paged index answer `{ data: { items, total } }` of a generic resource. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.object({ items: z.array(item), total: z.number().int().nonnegative() }) });
}

/** Product cards linked from how-to folders: only what a card shows. */
export const productCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  reference: z.string(),
  short_description: z.string().nullish(),
  category_name: z.string().nullish(),
  cover: mediaSchema.nullish(),
  exist_in: z.array(z.number().int()).default([]),
});
