import { describe, expect, it } from 'vitest';
import { settingCodes, settingName } from './settings.ts';

describe('the settings screen', () => {
  it('lists the social links first, even when not set, then the others', () => {
    const codes = settingCodes(['phone', 'link_youtube', 'contact_email']);
    expect(codes.slice(0, 6)).toEqual([
      'link_facebook',
      'link_youtube',
      'link_pinterest',
      'link_instagram',
      'link_linkedin',
      'link_twitter',
    ]);
    expect(codes.slice(6)).toEqual(['contact_email', 'phone']);
  });

  it('names settings in words', () => {
    expect(settingName('link_linkedin')).toBe('LinkedIn page');
    expect(settingName('trust_labels_pro')).toBe('Trust labels pro');
  });
});
