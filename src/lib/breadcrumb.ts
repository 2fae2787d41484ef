/** Breadcrumb of spec §2: Home, then "Our fillers" on catalogue pages, then the entity's parents, then the page. */
import { t } from '../i18n/index.ts';
import type { Audience } from './config.ts';
import type { Crumb, EntityParent } from './api/types.ts';
import { paths } from './paths.ts';

export interface BreadcrumbInput {
  audience: Audience;
  /** Catalogue pages (category, product, results, selector-guide results) get the "Our fillers" crumb. */
  catalogue?: boolean;
  /** Parents root first, as `GET /url/entity` gives them (or built by the page for listing routes). */
  parents?: readonly EntityParent[];
  /** Label of the current page (last crumb, not a link). */
  current: string;
}

function parentHref(audience: Audience, parent: EntityParent): string {
  switch (parent.entityType) {
    case 'category':
      return paths.category(audience, parent.slug);
    case 'product':
      return paths.product(audience, parent.slug);
    case 'folder':
      return paths.folder(audience, parent.slug);
    default:
      return paths.cmsPage(audience, parent.slug);
  }
}

export function buildBreadcrumb(input: BreadcrumbInput): Crumb[] {
  const crumbs: Crumb[] = [{ label: t('breadcrumb.home'), href: paths.home(input.audience) }];
  if (input.catalogue)
    crumbs.push({ label: t('breadcrumb.our_fillers'), href: paths.catalogue(input.audience) });
  for (const parent of input.parents ?? [])
    crumbs.push({ label: parent.name, href: parentHref(input.audience, parent) });
  crumbs.push({ label: input.current });
  return crumbs;
}
