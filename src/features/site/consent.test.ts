import { describe, expect, it } from 'vitest';
import { readConsent } from './consent.ts';
import { trackPageView } from './tracking.ts';

const cookie = (value: unknown) => `other=1; cc_cookie=${encodeURIComponent(JSON.stringify(value))}; x=y`;

describe('consent cookie', () => {
  it('reads the accepted categories', () => {
    expect(readConsent(cookie({ categories: ['necessary', 'video'], revision: 0 }))).toEqual([
      'necessary',
      'video',
    ]);
    expect(
      readConsent(cookie({ categories: ['necessary', 'analytics', 'ads', 'video', 'unknown'] })),
    ).toEqual(['necessary', 'analytics', 'ads', 'video']);
  });

  it('means "no choice yet" when missing or unreadable', () => {
    expect(readConsent('')).toBeUndefined();
    expect(readConsent('cc_cookie=%7Bbroken')).toBeUndefined();
    expect(readConsent(cookie({ categories: 'all' }))).toBeUndefined();
  });
});

describe('page-view tracking', () => {
  it('is off by default in this build', () => {
    const target: { dataLayer?: unknown[] } = {};
    expect(trackPageView(target, { page_path: '/', page_name: 'home' }, true)).toBe(false);
    expect(target.dataLayer).toBeUndefined();
  });

  it('needs both the tag manager enabled and analytics consent', () => {
    const target: { dataLayer?: unknown[] } = {};
    expect(trackPageView(target, { page_path: '/diy-filler', page_name: 'home' }, false, true)).toBe(false);
    expect(trackPageView(target, { page_path: '/diy-filler', page_name: 'home' }, true, true)).toBe(true);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/diy-filler', page_name: 'home' }]);
  });
});
