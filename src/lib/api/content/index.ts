/**
 * Content calls of the back-office (pages, news, jobs, folders, FAQ, tags, documents, sitemap, settings, URL list).
 * Every function takes the shared `ApiClient`, parses the answer with the schemas of `schemas.ts` and returns the
 * storefront types of `types.ts`.
 */
import { z } from 'zod';
import type { Audience } from '../../config.ts';
import { BackofficeError, type ApiClient, type QueryValue } from '../client.ts';
import {
  faqSchema,
  folderSchema,
  listSchema,
  noticeSchema,
  pageSchema,
  productCardSchema,
  settingsSchema,
  sitemapSchema,
  tagSchema,
  urlEntitySchema,
  urlListSchema,
  type BlockDto,
  type FaqDto,
  type FolderDto,
  type MediaDto,
  type NoticeDto,
  type PageDto,
} from './schemas.ts';
import type {
  Block,
  CmsPage,
  EntityParent,
  Faq,
  Folder,
  Notice,
  PageKind,
  ProductCard,
  SitemapSection,
  Tag,
  UrlEntry,
} from './types.ts';

export type * from './types.ts';

/** Largest page size the generic resources accept; lists are read page by page up to their total. */
const PAGE_SIZE = 100;

export function toMedia(dto: MediaDto | null | undefined, fallbackAlt = ''): CmsPage['cover'] {
  if (!dto) return undefined;
  return {
    url: dto.url,
    webp: dto.webp ?? undefined,
    alt: dto.alt ?? dto.title ?? fallbackAlt,
    width: dto.width ?? undefined,
    height: dto.height ?? undefined,
  };
}

export function toPageKind(type: PageDto['type']): PageKind {
  return type === 'actualite' ? 'news' : type;
}

export function toBlock(dto: BlockDto): Block | undefined {
  const title = dto.titre ?? undefined;
  switch (dto.kind) {
    case 'text':
      return dto.text ? { kind: 'text', title, html: dto.text } : undefined;
    case 'push':
      return {
        kind: 'push',
        title,
        text: dto.text ?? undefined,
        cover: toMedia(dto.cover, title),
        link: dto.url ? { label: dto.label_link ?? title ?? dto.url, url: dto.url } : undefined,
      };
    case 'image': {
      const cover = toMedia(dto.cover, title);
      return cover ? { kind: 'image', title, cover } : undefined;
    }
    case 'video':
      return dto.youtube_id ? { kind: 'video', title, youtubeId: dto.youtube_id } : undefined;
  }
}

export function toPage(dto: PageDto): CmsPage {
  const extract = dto.extract ?? '';
  return {
    id: dto.id,
    slug: dto.slug,
    title: dto.title,
    kind: toPageKind(dto.type),
    audiences: dto.audiences,
    publishedAt: dto.published_at ?? undefined,
    extract,
    cover: toMedia(dto.cover, dto.title),
    blocks: dto.blocks.map(toBlock).filter((block) => block !== undefined),
    tags: dto.tags.map(({ slug, label }) => ({ slug, label })),
    metaTitle: dto.meta?.title || dto.title,
    metaDescription: dto.meta?.description || extract,
    job: dto.job
      ? {
          contract: dto.job.contract,
          location: dto.job.location,
          department: dto.job.department,
          experience: dto.job.experience,
          salary: dto.job.salary ?? undefined,
        }
      : undefined,
  };
}

export function toFolder(dto: FolderDto): Folder {
  return {
    id: dto.id,
    slug: dto.slug,
    title: dto.title,
    type: dto.type,
    audiences: dto.audiences,
    extract: dto.extract ?? '',
    cover: toMedia(dto.cover, dto.title),
    difficulty: dto.difficulty === null || dto.difficulty === undefined ? undefined : String(dto.difficulty),
    durationMinutes: dto.duration_minutes ?? undefined,
    steps: dto.steps.map((step) => ({
      title: step.title,
      text: step.text,
      cover: toMedia(step.cover, step.title),
    })),
    productIds: dto.products,
  };
}

export function toFaq(dto: FaqDto): Faq {
  return {
    id: dto.id,
    question: dto.question,
    answerHtml: dto.answer,
    tags: dto.tags.map(({ slug, label }) => ({ slug, label })),
    audiences: dto.audiences,
    position: dto.position,
  };
}

export function toNotice(dto: NoticeDto): Notice {
  const path = dto.file.url.split(/[?#]/)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return {
    id: dto.id,
    title: dto.title,
    type: dto.type,
    section: dto.section,
    url: dto.file.url,
    sizeBytes: dto.file.size_bytes,
    format: extension,
    audiences: dto.audiences,
  };
}

/** Reads every item of a generic resource index, page by page. */
async function listAll<T extends z.ZodType>(
  api: ApiClient,
  resource: string,
  item: T,
  query: Record<string, QueryValue> = {},
): Promise<z.output<T>[]> {
  const schema = listSchema(item);
  const items: z.output<T>[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await api.get(resource, schema, { query: { ...query, perPage: PAGE_SIZE, page } });
    items.push(...data.items);
    if (data.items.length === 0 || items.length >= data.total) return items;
  }
}

/** `undefined` when the back-office answers 404 for the slug. */
async function orNotFound<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof BackofficeError && error.statusCode === 404) return undefined;
    throw error;
  }
}

