import { describe, expect, it } from 'vitest';
import { announcement, applyMove, dropMove, keyboardMove, type MenuNode } from './menu-tree.ts';

const item = (id: number, childs: MenuNode[] = []): MenuNode => ({
  id,
  label: `Item ${id}`,
  slug: `item-${id}`,
  type: 'cms_page',
  childs,
});
const ids = (items: MenuNode[]): unknown[] =>
  items.map((i) => (i.childs.length ? [i.id, ids(i.childs)] : i.id));

// 1 (2, 3), 5, 6
const menu = [item(1, [item(2), item(3)]), item(5), item(6)];

describe('menu keyboard moves', () => {
  it('moves up and down among siblings, not past the ends', () => {
    expect(keyboardMove(menu, 5, 'up')).toEqual({ parent_item_id: null, position: 0 });
    expect(keyboardMove(menu, 5, 'down')).toEqual({ parent_item_id: null, position: 2 });
    expect(keyboardMove(menu, 1, 'up')).toBeUndefined();
    expect(keyboardMove(menu, 6, 'down')).toBeUndefined();
    expect(keyboardMove(menu, 3, 'up')).toEqual({ parent_item_id: 1, position: 0 });
  });

  it('indents into the item above as its last child, within the two levels the site shows', () => {
    expect(keyboardMove(menu, 5, 'indent')).toEqual({ parent_item_id: 1, position: 2 });
    expect(keyboardMove(menu, 6, 'indent')).toEqual({ parent_item_id: 5, position: 0 });
    expect(keyboardMove(menu, 3, 'indent')).toBeUndefined(); // a third level
    expect(keyboardMove(menu, 1, 'indent')).toBeUndefined(); // nothing above
    expect(keyboardMove(applyMove(menu, 6, { parent_item_id: 5, position: 0 }), 5, 'indent')).toBeUndefined();
  });

  it('outdents to just after its parent', () => {
    expect(keyboardMove(menu, 2, 'outdent')).toEqual({ parent_item_id: null, position: 1 });
    expect(keyboardMove(menu, 5, 'outdent')).toBeUndefined();
  });

  it('applies a move as the back-office does and announces the new place', () => {
    const moved = applyMove(menu, 5, keyboardMove(menu, 5, 'indent')!);
    expect(ids(moved)).toEqual([[1, [2, 3, 5]], 6]);
    expect(announcement(moved, 5)).toBe('Item 5: position 3 of 3, under Item 1');
    const up = applyMove(menu, 6, keyboardMove(menu, 6, 'up')!);
    expect(ids(up)).toEqual([[1, [2, 3]], 6, 5]);
    expect(announcement(up, 6)).toBe('Item 6: position 2 of 3, at the top level');
  });
});

describe('menu drops', () => {
  it("takes the target's place among its siblings, never under itself", () => {
    expect(dropMove(menu, 6, 2)).toEqual({ parent_item_id: 1, position: 0 });
    expect(dropMove(menu, 2, 6)).toEqual({ parent_item_id: null, position: 2 });
    expect(dropMove(menu, 1, 3)).toBeUndefined(); // under itself
    expect(dropMove(menu, 1, 6)).toEqual({ parent_item_id: null, position: 1 });
    const nested = applyMove(menu, 6, { parent_item_id: 5, position: 0 });
    expect(dropMove(nested, 5, 2)).toBeUndefined(); // its link would be a third level

    expect(dropMove(menu, 5, 5)).toBeUndefined();
  });
});
