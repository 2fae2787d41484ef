import { describe, expect, it } from 'vitest';
import { audiencesWith, switchTargets } from './audiences.ts';

describe('audiencesWith', () => {
  it('lists the audiences whose entries hold the slug', () => {
    const byAudience = { pro: [{ slug: 'certificate' }, { slug: 'sds' }], part: [{ slug: 'sds' }] };
    expect(audiencesWith(byAudience, 'sds')).toEqual(['pro', 'part']);
    expect(audiencesWith(byAudience, 'certificate')).toEqual(['pro']);
    expect(audiencesWith(byAudience, 'missing')).toEqual([]);
  });
});

describe('switchTargets', () => {
  const page = (audience: string) => `/${audience}/news/events`;
  const index = (audience: string) => `/${audience}/news`;

  it('keeps the same page in every audience that has it', () => {
    expect(switchTargets(['pro', 'part'], page, index)).toEqual({ pro: page('pro'), part: page('part') });
  });

  it('falls back to the section index where the page does not exist', () => {
    expect(switchTargets(['pro'], page, index)).toEqual({ pro: page('pro'), part: index('part') });
  });
});
