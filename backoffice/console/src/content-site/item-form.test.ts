import { describe, expect, it } from 'vitest';
import { formValues, itemChanges, itemFields, menuName, menuOrder } from './item-form.ts';

describe('the menu item form', () => {
  it('stores each kind of item as the API and the site read it', () => {
    const base = { label: ' Help ', slug: '/faq', url: 'https://example.co.uk', color: '', extract: '' };
    expect(itemFields({ ...base, kind: 'cms_page' })).toEqual({
      label: 'Help',
      type: 'cms_page',
      slug: 'faq',
    });
    expect(itemFields({ ...base, kind: 'external_url' })).toEqual({
      label: 'Help',
      type: 'external_url',
      slug: '',
      url: 'https://example.co.uk',
    });
    expect(itemFields({ ...base, kind: 'guide_de_choix' })).toEqual({
      label: 'Help',
      type: 'no_destination',
      slug: '',
      code: 'guide_de_choix',
    });
    expect(itemChanges({ ...base, kind: 'no_destination' })).toEqual({
      label: 'Help',
      type: 'no_destination',
      slug: '',
      url: null,
      code: null,
      color: null,
      extract: null,
    });
  });

  it('reads an item back into the form and names menus in words', () => {
    expect(
      formValues({
        id: 1,
        label: 'Best sellers',
        slug: '',
        type: 'no_destination',
        code: 'top_produit',
        childs: [],
      }).kind,
    ).toBe('top_produit');
    expect(menuName('menu_footer_pro')).toBe('Footer menu, trade');
    expect(menuName('menu_part')).toBe('Main menu, DIY');
    const codes = ['menu_footer_part', 'menu_pro', 'menu_prefooter_pro', 'menu_part'];
    expect(codes.toSorted((a, b) => menuOrder(a) - menuOrder(b))).toEqual([
      'menu_pro',
      'menu_part',
      'menu_prefooter_pro',
      'menu_footer_part',
    ]);
  });
});
