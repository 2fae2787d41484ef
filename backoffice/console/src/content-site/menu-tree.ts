/**
 * The pure logic of the menu screen: a menu's items as a tree (ids stable within the menu), where each keyboard
 * move or drop puts an item (its new parent and its place among the new siblings, as
 * `PATCH /menu/{id}/items/{item_id}` takes them), and the sentence a screen reader announces after a move.
 */

export type MenuItemType = 'external_url' | 'cms_page' | 'no_destination';
export type MenuItemCode = 'guide_de_choix' | 'top_produit';

export interface MenuNode {
  id: number;
  label: string;
  slug: string;
  url?: string;
  code?: MenuItemCode;
  type: MenuItemType;
  color?: string;
  extract?: string;
  childs: MenuNode[];
}

export interface StaffMenu {
  id: number;
  code: string;
  version: number;
  items: MenuNode[];
}

/** The deepest a menu goes on the site: a top item and its links (MainNav.astro, Footer.astro). */
export const MAX_DEPTH = 2;

export type MoveKind = 'up' | 'down' | 'indent' | 'outdent';

export interface Move {
  parent_item_id: number | null;
  position: number;
}

interface Found {
  item: MenuNode;
  parent: MenuNode | null;
  siblings: MenuNode[];
  index: number;
  depth: number;
}

/** Where item `id` is: itself, its parent (null at the top), its siblings, its index among them, its depth (1 = top). */
export function locate(items: readonly MenuNode[], id: number): Found | undefined {
  const search = (list: MenuNode[], parent: MenuNode | null, depth: number): Found | undefined => {
    for (const [index, item] of list.entries()) {
      if (item.id === id) return { item, parent, siblings: list, index, depth };
      const found = search(item.childs, item, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return search(items as MenuNode[], null, 1);
}

/** How many levels an item and its children take (1 for an item without children). */
export function height(item: MenuNode): number {
  return 1 + Math.max(0, ...item.childs.map(height));
}

/** Where a keyboard move puts item `id`; undefined when it cannot go that way. */
export function keyboardMove(items: readonly MenuNode[], id: number, kind: MoveKind): Move | undefined {
  const at = locate(items, id);
  if (!at) return undefined;
  const parentId = at.parent?.id ?? null;
  switch (kind) {
    case 'up':
      return at.index > 0 ? { parent_item_id: parentId, position: at.index - 1 } : undefined;
    case 'down':
      return at.index < at.siblings.length - 1
        ? { parent_item_id: parentId, position: at.index + 1 }
        : undefined;
    case 'indent': {
      // Into the item above it, as its last child, while the menu stays within its depth.
      const above = at.siblings[at.index - 1];
      if (!above || at.depth + height(at.item) > MAX_DEPTH) return undefined;
      return { parent_item_id: above.id, position: above.childs.length };
    }
    case 'outdent': {
      // Out of its parent, just after it.
      if (!at.parent) return undefined;
      const parentAt = locate(items, at.parent.id)!;
      return { parent_item_id: parentAt.parent?.id ?? null, position: parentAt.index + 1 };
    }
  }
}

/** Where a drop of item `draggedId` on item `targetId` puts it: in the target's place, among the target's siblings. */
export function dropMove(items: readonly MenuNode[], draggedId: number, targetId: number): Move | undefined {
  if (draggedId === targetId) return undefined;
  const dragged = locate(items, draggedId);
  const target = locate(items, targetId);
  if (!dragged || !target) return undefined;
  // Not under itself.
  if (locate(dragged.item.childs, targetId)) return undefined;
  if (target.depth - 1 + height(dragged.item) > MAX_DEPTH) return undefined;
  const parentId = target.parent?.id ?? null;
  const others = target.siblings.filter((item) => item.id !== draggedId);
  return { parent_item_id: parentId, position: others.findIndex((item) => item.id === targetId) };
}

/** The tree after a move, as the back-office computes it (to show a move at once, before the answer). */
export function applyMove(items: readonly MenuNode[], id: number, move: Move): MenuNode[] {
  const at = locate(items, id);
  if (!at) return [...items];
  const without = (list: readonly MenuNode[]): MenuNode[] =>
    list.filter((item) => item.id !== id).map((item) => ({ ...item, childs: without(item.childs) }));
  const insert = (list: MenuNode[], parent: number | null): MenuNode[] => {
    if (parent === null) return [...list.slice(0, move.position), at.item, ...list.slice(move.position)];
    return list.map((item) =>
      item.id === parent
        ? {
            ...item,
            childs: [...item.childs.slice(0, move.position), at.item, ...item.childs.slice(move.position)],
          }
        : { ...item, childs: insert(item.childs, parent) },
    );
  };
  return insert(without(items), move.parent_item_id);
}

/** What a screen reader hears after a move: where the item now is ("Trade counter: 2 of 4, under Products"). */
export function announcement(items: readonly MenuNode[], id: number): string {
  const at = locate(items, id);
  if (!at) return '';
  const place = `${at.item.label}: position ${at.index + 1} of ${at.siblings.length}`;
  return at.parent ? `${place}, under ${at.parent.label}` : `${place}, at the top level`;
}

/** What an item's destination is, in words, for its row. */
export function destination(item: Pick<MenuNode, 'type' | 'code' | 'slug' | 'url'>): string {
  if (item.code === 'guide_de_choix') return 'Opens the selector guide';
  if (item.code === 'top_produit') return 'Shows the top products';
  switch (item.type) {
    case 'external_url':
      return item.url ? `External: ${item.url}` : 'External address';
    case 'cms_page':
      return `Page: /${item.slug.replace(/^\//, '')}`;
    case 'no_destination':
      return 'No destination';
  }
}
