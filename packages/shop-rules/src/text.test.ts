import { describe, expect, test } from 'vitest';
import { isStorableText, storableText, unstorableTextPaths } from './text.ts';

describe('storable text', () => {
  test('ordinary text, emoji (a surrogate pair) and accents are storable', () => {
    for (const value of ['', 'Plasterwick', 'crème 20 kg 👍', '\u00a0tab\there']) {
      expect(isStorableText(value)).toBe(true);
    }
  });

  test('NUL and lone surrogates are not', () => {
    for (const value of [
      'a\u0000b',
      '\ud800',
      'x\udc00y',
      '\udc00\ud800',
      JSON.parse('"\\ud83d"') as string,
    ]) {
      expect(isStorableText(value)).toBe(false);
    }
  });

  test('paths of every bad string in a nested value, keys included', () => {
    const body = { name: 'ok', lines: [{ note: 'a\u0000' }, 'fine', '\ud800'], ['bad\u0000key']: 1 };
    expect(unstorableTextPaths(body, 'body').sort()).toEqual(['body', 'body.lines.0.note', 'body.lines.2']);
    expect(unstorableTextPaths({ q: ['x', 'y'] }, 'query')).toEqual([]);
  });

  test('as a zod refinement', () => {
    expect(storableText().safeParse('fine').success).toBe(true);
    const failed = storableText().safeParse('\u0000');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe('contains characters that are not allowed');
  });
});

test('a value nested thousands of levels deep is walked without running out of stack', () => {
  const deep = JSON.parse(`{"a":${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}}`) as unknown;
  expect(unstorableTextPaths(deep, 'body')).toHaveLength(1);
  expect(unstorableTextPaths(JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`), 'body')).toEqual([]);
});
