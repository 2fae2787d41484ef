/** CMS calls: pages (news, jobs, CMS), preview, folders, FAQ, tags, notices, slider, testimonies, sitemap. */
import { z } from 'zod';
import type { Audience } from '../config.ts';
import type { ApiClient, QueryValue } from './client.ts';
import { audiencesSchema, dataEnvelope, listEnvelope, mediaSchema, toOptionalMedia } from './shared.ts';
import type { CmsPage, Faq, Folder, Notice, Paged, SitemapSection, Slide, Tag, Testimony } from './types.ts';

const tagSchema = z.object({
  id: z.number().nullish(),
  slug: z.string(),
  label: z.string(),
  kind: z.string().nullish(),
});

function toTag(dto: z.infer<typeof tagSchema>): Tag {
  return { id: dto.id ?? 0, slug: dto.slug, label: dto.label, kind: dto.kind ?? undefined };
}

const pageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.enum(['cms', 'actualite', 'job']).catch('cms'),
  status: z.string().nullish(),
  audiences: audiencesSchema,
  published_at: z.string().nullish(),
  extract: z.string().nullish(),
  cover: mediaSchema.nullish(),
  blocks: z
    .array(
      z.object({
        kind: z.enum(['text', 'push', 'image', 'video']),
        titre: z.string().nullish(),
        text: z.string().nullish(),
        cover: mediaSchema.nullish(),
        label_link: z.string().nullish(),
        url: z.string().nullish(),
        youtube_id: z.string().nullish(),
      }),
    )
    .nullish(),
  tags: z.array(tagSchema).nullish(),
  meta: z.object({ title: z.string().nullish(), description: z.string().nullish() }).nullish(),
  job: z
    .object({
      contract: z.string().nullish(),
      location: z.string().nullish(),
      department: z.string().nullish(),
      experience: z.string().nullish(),
      salary: z.string().nullish(),
    })
    .nullish(),
});

function toPage(dto: z.infer<typeof pageSchema>): CmsPage {
  return {
    id: dto.id,
    slug: dto.slug,
    title: dto.title,
    type: dto.type,
    status: dto.status ?? 'published',
    audiences: dto.audiences,
    publishedAt: dto.published_at ?? null,
    extract: dto.extract ?? '',
    cover: toOptionalMedia(dto.cover, dto.title),
    blocks: (dto.blocks ?? []).map((block) => ({
      kind: block.kind,
      title: block.titre ?? undefined,
      html: block.text ?? undefined,
      cover: toOptionalMedia(block.cover, block.titre ?? ''),
      linkLabel: block.label_link ?? undefined,
      url: block.url ?? undefined,
      youtubeId: block.youtube_id ?? undefined,
    })),
    tags: (dto.tags ?? []).map(toTag),
    meta: { title: dto.meta?.title || dto.title, description: dto.meta?.description || dto.extract || '' },
    job: dto.job
      ? {
          contract: dto.job.contract ?? '',
          location: dto.job.location ?? '',
          department: dto.job.department ?? '',
          experience: dto.job.experience ?? '',
          salary: dto.job.salary ?? '',
        }
      : undefined,
  };
}

export interface ListQuery {
  page?: number;
  perPage?: number;
  [filter: string]: QueryValue;
}

async function index<T extends z.ZodType, R>(
  api: ApiClient,
  resource: string,
  item: T,
  map: (dto: z.output<T>) => R,
  query: ListQuery = {},
): Promise<Paged<R>> {
  const { data } = await api.get(`/${resource}`, listEnvelope(item), { query, withoutPlan: true });
  const items = (data.items as z.output<T>[]).map(map);
  return { items, total: data.total ?? items.length };
}

/** Every item of a resource, page after page (build time). */
async function indexAll<T extends z.ZodType, R>(
  api: ApiClient,
  resource: string,
  item: T,
  map: (dto: z.output<T>) => R,
  query: ListQuery = {},
): Promise<R[]> {
  const perPage = 100;
  const items: R[] = [];
  for (let page = 1; ; page++) {
    const next = await index(api, resource, item, map, { ...query, page, perPage });
    items.push(...next.items);
    if (next.items.length === 0 || items.length >= next.total) return items;
  }
}

