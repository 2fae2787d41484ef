import { describe, expect, it } from 'vitest';
import type { StaffCategory } from './calls.ts';
import { announcement, buildTree, dropMove, keyboardMove } from './tree.ts';

const category = (id: number, parent_id: number | null, position: number): StaffCategory => ({
  id,
  slug: `c${id}`,
  name: `C${id}`,
  description: '',
  parent_id,
  position,
  version: 1,
});

// 1 (children 11, 12, 13), 2, 3 (child 31)
const all = [
  category(1, null, 0),
  category(2, null, 1),
  category(3, null, 2),
  category(11, 1, 0),
  category(12, 1, 1),
  category(13, 1, 2),
  category(31, 3, 0),
];
const byId = (id: number) => all.find((c) => c.id === id)!;

describe('the category tree', () => {
  it('builds two levels in order', () => {
    expect(buildTree(all).map((t) => [t.id, t.children.map((c) => c.id)])).toEqual([
      [1, [11, 12, 13]],
      [2, []],
      [3, [31]],
    ]);
  });

  it('moves up and down among siblings, not past the ends', () => {
    expect(keyboardMove(all, byId(12), 'up')).toEqual({ parentId: 1, position: 0 });
    expect(keyboardMove(all, byId(12), 'down')).toEqual({ parentId: 1, position: 2 });
    expect(keyboardMove(all, byId(11), 'up')).toBeUndefined();
    expect(keyboardMove(all, byId(13), 'down')).toBeUndefined();
  });

  it('moves into the category above (last), only a top-level one without children; out after its parent', () => {
    expect(keyboardMove(all, byId(2), 'into')).toEqual({ parentId: 1, position: 3 });
    expect(keyboardMove(all, byId(1), 'into')).toBeUndefined();
    expect(keyboardMove(all, byId(3), 'into')).toBeUndefined();
    expect(keyboardMove(all, byId(12), 'into')).toBeUndefined();
    expect(keyboardMove(all, byId(12), 'out')).toEqual({ parentId: null, position: 1 });
    expect(keyboardMove(all, byId(2), 'out')).toBeUndefined();
  });

  it('drops a category in the place of the one it is dropped on', () => {
    expect(dropMove(all, byId(13), byId(11))).toEqual({ parentId: 1, position: 0 });
    expect(dropMove(all, byId(11), byId(13))).toEqual({ parentId: 1, position: 1 });
    expect(dropMove(all, byId(2), byId(31))).toEqual({ parentId: 3, position: 0 });
    expect(dropMove(all, byId(2), byId(2))).toBeUndefined();
  });

  it('announces where the category landed', () => {
    expect(announcement(all, 12)).toBe('C12 moved: 2 of 3 in C1.');
    expect(announcement(all, 2)).toBe('C2 moved: 2 of 3 at the top level.');
  });
});
