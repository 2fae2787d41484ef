import { describe, expect, it } from 'vitest';
import { mergeSlides, slideChanges, slideCreate, slideForm, type Slide } from './slides.ts';

const slide = (id: number, position: number, audiences: string[]): Slide => ({
  id,
  version: 1,
  kind: 'slide',
  audiences,
  titre: `Slide ${id}`,
  text: '',
  label_link: '',
  url: '',
  cover: {
    url: '/api/v1/media/a.png',
    webp: '/api/v1/media/a.webp',
    alt: 'A',
    title: 'A',
    width: 10,
    height: 5,
  },
  position,
});

describe('home slides', () => {
  it('lists each slide of both audiences once, in order', () => {
    const both = slide(1, 2, ['pro', 'part']);
    expect(mergeSlides([both, slide(2, 1, ['pro'])], [both, slide(3, 0, ['part'])]).map((s) => s.id)).toEqual(
      [3, 2, 1],
    );
  });

  it('sends only what changed; a new picture drops the old WebP copy', () => {
    const before = slide(1, 0, ['pro', 'part']);
    expect(slideChanges(slideForm(before), before)).toEqual({});
    const values = { ...slideForm(before), titre: 'Spring offer', diy: false };
    expect(slideChanges(values, before)).toEqual({ titre: 'Spring offer', audiences: ['pro'] });
    const picture = { ...slideForm(before), picture: '/api/v1/media/b.png' };
    expect(slideChanges(picture, before).cover).toEqual({
      url: '/api/v1/media/b.png',
      webp: '',
      alt: 'A',
      title: 'A',
      width: null,
      height: null,
    });
    expect(
      slideCreate({ ...slideForm(undefined, 'push'), titre: 'New', picture: '/x.png', alt: 'X' }),
    ).toMatchObject({
      kind: 'push',
      audiences: ['pro', 'part'],
      cover: { url: '/x.png', webp: '', alt: 'X' },
    });
  });
});
