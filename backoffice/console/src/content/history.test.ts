import { describe, expect, it } from 'vitest';
import { editorPath, isDraftCapable, resourceNoun, restoreWording } from './history.ts';

describe('the history screen', () => {
  it('restores draft-capable entries as drafts, the others live', () => {
    expect(isDraftCapable('faq')).toBe(true);
    expect(isDraftCapable('menu')).toBe(false);
    expect(restoreWording('page', 3)).toMatchObject({
      button: 'Restore as draft',
      title: 'Restore version 3 as a draft?',
      done: 'Version 3 restored as a draft',
    });
    expect(restoreWording('menu', 2)).toMatchObject({ button: 'Restore', title: 'Restore version 2?' });
  });

  it('finds each resource’s editor, and names those it does not know', () => {
    expect(editorPath('page', 7)).toBe('/content-pages/7');
    expect(editorPath('training-session', 2)).toBe('/content-training/2');
    expect(editorPath('tags', 1)).toBeUndefined();
    expect(resourceNoun('faq')).toBe('FAQ entry');
    expect(resourceNoun('home-push')).toBe('home push');
  });
});
