import { describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { siteOrigin } from '../paths.ts';
import { chunk, currentMenuHref, getMenu, menuCode, menuColor } from './menu.ts';
import type { MenuItem } from './types.ts';

function clientAnswering(body: unknown): ApiClient {
  const fetchStub: typeof fetch = async () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  return new ApiClient({ origin: 'http://backoffice.test', planId: () => 2, fetch: fetchStub });
}

describe('menus', () => {
  it('names the menus of spec §2', () => {
    expect(menuCode('main', 'pro')).toBe('menu_pro');
    expect(menuCode('footer', 'part')).toBe('menu_footer_part');
    expect(menuCode('prefooter', 'pro')).toBe('menu_prefooter_pro');
  });

  it('reads the colour up to the first underscore', () => {
    expect(menuColor('#1b6b4a_primary')).toBe('#1b6b4a');
    expect(menuColor('#abc')).toBe('#abc');
    expect(menuColor('red_primary')).toBeUndefined();
    expect(menuColor(undefined)).toBeUndefined();
  });

  it('chunks columns in groups of 4', () => {
    expect(chunk([1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9]]);
    expect(chunk([], 4)).toEqual([]);
  });

  it('resolves every item type to a link, a button code or plain text', async () => {
    const api = clientAnswering({
      data: {
        items: [
          {
            code: 'menu_part',
            items: [
              { label: 'News', slug: 'news', type: 'cms_page', color: '#123456_accent', childs: [] },
              { label: 'YouTube', url: 'https://www.youtube.com/@plasterwick', type: 'external_url' },
              { label: 'Trade site', url: `${siteOrigin()}/professional-filler`, type: 'external_url' },
              { label: 'Guide', type: 'no_destination', code: 'guide_de_choix' },
              {
                label: 'Advice',
                type: 'no_destination',
                pushes: [{ titre: 'Read', text: 'How-to', url: '/diy-filler/folder/x', label_link: 'Go' }],
                childs: [{ label: 'FAQ', slug: 'frequently-asked-questions', type: 'cms_page' }],
              },
            ],
          },
        ],
      },
    });
    const menu = await getMenu(api, 'main', 'part');
    expect(menu.code).toBe('menu_part');
    const [news, youtube, trade, guide, advice] = menu.items;
    expect(news).toMatchObject({
      href: '/diy-filler/news',
      newTab: false,
      color: '#123456',
      kind: 'cms_page',
    });
    expect(youtube).toMatchObject({ href: 'https://www.youtube.com/@plasterwick', newTab: true });
    expect(trade).toMatchObject({ href: '/professional-filler', newTab: false });
    expect(guide).toMatchObject({ code: 'guide_de_choix', href: undefined, kind: 'no_destination' });
    expect(advice?.children[0]?.href).toBe('/diy-filler/frequently-asked-questions');
    expect(advice?.pushes[0]).toMatchObject({ title: 'Read', href: '/diy-filler/folder/x', linkLabel: 'Go' });
  });

  it('gives an empty menu when the code does not exist', async () => {
    const menu = await getMenu(clientAnswering({ data: { items: [] } }), 'footer', 'pro');
    expect(menu).toEqual({ code: 'menu_footer_pro', items: [] });
  });

  it('finds the link of the current page among the top items and their children, and nothing deeper', () => {
    const item = (href: string | undefined, children: MenuItem[] = []): MenuItem => ({
      label: href ?? 'text',
      kind: 'cms_page',
      href,
      newTab: false,
      pushes: [],
      children,
    });
    const items = [item('/pro/news'), item(undefined, [item('/pro/faq', [item('/pro/deep')])])];
    expect(currentMenuHref(items, '/pro/news')).toBe('/pro/news');
    expect(currentMenuHref(items, '/pro/faq')).toBe('/pro/faq');
    expect(currentMenuHref(items, '/pro/deep')).toBeUndefined();
    expect(currentMenuHref(items, '/pro/results/filler')).toBeUndefined();
  });
});
