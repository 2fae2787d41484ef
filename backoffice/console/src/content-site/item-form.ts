/**
 * A menu item's kind as its form offers it (spec §2: internal page, external address, no destination, the
 * selector guide, top products) and the fields the API stores for each.
 */
import type { MenuItemFields } from './menu-calls.ts';
import type { MenuNode } from './menu-tree.ts';

export type ItemKind = 'cms_page' | 'external_url' | 'no_destination' | 'guide_de_choix' | 'top_produit';

export const ITEM_KINDS: { id: ItemKind; name: string }[] = [
  { id: 'cms_page', name: 'Internal page' },
  { id: 'external_url', name: 'External address' },
  { id: 'no_destination', name: 'No destination (a heading for its links)' },
  { id: 'guide_de_choix', name: 'Selector guide' },
  { id: 'top_produit', name: 'Top products' },
];

export interface ItemFormValues {
  kind: ItemKind;
  label: string;
  slug: string;
  url: string;
  color: string;
  extract: string;
}

export function kindOf(item: Pick<MenuNode, 'type' | 'code'>): ItemKind {
  return item.code ?? item.type;
}

export function formValues(item?: MenuNode): ItemFormValues {
  return {
    kind: item ? kindOf(item) : 'cms_page',
    label: item?.label ?? '',
    slug: item?.slug ?? '',
    url: item?.url ?? '',
    color: item?.color ?? '',
    extract: item?.extract ?? '',
  };
}

/** What the API stores for the form's values (the selector guide and top products have no destination of their own). */
export function itemFields(values: ItemFormValues): MenuItemFields {
  const coded = values.kind === 'guide_de_choix' || values.kind === 'top_produit';
  const type: MenuItemFields['type'] = coded ? 'no_destination' : (values.kind as MenuItemFields['type']);
  return {
    label: values.label.trim(),
    type,
    slug: type === 'cms_page' ? values.slug.trim().replace(/^\/+/, '') : '',
    ...(type === 'external_url' ? { url: values.url.trim() } : {}),
    ...(coded ? { code: values.kind as 'guide_de_choix' | 'top_produit' } : {}),
    ...(values.color.trim() ? { color: values.color.trim() } : {}),
    ...(values.extract.trim() ? { extract: values.extract.trim() } : {}),
  };
}

/** A menu's code in words: `menu_footer_pro` → "Footer menu, trade". */
export function menuName(code: string): string {
  const match = /^menu_(footer_|prefooter_)?(pro|part)$/.exec(code);
  if (!match) return code;
  const where =
    match[1] === 'footer_' ? 'Footer menu' : match[1] === 'prefooter_' ? 'Pre-footer menu' : 'Main menu';
  return `${where}, ${match[2] === 'pro' ? 'trade' : 'DIY'}`;
}

/** The patch of an edited item: its fields, and null for those it no longer has (the API removes them). */
export function itemChanges(values: ItemFormValues): Record<string, string | null> {
  const fields = itemFields(values) as unknown as Record<string, string>;
  const cleared = Object.fromEntries(
    (['url', 'code', 'color', 'extract'] as const)
      .filter((key) => !(key in fields))
      .map((key) => [key, null]),
  );
  return { ...fields, ...cleared };
}

/** Where a menu comes among the tabs: main, pre-footer, footer; trade before DIY. */
export function menuOrder(code: string): number {
  const place = code.startsWith('menu_prefooter_') ? 1 : code.startsWith('menu_footer_') ? 2 : 0;
  return place * 2 + (code.endsWith('_part') ? 1 : 0);
}
