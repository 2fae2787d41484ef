import { describe, expect, it } from 'vitest';
import { moveMenuItem, patchMenuItem } from './menu-items.ts';
import type { MenuItem } from './resources.ts';

const item = (id: number, childs: MenuItem[] = []): MenuItem => ({
  id,
  label: `Item ${id}`,
  slug: `item-${id}`,
  type: 'cms_page',
  childs,
});
const ids = (items: MenuItem[]): unknown[] =>
  items.map((i) => (i.childs.length ? [i.id, ids(i.childs)] : i.id));

describe('moveMenuItem', () => {
  const tree = [item(1, [item(2), item(3)]), item(4), item(5, [item(6)])];

  it('moves an item among its siblings', () => {
    expect(ids(moveMenuItem(tree, 4, { position: 0 }))).toEqual([4, [1, [2, 3]], [5, [6]]]);
    expect(ids(moveMenuItem(tree, 3, { position: 0 }))).toEqual([[1, [3, 2]], 4, [5, [6]]]);
  });

  it('moves an item with its children under another parent, last when no position is named', () => {
    expect(ids(moveMenuItem(tree, 5, { parent_item_id: 1 }))).toEqual([[1, [2, 3, [5, [6]]]], 4]);
    expect(ids(moveMenuItem(tree, 2, { parent_item_id: null, position: 1 }))).toEqual([
      [1, [3]],
      2,
      4,
      [5, [6]],
    ]);
  });

  it('refuses to put an item under itself or its own child, and names missing items', () => {
    expect(() => moveMenuItem(tree, 5, { parent_item_id: 6 })).toThrow(/cannot go under itself/);
    expect(() => moveMenuItem(tree, 1, { parent_item_id: 1 })).toThrow(/cannot go under itself/);
    expect(() => moveMenuItem(tree, 99, { position: 0 })).toThrow(/not found/);
    expect(() => moveMenuItem(tree, 4, { parent_item_id: 99 })).toThrow(/not found/);
  });
});

describe('patchMenuItem', () => {
  it('changes the named fields and removes those named null', () => {
    const guide: MenuItem = { ...item(1), type: 'no_destination', code: 'guide_de_choix', color: '#123456' };
    const [changed] = patchMenuItem([guide], 1, { type: 'cms_page', slug: 'about-us', code: null });
    expect(changed).toEqual({
      id: 1,
      label: 'Item 1',
      slug: 'about-us',
      type: 'cms_page',
      color: '#123456',
      childs: [],
    });
  });
});