/** `GET /page`: pages filtered by `type`, `tag`, `audience`, job fields… */
export function listPages(api: ApiClient, query: ListQuery = {}): Promise<Paged<CmsPage>> {
  return index(api, 'page', pageSchema, toPage, query);
}

export function listAllPages(api: ApiClient, query: ListQuery = {}): Promise<CmsPage[]> {
  return indexAll(api, 'page', pageSchema, toPage, query);
}

/** `GET /page/{slug}`: a published page. Throws `BackofficeError` 404 when unknown. */
export async function getPage(api: ApiClient, slug: string): Promise<CmsPage> {
  const { data } = await api.get(`/page/${encodeURIComponent(slug)}`, dataEnvelope(pageSchema), {
    withoutPlan: true,
  });
  return toPage(data);
}

/**
 * How a preview is allowed: the tooling's preview token, or a signed link's `sig` and `exp` (issue 26), forwarded
 * as the link gave them.
 */
export type PreviewAccess = { token: string } | { sig: string; exp: string };

/** A previewed entry: a page, a folder or a FAQ entry, as the editor left it. */
export type EntryPreview =
  | { resource: 'page'; page: CmsPage }
  | { resource: 'folder'; folder: Folder }
  | { resource: 'faq'; faq: Faq };

/**
 * `GET /preview/{id}`: the page, folder or FAQ entry `id` as its editor left it (its draft). A token travels in a
 * header, a signed link's `sig` and `exp` in the query; the visitor's address goes along, so failed guesses count
 * against the visitor. Throws `BackofficeError` 401 on a bad token or link, 404 for an unknown id.
 */
export async function getEntryPreview(
  api: ApiClient,
  id: number,
  access: PreviewAccess,
  visitorAddress?: string,
): Promise<EntryPreview> {
  const schema = dataEnvelope(
    z.discriminatedUnion('resource', [
      z.object({ resource: z.literal('page'), item: pageSchema }),
      z.object({ resource: z.literal('folder'), item: folderSchema }),
      z.object({ resource: z.literal('faq'), item: faqSchema }),
    ]),
  );
  const visitor: Record<string, string> = visitorAddress ? { 'x-forwarded-for': visitorAddress } : {};
  const { data } = await api.get(`/preview/${id}`, schema, {
    headers: 'token' in access ? { 'x-preview-token': access.token, ...visitor } : visitor,
    query: 'sig' in access ? { sig: access.sig, exp: access.exp } : undefined,
    withoutPlan: true,
  });
  switch (data.resource) {
    case 'page':
      return { resource: 'page', page: toPage(data.item) };
    case 'folder':
      return { resource: 'folder', folder: toFolder(data.item) };
    default:
      return { resource: 'faq', faq: toFaq(data.item) };
  }
}

const folderSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  type: z.object({ slug: z.string(), label: z.string() }),
  audiences: audiencesSchema,
  extract: z.string().nullish(),
  cover: mediaSchema.nullish(),
  difficulty: z.string().nullish(),
  duration_minutes: z.number().nullish(),
  steps: z
    .array(z.object({ title: z.string(), text: z.string().nullish(), cover: mediaSchema.nullish() }))
    .nullish(),
  products: z.array(z.number()).nullish(),
});

function toFolder(dto: z.infer<typeof folderSchema>): Folder {
  return {
    id: dto.id,
    slug: dto.slug,
    title: dto.title,
    type: dto.type,
    audiences: dto.audiences,
    extract: dto.extract ?? '',
    cover: toOptionalMedia(dto.cover, dto.title),
    difficulty: dto.difficulty ?? '',
    durationMinutes: dto.duration_minutes ?? 0,
    steps: (dto.steps ?? []).map((step) => ({
      title: step.title,
      html: step.text ?? '',
      cover: toOptionalMedia(step.cover, step.title),
    })),
    productIds: dto.products ?? [],
  };
}

export function listAllFolders(api: ApiClient, query: ListQuery = {}): Promise<Folder[]> {
  return indexAll(api, 'folder', folderSchema, toFolder, query);
}

