import { describe, expect, it } from 'vitest';
import { buildBreadcrumb } from './breadcrumb.ts';

describe('breadcrumb', () => {
  it('starts with Home then Our fillers on catalogue pages, then parents, then the page', () => {
    const crumbs = buildBreadcrumb({
      audience: 'part',
      catalogue: true,
      parents: [
        { entityType: 'category', id: 1, slug: 'fillers', name: 'Fillers' },
        { entityType: 'category', id: 2, slug: 'interior-fillers', name: 'Interior fillers' },
      ],
      current: 'Fine surface filler',
    });
    expect(crumbs).toEqual([
      { label: 'Home', href: '/diy-filler' },
      { label: 'Our fillers', href: '/diy-filler/category' },
      { label: 'Fillers', href: '/diy-filler/category/fillers' },
      { label: 'Interior fillers', href: '/diy-filler/category/interior-fillers' },
      { label: 'Fine surface filler' },
    ]);
  });

  it('goes through News for an article', () => {
    const crumbs = buildBreadcrumb({
      audience: 'pro',
      parents: [{ entityType: 'route', id: 0, slug: 'news', name: 'News' }],
      current: 'New trade range',
    });
    expect(crumbs.map((crumb) => crumb.href)).toEqual(['/', '/professional-filler/news', undefined]);
  });
});
