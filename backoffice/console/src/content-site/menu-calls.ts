/**
 * The menu screen's calls: every menu (public read, with its version), and the item-by-item writes
 * (`POST/PATCH/DELETE /menu/{id}/items…`), each from the menu's version and answering the whole menu.
 */
import { unwrap, type Api } from '../api/client.ts';
import { SITE } from '../orders/site.ts';
import { menuOrder } from './item-form.ts';
import type { Move, MenuItemCode, MenuItemType, StaffMenu } from './menu-tree.ts';

/** An item's own fields, as its form edits them. */
export interface MenuItemFields {
  label: string;
  slug: string;
  type: MenuItemType;
  url?: string;
  code?: MenuItemCode;
  color?: string;
  extract?: string;
}

export async function listMenus(api: Api): Promise<StaffMenu[]> {
  const { data } = await unwrap(api.GET('/api/v1/menu', { params: { query: { ...SITE, perPage: 100 } } }));
  return (data.items as unknown as StaffMenu[]).toSorted(
    (a, b) => menuOrder(a.code) - menuOrder(b.code) || a.code.localeCompare(b.code),
  );
}

export async function addMenuItem(api: Api, menu: StaffMenu, fields: MenuItemFields): Promise<StaffMenu> {
  const { data } = await unwrap(
    api.POST('/api/v1/menu/{id}/items', {
      params: { path: { id: menu.id }, query: SITE },
      body: { ...fields, version: menu.version },
    }),
  );
  return data as unknown as StaffMenu;
}

export async function changeMenuItem(
  api: Api,
  menu: StaffMenu,
  itemId: number,
  changes: Partial<MenuItemFields> | Move,
): Promise<StaffMenu> {
  const { data } = await unwrap(
    api.PATCH('/api/v1/menu/{id}/items/{item_id}', {
      params: { path: { id: menu.id, item_id: itemId }, query: SITE },
      body: { ...changes, version: menu.version },
    }),
  );
  return data as unknown as StaffMenu;
}

export async function removeMenuItem(api: Api, menu: StaffMenu, itemId: number): Promise<StaffMenu> {
  const { data } = await unwrap(
    api.DELETE('/api/v1/menu/{id}/items/{item_id}', {
      params: { path: { id: menu.id, item_id: itemId }, query: SITE },
      body: { version: menu.version },
    }),
  );
  return data as unknown as StaffMenu;
}
