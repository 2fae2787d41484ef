import { describe, expect, it } from 'vitest';
import { pageSiteId } from './island-api.ts';

describe('pageSiteId', () => {
  it('is the site the page was rendered with (<html data-site-id>)', () => {
    expect(pageSiteId({ dataset: { siteId: '3' } })).toBe(3);
    expect(pageSiteId({ dataset: { siteId: '12' } })).toBe(12);
  });

  it('is undefined without a valid id (the call then names no site rather than a wrong one)', () => {
    for (const siteId of [undefined, '', 'x', '0', '-3', '1.5'])
      expect(pageSiteId({ dataset: { siteId } })).toBeUndefined();
    expect(pageSiteId(undefined)).toBeUndefined();
  });
});
