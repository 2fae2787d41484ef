/** Menus (`menu_{target}`, `menu_footer_{target}`, `menu_prefooter_{target}`) mapped to resolved links. */
import { z } from 'zod';
import type { Audience } from '../config.ts';
import { isInternalUrl, paths } from '../paths.ts';
import type { ApiClient } from './client.ts';
import { listEnvelope, mediaSchema, toOptionalMedia } from './shared.ts';
import type { Menu, MenuItem, Push } from './types.ts';

/** Spec §3 "push or paragraph": field names vary between sources, so every known name is accepted. */
const pushSchema = z.object({
  titre: z.string().nullish(),
  title: z.string().nullish(),
  text: z.string().nullish(),
  label: z.string().nullish(),
  label_link: z.string().nullish(),
  visuel: mediaSchema.nullish(),
  cover: mediaSchema.nullish(),
  link: z.string().nullish(),
  slug: z.string().nullish(),
  url: z.string().nullish(),
  element: z.object({ url: z.string() }).nullish(),
});

interface MenuItemDto {
  label: string;
  slug?: string | null;
  url?: string | null;
  code?: string | null;
  type?: string | null;
  color?: string | null;
  cover?: z.infer<typeof mediaSchema> | null;
  extract?: string | null;
  pushes?: z.infer<typeof pushSchema>[] | null;
  childs?: MenuItemDto[] | null;
}

const menuItemSchema: z.ZodType<MenuItemDto> = z.lazy(() =>
  z.object({
    label: z.string(),
    slug: z.string().nullish(),
    url: z.string().nullish(),
    code: z.string().nullish(),
    type: z.string().nullish(),
    color: z.string().nullish(),
    cover: mediaSchema.nullish(),
    extract: z.string().nullish(),
    pushes: z.array(pushSchema).nullish(),
    childs: z.array(menuItemSchema).nullish(),
  }),
);

/** Spec §3: the menu colour is a hex value; what follows the first underscore is ignored. */
export function menuColor(raw: string | null | undefined): string | undefined {
  const hex = raw?.split('_')[0]?.trim();
  return hex && /^#[0-9a-f]{3,8}$/i.test(hex) ? hex : undefined;
}

/** A link target from the CMS: absolute URL, site path, or a slug relative to the audience segment. */
function resolveLink(audience: Audience, target: string): { href: string; newTab: boolean } {
  if (/^https?:\/\//i.test(target)) {
    return isInternalUrl(target)
      ? { href: new URL(target).pathname + new URL(target).search + new URL(target).hash, newTab: false }
      : { href: target, newTab: true };
  }
  if (target.startsWith('/')) return { href: target, newTab: false };
  return { href: paths.cmsPage(audience, target), newTab: false };
}

function toPush(audience: Audience, dto: z.infer<typeof pushSchema>): Push {
  const target = dto.url ?? dto.link ?? dto.element?.url ?? dto.slug ?? undefined;
  const link = target ? resolveLink(audience, target) : undefined;
  const title = dto.titre ?? dto.title ?? '';
  return {
    title,
    text: dto.text ?? '',
    cover: toOptionalMedia(dto.visuel ?? dto.cover, title),
    linkLabel: dto.label_link ?? dto.label ?? undefined,
    href: link?.href,
    external: link?.newTab ?? false,
  };
}

function toMenuItem(audience: Audience, dto: MenuItemDto): MenuItem {
  const kind = dto.type === 'external_url' || dto.type === 'cms_page' ? dto.type : 'no_destination';
  const code = dto.code === 'guide_de_choix' || dto.code === 'top_produit' ? dto.code : undefined;
  let link: { href: string; newTab: boolean } | undefined;
  if (kind === 'external_url' && (dto.url || dto.slug))
    link = resolveLink(audience, dto.url ?? dto.slug ?? '');
  if (kind === 'cms_page') link = { href: paths.cmsPage(audience, dto.slug ?? ''), newTab: false };
  return {
    label: dto.label,
    kind,
    code,
    href: link?.href,
    newTab: link?.newTab ?? false,
    color: menuColor(dto.color),
    cover: toOptionalMedia(dto.cover, dto.label),
    extract: dto.extract ?? undefined,
    pushes: (dto.pushes ?? []).map((push) => toPush(audience, push)),
    children: (dto.childs ?? []).map((child) => toMenuItem(audience, child)),
  };
}

export type MenuPlace = 'main' | 'footer' | 'prefooter';

/** Menu code of spec §2 for a place and an audience. */
export function menuCode(place: MenuPlace, audience: Audience): string {
  return place === 'main' ? `menu_${audience}` : `menu_${place}_${audience}`;
}

/** `GET /menu?code=…`: one menu, links resolved for `audience`; an absent menu is empty. */
export async function getMenu(api: ApiClient, place: MenuPlace, audience: Audience): Promise<Menu> {
  const code = menuCode(place, audience);
  const schema = listEnvelope(z.object({ code: z.string(), items: z.array(menuItemSchema) }));
  const { data } = await api.get('/menu', schema, { query: { code }, withoutPlan: true });
  const menu = data.items.find((item) => item.code === code);
  return { code, items: (menu?.items ?? []).map((item) => toMenuItem(audience, item)) };
}

/** Spec §2: menu columns hold groups of 4 links. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}

/**
 * The link of `items` (top level or their children, where the main menu marks the current page) that leads to
 * `path`: the only way the page shown changes the menu's HTML.
 */
export function currentMenuHref(items: readonly MenuItem[], path: string): string | undefined {
  for (const item of items) {
    if (item.href === path) return path;
    if (item.children.some((child) => child.href === path)) return path;
  }
  return undefined;
}
