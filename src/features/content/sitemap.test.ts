import { describe, expect, it } from 'vitest';
import type { UrlEntry } from '../../lib/api/types.ts';
import {
  canonicalAudience,
  isCmsSlugAvailable,
  laterPagePaths,
  robotsTxt,
  sitemapUrls,
  sitemapXml,
} from './sitemap.ts';

const entry = (over: Partial<UrlEntry>): UrlEntry => ({
  entityType: 'page',
  id: 1,
  slug: 'about-us',
  audiences: ['pro', 'part'],
  updatedAt: '2025-04-02T10:00:00.000Z',
  ...over,
});

describe('canonicalAudience', () => {
  it('prefers pro, falls back to the only audience', () => {
    expect(canonicalAudience(['part', 'pro'])).toBe('pro');
    expect(canonicalAudience(['part'])).toBe('part');
    expect(canonicalAudience([])).toBeUndefined();
  });
});

describe('sitemapUrls', () => {
  it('lists shared entities at their pro URL and part-only ones at their part URL', () => {
    const urls = sitemapUrls(
      ['/', '/professional-filler/news'],
      [
        entry({ entityType: 'product', slug: 'fine-filler', audiences: ['pro', 'part'] }),
        entry({ entityType: 'product', slug: 'easy-filler', audiences: ['part'] }),
        entry({ entityType: 'category', slug: 'powder-fillers', audiences: ['pro'] }),
        entry({ entityType: 'folder', slug: 'fill-a-crack', audiences: ['part'] }),
        entry({ entityType: 'page', slug: 'terms-of-sale' }),
        entry({ entityType: 'page', slug: 'gone', audiences: [] }),
      ],
    ).map((url) => url.path);
    expect(urls).toEqual([
      '/',
      '/professional-filler/news',
      '/professional-filler/product/fine-filler',
      '/diy-filler/product/easy-filler',
      '/professional-filler/category/powder-fillers',
      '/diy-filler/folder/fill-a-crack',
      '/professional-filler/terms-of-sale',
    ]);
  });

  it('never lists a URL twice and honours skip', () => {
    const urls = sitemapUrls(
      ['/professional-filler/contact'],
      [entry({ slug: 'contact' }), entry({ slug: 'about-us' }), entry({ slug: 'about-us', id: 2 })],
      (e) => e.slug === 'contact',
    );
    expect(urls.map((url) => url.path)).toEqual([
      '/professional-filler/contact',
      '/professional-filler/about-us',
    ]);
  });
});

describe('sitemapXml', () => {
  it('writes absolute, escaped locations and dates', () => {
    const xml = sitemapXml('https://www.plasterwick.co.uk/', [
      { path: '/' },
      { path: '/professional-filler/a&b', lastmod: '2025-04-02T10:00:00.000Z' },
      { path: '/professional-filler/x', lastmod: 'not a date' },
    ]);
    expect(xml).toContain('<loc>https://www.plasterwick.co.uk/</loc>');
    expect(xml).toContain(
      '<url><loc>https://www.plasterwick.co.uk/professional-filler/a&amp;b</loc><lastmod>2025-04-02</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://www.plasterwick.co.uk/professional-filler/x</loc></url>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('allows all but preview and api, and names the sitemap', () => {
    expect(robotsTxt('https://www.plasterwick.co.uk')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /preview\nDisallow: /api\n\nSitemap: https://www.plasterwick.co.uk/sitemap.xml\n',
    );
  });
});

describe('isCmsSlugAvailable', () => {
  it('refuses slugs of fixed routes and nested slugs', () => {
    expect(isCmsSlugAvailable('terms-of-sale')).toBe(true);
    expect(isCmsSlugAvailable('contact')).toBe(false);
    expect(isCmsSlugAvailable('news')).toBe(false);
    expect(isCmsSlugAvailable('legal/terms')).toBe(false);
  });
});

describe('laterPagePaths', () => {
  const build = (page: number) => `/professional-filler/category/fillers/_p__${page}`;

  it('lists pages 2 to the last, the first page being the listing itself', () => {
    expect(laterPagePaths(25, 12, build)).toEqual([build(2), build(3)]);
    expect(laterPagePaths(24, 12, build)).toEqual([build(2)]);
  });

  it('lists nothing for a listing that fits on one page or is empty', () => {
    expect(laterPagePaths(12, 12, build)).toEqual([]);
    expect(laterPagePaths(0, 12, build)).toEqual([]);
  });
});
