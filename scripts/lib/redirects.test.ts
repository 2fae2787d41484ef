import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRedirects,
  mergeRedirects,
  parseRedirects,
  planSwitchRedirects,
  RedirectTable,
} from './redirects.ts';

describe('mergeRedirects', () => {
  it('keeps the first rule for a path: fixed rules win over the back-office table', () => {
    const merged = mergeRedirects([{ from: '/old', to: '/fixed' }], [{ from: '/old/', to: '/from-table' }]);
    expect(merged).toEqual([{ from: '/old', to: '/fixed', status: 301 }]);
  });

  it('collapses chains into one hop and drops loops and self-redirects', () => {
    const merged = mergeRedirects([
      { from: '/a', to: '/b' },
      { from: '/b', to: '/c' },
      { from: '/x', to: '/y' },
      { from: '/y', to: '/x' },
      { from: '/same', to: '/same/' },
    ]);
    expect(merged).toEqual([
      { from: '/a', to: '/c', status: 301 },
      { from: '/b', to: '/c', status: 301 },
    ]);
  });

  it('rejects rules that are not paths and keeps absolute targets', () => {
    const merged = mergeRedirects([
      { from: 'relative', to: '/x' },
      { from: '/sheet.pdf', to: 'https://files.example.test/sheet.pdf' },
      { from: '/bad-target', to: 'javascript:alert(1)' },
    ]);
    expect(merged).toEqual([{ from: '/sheet.pdf', to: 'https://files.example.test/sheet.pdf', status: 301 }]);
  });

  it('encodes spaces so a rule stays one line', () => {
    expect(mergeRedirects([{ from: '/old page', to: '/new' }])).toEqual([
      { from: '/old%20page', to: '/new', status: 301 },
    ]);
  });
});

describe('_redirects text', () => {
  it('round-trips through format and parse', () => {
    const path = fc.stringMatching(/^\/[a-z0-9-]{1,12}(\/[a-z0-9-]{1,12}){0,3}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(path, path), { selector: ([from]) => from, maxLength: 30 }),
        (pairs) => {
          const rules = mergeRedirects(pairs.map(([from, to]) => ({ from, to })));
          expect(parseRedirects(formatRedirects(rules))).toEqual(rules);
        },
      ),
    );
  });

  it('names the malformed line', () => {
    expect(() => parseRedirects('# comment\n/a /b 301\n/c /d 302\n')).toThrow(/line 3/);
  });
});

describe('RedirectTable', () => {
  const table = new RedirectTable(
    mergeRedirects([{ from: '/old-filler', to: '/professional-filler/product/x' }]),
  );

  it('matches with or without the trailing slash and keeps the query', () => {
    expect(table.match('/old-filler/')).toBe('/professional-filler/product/x');
    expect(table.match('/old-filler', '?utm=1')).toBe('/professional-filler/product/x?utm=1');
    expect(table.match('/other')).toBeUndefined();
  });
});

describe('planSwitchRedirects', () => {
  it('sends a product missing from an audience to the audience that has it', () => {
    const rules = planSwitchRedirects([
      { entityType: 'product', slug: 'trade-only', audiences: ['pro'] },
      { entityType: 'category', slug: 'diy-kits', audiences: ['part'] },
      { entityType: 'product', slug: 'everywhere', audiences: ['pro', 'part'] },
      { entityType: 'page', slug: 'terms', audiences: ['pro'] },
      { entityType: 'product', slug: 'nowhere', audiences: [] },
    ]);
    expect(rules).toEqual([
      { from: '/diy-filler/product/trade-only', to: '/professional-filler/product/trade-only', status: 301 },
      { from: '/professional-filler/category/diy-kits', to: '/diy-filler/category/diy-kits', status: 301 },
    ]);
  });
});
