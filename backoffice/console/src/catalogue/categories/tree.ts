/**
 * The pure logic of the category tree screen: the tree from the flat list, and where each keyboard move puts a
 * category (its new parent and its place among the new siblings, as `POST /staff/categories/{id}/move` takes
 * them), with the sentence a screen reader announces after it.
 */
import type { StaffCategory } from './calls.ts';

export interface TreeNode extends StaffCategory {
  children: StaffCategory[];
}

const byPlace = (a: StaffCategory, b: StaffCategory) => a.position - b.position || a.id - b.id;

export function buildTree(categories: readonly StaffCategory[]): TreeNode[] {
  const ids = new Set(categories.map((c) => c.id));
  return categories
    .filter((c) => c.parent_id === null || !ids.has(c.parent_id))
    .toSorted(byPlace)
    .map((top) => ({ ...top, children: categories.filter((c) => c.parent_id === top.id).toSorted(byPlace) }));
}

export function siblingsOf(categories: readonly StaffCategory[], parentId: number | null): StaffCategory[] {
  return categories.filter((c) => c.parent_id === parentId).toSorted(byPlace);
}

export type MoveKind = 'up' | 'down' | 'into' | 'out';

export interface Move {
  parentId: number | null;
  position: number;
}

/** Where a keyboard move puts `category`; undefined when it cannot go that way. */
export function keyboardMove(
  categories: readonly StaffCategory[],
  category: StaffCategory,
  kind: MoveKind,
): Move | undefined {
  const siblings = siblingsOf(categories, category.parent_id);
  const index = siblings.findIndex((c) => c.id === category.id);
  switch (kind) {
    case 'up':
      return index > 0 ? { parentId: category.parent_id, position: index - 1 } : undefined;
    case 'down':
      return index < siblings.length - 1 ? { parentId: category.parent_id, position: index + 1 } : undefined;
    case 'into': {
      // Into the category above it, last: only a top-level one without subcategories (the tree has two levels).
      const above = siblings[index - 1];
      const hasChildren = categories.some((c) => c.parent_id === category.id);
      if (category.parent_id !== null || !above || hasChildren) return undefined;
      return { parentId: above.id, position: siblingsOf(categories, above.id).length };
    }
    case 'out': {
      // Out to the top level, just after its parent.
      if (category.parent_id === null) return undefined;
      const tops = siblingsOf(categories, null);
      const parentIndex = tops.findIndex((c) => c.id === category.parent_id);
      return { parentId: null, position: parentIndex + 1 };
    }
  }
}

/** Where a drop puts `dragged`: before `target`, among the target's siblings. */
export function dropMove(
  categories: readonly StaffCategory[],
  dragged: StaffCategory,
  target: StaffCategory,
): Move | undefined {
  if (dragged.id === target.id) return undefined;
  const siblings = siblingsOf(categories, target.parent_id).filter((c) => c.id !== dragged.id);
  return { parentId: target.parent_id, position: siblings.findIndex((c) => c.id === target.id) };
}

/** What a screen reader hears after a move: where the category now is. */
export function announcement(categories: readonly StaffCategory[], movedId: number): string {
  const moved = categories.find((c) => c.id === movedId);
  if (!moved) return '';
  const siblings = siblingsOf(categories, moved.parent_id);
  const place = `${siblings.findIndex((c) => c.id === movedId) + 1} of ${siblings.length}`;
  const parent = categories.find((c) => c.id === moved.parent_id);
  return `${moved.name} moved: ${place} ${parent ? `in ${parent.name}` : 'at the top level'}.`;
}
