/**
 * The back-office's suggest (`GET /api/v1/search?type=Suggest`, same origin): the same text search as the
 * results page's product listing (the back-office's search/matcher.ts), so the products total is the results
 * page's total. Loaded as its own chunk: it brings the API client and zod, which the shared script must not carry.
 */
import { suggest } from '../../lib/api/catalogue.ts';
import { islandApi } from '../site/island-api.ts';
import type { Audience } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import type { SuggestGroups } from './suggest.ts';

export async function backofficeSuggest(text: string, audience: Audience): Promise<SuggestGroups> {
  const answer = await suggest(islandApi(), text);
  return {
    products: {
      total: answer.products.total,
      items: answer.products.items.map((item) => ({
        title: item.name,
        url: paths.product(audience, item.slug),
        detail: item.categoryName,
        image: item.cover?.url,
      })),
    },
    categories: {
      total: answer.categories.total,
      items: answer.categories.items.map((item) => ({
        title: item.name,
        url: paths.category(audience, item.slug),
        detail: item.categoryName,
        image: item.cover?.url,
      })),
    },
    pages: {
      total: answer.pages.total,
      items: answer.pages.items.map((item) => ({
        title: item.title,
        url: paths.cmsPage(audience, item.slug),
        detail: item.content,
      })),
    },
  };
}
