import { describe, expect, it } from 'vitest';
import { isLinkSetting, isSafeLink, linkUrl } from './links.ts';

describe('links the shop may render', () => {
  it.each([
    'https://www.facebook.com/plasterwick.example',
    'http://example.co.uk/path?x=1#y',
    'HTTPS://EXAMPLE.CO.UK/',
    'mailto:sales@plasterwick.example',
    'tel:+441614960000',
    '/',
    '/professional-filler/category/fillers',
    '/api/v1/media/home/slide.png',
    'where-to-find-our-products',
    '#top',
    '?page=2',
    '1javascript:alert(1)',
  ])('%s is accepted', (link) => {
    expect(isSafeLink(link)).toBe(true);
    expect(linkUrl().safeParse(link).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.co.uk/',
    '//evil.example/phish',
    '/\\evil.example',
    '\\\\evil.example',
    'https:\\\\evil.example',
    'https://',
    '/path with space',
  ])('%j is refused', (link) => {
    expect(isSafeLink(link)).toBe(false);
    expect(linkUrl().safeParse(link).success).toBe(false);
  });

  it('an empty field means no link; a long one is refused', () => {
    expect(linkUrl().safeParse('').success).toBe(true);
    expect(isSafeLink('')).toBe(false);
    expect(linkUrl(20).safeParse(`https://example.co.uk/${'x'.repeat(20)}`).success).toBe(false);
  });

  it('knows the link settings by their code', () => {
    expect(isLinkSetting('link_facebook')).toBe(true);
    expect(isLinkSetting('careers_url')).toBe(true);
    expect(isLinkSetting('phone')).toBe(false);
    expect(isLinkSetting('trust_labels_pro')).toBe(false);
  });
});
