import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageKind, segmentRedirect } from './paths.ts';

describe('segmentRedirect', () => {
  it.each([
    ['/', undefined],
    ['/professional-filler', '/'],
    ['/professional-filler/', '/'],
    ['/professional-filler/contact', undefined],
    ['/diy-filler', undefined],
    ['/diy-filler/product/easy-fill', undefined],
    ['/contact', '/professional-filler/contact'],
    ['/product/easy-fill/', '/professional-filler/product/easy-fill'],
    ['/api/v1/health', undefined],
    ['/_astro/app.1234.js', undefined],
    ['/pagefind/pagefind.js', undefined],
    ['/preview/12', undefined],
    ['/sitemap.xml', undefined],
    ['/robots.txt', undefined],
    ['/favicon.svg', undefined],
    ['//evil.example/x', '/professional-filler/evil.example/x'],
  ])('%s → %s', (path, expected) => {
    expect(segmentRedirect(path)).toBe(expected);
  });

  it('always answers a same-site path that is itself final', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const target = segmentRedirect(path.startsWith('/') ? path : `/${path}`);
        if (target === undefined) return;
        expect(target.startsWith('/') && !target.startsWith('//')).toBe(true);
        expect(segmentRedirect(target)).toBeUndefined();
      }),
    );
  });
});

describe('pageKind', () => {
  it.each([
    ['index.html', 'home'],
    ['diy-filler/index.html', 'home'],
    ['professional-filler/product/easy-fill/index.html', 'product'],
    ['diy-filler/category/fillers/index.html', 'category'],
    ['diy-filler/frequently-asked-questions/index.html', 'faq'],
    ['diy-filler/frequently-asked-questions/tags/index.html', 'faq'],
    ['professional-filler/terms-of-sale/index.html', 'page'],
    ['professional-filler/contact/index.html', 'tool'],
    ['404.html', 'error'],
    ['somewhere/else/index.html', 'other'],
  ])('%s is %s', (file, kind) => {
    expect(pageKind(file)).toBe(kind);
  });
});
