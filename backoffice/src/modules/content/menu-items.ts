/**
 * The items of a menu's tree (stored whole in its entry's `data.items`), one by one: their stable ids and the
 * pure changes behind `POST /menu/{id}/items`, `PATCH` and `DELETE /menu/{id}/items/{item_id}`.
 *
 * Ids: a positive integer unique within the menu. An item written without one (menus stored before items had ids,
 * a new item, a full replace naming none) gets the next free one: the largest id of the tree plus one, given in
 * depth-first order. The rule depends on the tree alone, so a menu stored without ids reads with the same ids
 * that its next write stores, and an id once stored never changes.
 */
import type { MenuItem } from './resources.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

function* walk(items: readonly MenuItem[]): Generator<MenuItem> {
  for (const item of items) {
    yield item;
    yield* walk(item.childs);
  }
}

/** Whether no id is given twice in the tree (ids left out are given later). */
export function menuItemIdsUnique(items: readonly MenuItem[]): boolean {
  const seen = new Set<number>();
  for (const { id } of walk(items)) {
    if (id === undefined) continue;
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/** The tree with an id on every item: those it had, and the next free ones for the others, depth first. */
export function withItemIds(items: readonly MenuItem[]): MenuItem[] {
  let next = Math.max(0, ...[...walk(items)].map((item) => item.id ?? 0)) + 1;
  const number = (list: readonly MenuItem[]): MenuItem[] =>
    list.map((item) => {
      const id = item.id ?? next++;
      return { ...item, id, childs: number(item.childs) };
    });
  return number(items);
}

/** Where a new item goes: under the item `parent_item_id` (else at the top), at `position` (else last). */
export interface ItemPlace {
  parent_item_id?: number | null | undefined;
  position?: number | undefined;
}

function insertAt(list: MenuItem[], item: MenuItem, position: number | undefined): MenuItem[] {
  const at = Math.min(position ?? list.length, list.length);
  return [...list.slice(0, at), item, ...list.slice(at)];
}

/** The tree with `item` added at `place` (a 404 names a missing parent item). */
export function addMenuItem(items: MenuItem[], item: MenuItem, place: ItemPlace): MenuItem[] {
  const parent = place.parent_item_id;
  if (parent === undefined || parent === null) return insertAt(items, item, place.position);
  let found = false;
  const insert = (list: MenuItem[]): MenuItem[] =>
    list.map((candidate) => {
      if (candidate.id === parent) {
        found = true;
        return { ...candidate, childs: insertAt(candidate.childs, item, place.position) };
      }
      return { ...candidate, childs: insert(candidate.childs) };
    });
  const changed = insert(items);
  if (!found) throw notFound(`Menu item ${parent}`);
  return changed;
}

/** The tree with the named fields of item `itemId` changed, those named null removed (its children and the other items as they were). */
export function patchMenuItem(
  items: MenuItem[],
  itemId: number,
  changes: { [K in keyof Omit<MenuItem, 'id' | 'childs'>]?: MenuItem[K] | null },
): MenuItem[] {
  let found = false;
  const patch = (list: MenuItem[]): MenuItem[] =>
    list.map((item) => {
      if (item.id !== itemId) return { ...item, childs: patch(item.childs) };
      found = true;
      const changed: Record<string, unknown> = { ...item, ...changes, id: item.id, childs: item.childs };
      // A field named null is removed.
      for (const [key, value] of Object.entries(changes)) if (value === null) delete changed[key];
      return changed as unknown as MenuItem;
    });
  const changed = patch(items);
  if (!found) throw notFound(`Menu item ${itemId}`);
  return changed;
}

/** The tree without item `itemId` and its children. */
export function removeMenuItem(items: MenuItem[], itemId: number): MenuItem[] {
  let found = false;
  const remove = (list: MenuItem[]): MenuItem[] =>
    list.flatMap((item) => {
      if (item.id !== itemId) return [{ ...item, childs: remove(item.childs) }];
      found = true;
      return [];
    });
  const changed = remove(items);
  if (!found) throw notFound(`Menu item ${itemId}`);
  return changed;
}

function contains(item: MenuItem, id: number): boolean {
  return item.id === id || item.childs.some((child) => contains(child, id));
}

/**
 * The tree with item `itemId` (and its children) moved to `place`: under `parent_item_id` (null: the top; left
 * out: the parent it has), at `position` among its new siblings (else last). A 404 names a missing item or
 * parent; moving an item under itself or one of its own children is a 400.
 */
export function moveMenuItem(items: MenuItem[], itemId: number, place: ItemPlace): MenuItem[] {
  const moved = [...walk(items)].find((item) => item.id === itemId);
  if (!moved) throw notFound(`Menu item ${itemId}`);
  const parentOf = (list: readonly MenuItem[], parent: number | null): number | null | undefined => {
    for (const item of list) {
      if (item.id === itemId) return parent;
      const found = parentOf(item.childs, item.id ?? null);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const parent = place.parent_item_id === undefined ? parentOf(items, null) : place.parent_item_id;
  if (parent !== null && parent !== undefined && contains(moved, parent)) {
    throw badRequest('A menu item cannot go under itself or one of its own items', [
      { field: 'parent_item_id', message: 'Choose an item outside the one being moved' },
    ]);
  }
  return addMenuItem(removeMenuItem(items, itemId), moved, {
    parent_item_id: parent,
    position: place.position,
  });
}