export async function getFolder(api: ApiClient, idOrSlug: number | string): Promise<Folder> {
  const { data } = await api.get(
    `/folder/${encodeURIComponent(String(idOrSlug))}`,
    dataEnvelope(folderSchema),
    {
      withoutPlan: true,
    },
  );
  return toFolder(data);
}

const faqSchema = z.object({
  id: z.number(),
  question: z.string(),
  answer: z.string(),
  tags: z.array(z.object({ slug: z.string(), label: z.string() })).nullish(),
  audiences: audiencesSchema,
  position: z.number().nullish(),
});

function toFaq(dto: z.infer<typeof faqSchema>): Faq {
  return {
    id: dto.id,
    question: dto.question,
    answerHtml: dto.answer,
    tags: dto.tags ?? [],
    audiences: dto.audiences,
    position: dto.position ?? 0,
  };
}

export function listAllFaqs(api: ApiClient, query: ListQuery = {}): Promise<Faq[]> {
  return indexAll(api, 'faq', faqSchema, toFaq, query);
}

/** `GET /tags?kind=…` (faq, news, folder, document). */
export function listAllTags(api: ApiClient, kind?: string): Promise<Tag[]> {
  return indexAll(api, 'tags', tagSchema, toTag, { kind });
}

const noticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.object({ slug: z.string(), label: z.string() }),
  section: z.enum(['download', 'technical']),
  file: z.object({ url: z.string(), size_bytes: z.number().nullish() }),
  product_id: z.number().nullish(),
  audiences: audiencesSchema,
});

export function listAllNotices(api: ApiClient, query: ListQuery = {}): Promise<Notice[]> {
  return indexAll(
    api,
    'notice',
    noticeSchema,
    (dto) => ({
      id: dto.id,
      title: dto.title,
      type: dto.type,
      section: dto.section,
      file: { url: dto.file.url, sizeBytes: dto.file.size_bytes ?? 0 },
      productId: dto.product_id ?? undefined,
      audiences: dto.audiences,
    }),
    query,
  );
}

const slideSchema = z.object({
  id: z.number(),
  kind: z.enum(['slide', 'push']),
  audiences: audiencesSchema,
  titre: z.string().nullish(),
  text: z.string().nullish(),
  label_link: z.string().nullish(),
  url: z.string().nullish(),
  cover: mediaSchema.nullish(),
  position: z.number().nullish(),
});

/** Slides and home pushes of an audience, in position order. */
export async function listSlides(api: ApiClient, audience: Audience, kind: Slide['kind']): Promise<Slide[]> {
  const slides = await indexAll(
    api,
    'slider',
    slideSchema,
    (dto): Slide => ({
      id: dto.id,
      kind: dto.kind,
      audiences: dto.audiences,
      title: dto.titre ?? '',
      text: dto.text ?? '',
      linkLabel: dto.label_link ?? '',
      url: dto.url ?? '',
      cover: toOptionalMedia(dto.cover, dto.titre ?? ''),
      position: dto.position ?? 0,
    }),
    { audience, kind },
  );
  return slides.filter((slide) => slide.audiences.includes(audience)).sort((a, b) => a.position - b.position);
}

const testimonySchema = z.object({
  id: z.number(),
  author: z.string(),
  role: z.string().nullish(),
  company: z.string().nullish(),
  text: z.string(),
  audiences: audiencesSchema,
  rating: z.number().nullish(),
});

export async function listTestimonies(api: ApiClient, audience: Audience): Promise<Testimony[]> {
  const all = await indexAll(api, 'testimony', testimonySchema, (dto): Testimony => ({
    id: dto.id,
    author: dto.author,
    role: dto.role ?? '',
    company: dto.company ?? '',
    text: dto.text,
    audiences: dto.audiences,
    rating: dto.rating ?? 5,
  }));
  return all.filter((testimony) => testimony.audiences.includes(audience));
}

/** `GET /sitemap?saleplan_id`: the sitemap page's sections (slugs relative to the audience segment). */
export async function getSitemap(api: ApiClient): Promise<SitemapSection[]> {
  const schema = listEnvelope(
    z.object({ title: z.string(), items: z.array(z.object({ title: z.string(), slug: z.string() })) }),
  );
  const { data } = await api.get('/sitemap', schema);
  return data.items;
}
