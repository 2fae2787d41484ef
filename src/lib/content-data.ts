/**
 * What the content pages load, built on the API calls of `api/content.ts` and `api/catalogue.ts`: entries of one
 * audience in display order, the tags and types that have entries (one static page each), and the product
 * cards of a how-to guide.
 */
import type { Audience } from './config.ts';
import { BackofficeError, type ApiClient } from './api/client.ts';
import { getProduct } from './api/catalogue.ts';
import { listAllFaqs, listAllFolders, listAllNotices, listAllPages, listAllTags } from './api/content.ts';
import type { CmsPage, Faq, Folder, Notice, PageType, ProductSummary } from './api/types.ts';

export interface TagRef {
  slug: string;
  label: string;
}

const forAudience =
  (audience: Audience) =>
  <T extends { audiences: readonly Audience[] }>(entry: T) =>
    entry.audiences.includes(audience);

const newestFirst = (a: CmsPage, b: CmsPage) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '');

/** Published pages of a type shown to `audience`, newest first. */
export async function pagesOf(api: ApiClient, audience: Audience, type: PageType): Promise<CmsPage[]> {
  const pages = await listAllPages(api, { type, audience });
  return pages.filter((page) => page.type === type && forAudience(audience)(page)).sort(newestFirst);
}

export async function foldersOf(api: ApiClient, audience: Audience): Promise<Folder[]> {
  return (await listAllFolders(api)).filter(forAudience(audience));
}

export async function faqsOf(api: ApiClient, audience: Audience): Promise<Faq[]> {
  return (await listAllFaqs(api)).filter(forAudience(audience)).sort((a, b) => a.position - b.position);
}

export async function noticesOf(
  api: ApiClient,
  audience: Audience,
  section: Notice['section'],
): Promise<Notice[]> {
  return (await listAllNotices(api, { section })).filter(
    (notice) => notice.section === section && forAudience(audience)(notice),
  );
}

/**
 * Tags of `kind` that at least one entry carries, in the back-office's tag order (tags only known from entries
 * come last): each gets a static page, so a tag without entries would be an empty page.
 */
export async function tagsInUse(
  api: ApiClient,
  kind: 'faq' | 'news',
  entries: readonly { tags: readonly TagRef[] }[],
): Promise<TagRef[]> {
  const used = new Map(entries.flatMap((entry) => entry.tags.map((tag) => [tag.slug, tag.label] as const)));
  const known = (await listAllTags(api, kind)).filter((tag) => used.has(tag.slug));
  const rest = [...used].filter(([slug]) => !known.some((tag) => tag.slug === slug));
  return [
    ...known.map(({ slug, label }) => ({ slug, label })),
    ...rest.map(([slug, label]) => ({ slug, label })),
  ];
}

/** Distinct types of folders or documents, in order of first appearance. */
export function typesInUse(entries: readonly { type: TagRef }[]): TagRef[] {
  const types = new Map<string, TagRef>();
  for (const { type } of entries) if (type.slug && !types.has(type.slug)) types.set(type.slug, type);
  return [...types.values()];
}

/** Products a guide links to, in its order; those outside the audience's plan (or gone) are left out. */
export async function folderProducts(api: ApiClient, ids: readonly number[]): Promise<ProductSummary[]> {
  const products = await Promise.all(
    ids.map(async (id) => {
      try {
        return await getProduct(api, id, { noPlanSwitch: true });
      } catch (error) {
        if (error instanceof BackofficeError && (error.notInPlan || error.statusCode === 404))
          return undefined;
        throw error;
      }
    }),
  );
  return products.filter((product) => product !== undefined);
}