const byAudience =
  (audience: Audience) =>
  <T extends { audiences: Audience[] }>(entry: T) =>
    entry.audiences.includes(audience);

/** Published pages of one kind shown to `audience`, newest first for news and jobs. */
export async function listPages(api: ApiClient, audience: Audience, kind?: PageKind): Promise<CmsPage[]> {
  const type = kind === 'news' ? 'actualite' : kind;
  const items = await listAll(api, 'page', pageSchema, { type, audience });
  return items
    .map(toPage)
    .filter(byAudience(audience))
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''));
}

export async function getPage(api: ApiClient, slug: string): Promise<CmsPage | undefined> {
  const answer = await orNotFound(api.get(`page/${slug}`, z.object({ data: pageSchema })));
  return answer && toPage(answer.data);
}

/** Breadcrumb parents of an entity, root first (`GET /url/entity`). */
export async function getParents(
  api: ApiClient,
  entityType: 'page' | 'folder',
  slug: string,
): Promise<EntityParent[]> {
  const answer = await orNotFound(
    api.get('url/entity', urlEntitySchema, { query: { entity_type: entityType, slug } }),
  );
  return (answer?.data.parents ?? []).map((parent) => ({
    entityType: parent.entity_type,
    slug: parent.slug,
    name: parent.name,
  }));
}

export async function listFolders(api: ApiClient, audience: Audience): Promise<Folder[]> {
  return (await listAll(api, 'folder', folderSchema)).map(toFolder).filter(byAudience(audience));
}

export async function getFolder(api: ApiClient, slug: string): Promise<Folder | undefined> {
  const answer = await orNotFound(api.get(`folder/${slug}`, z.object({ data: folderSchema })));
  return answer && toFolder(answer.data);
}

export async function listFaqs(api: ApiClient, audience: Audience): Promise<Faq[]> {
  return (await listAll(api, 'faq', faqSchema))
    .map(toFaq)
    .filter(byAudience(audience))
    .sort((a, b) => a.position - b.position);
}

export async function listTags(api: ApiClient, kind: 'faq' | 'news' | 'folder' | 'document'): Promise<Tag[]> {
  return (await listAll(api, 'tags', tagSchema, { kind })).map(({ slug, label }) => ({ slug, label }));
}

export async function listNotices(
  api: ApiClient,
  audience: Audience,
  section: Notice['section'],
): Promise<Notice[]> {
  return (await listAll(api, 'notice', noticeSchema, { section }))
    .map(toNotice)
    .filter((notice) => notice.section === section)
    .filter(byAudience(audience));
}

/** Sitemap sections of the client's plan. */
export async function getSitemapSections(api: ApiClient): Promise<SitemapSection[]> {
  const { data } = await api.get('sitemap', sitemapSchema);
  return data.items.map((section) => ({ title: section.title, links: section.items }));
}

/** Settings as a code → value map (phone, social links, trust labels…). */
export async function getSettings(api: ApiClient): Promise<Map<string, string>> {
  const { data } = await api.get('setting', settingsSchema);
  return new Map(data.flatMap(({ code, value }) => (value ? [[code, value] as const] : [])));
}

/** Every published entity with the plans it exists in (`GET /url`, all plans). */
export async function listUrls(api: ApiClient): Promise<UrlEntry[]> {
  const { data } = await api.get('url', urlListSchema, { withoutPlan: true });
  return data.items.map((item) => ({
    entityType: item.entity_type,
    slug: item.slug,
    pageKind: item.type ? toPageKind(item.type) : undefined,
    planIds: item.exist_in,
    updatedAt: item.updated_at ?? undefined,
  }));
}

/** Product cards for the ids a folder links to; products outside the client's plan are left out. */
export async function getProductCards(api: ApiClient, ids: number[]): Promise<ProductCard[]> {
  const answerSchema = z.object({ data: z.object({ items: z.array(productCardSchema) }) });
  const cards = await Promise.all(
    ids.map(async (id) => {
      try {
        const { data } = await api.get(`product/${id}`, answerSchema, { noPlanSwitch: true });
        return data.items[0];
      } catch (error) {
        if (error instanceof BackofficeError && (error.notInPlan || error.statusCode === 404))
          return undefined;
        throw error;
      }
    }),
  );
  return cards
    .filter((card) => card !== undefined)
    .map((card) => ({
      id: card.id,
      name: card.name,
      slug: card.slug,
      reference: card.reference,
      shortDescription: card.short_description ?? '',
      categoryName: card.category_name ?? '',
      cover: toMedia(card.cover, card.name),
    }));
}
