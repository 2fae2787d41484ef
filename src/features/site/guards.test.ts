import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  isNumber,
  isPositiveInt,
  isString,
  objectOf,
  oneOf,
  optional,
  parseJson,
} from './guards.ts';

describe('storage guards', () => {
  const isItem = objectOf({
    id: isPositiveInt,
    name: isString,
    note: optional(isString),
    kind: oneOf(['a', 'b'] as const),
  });

  it('accepts the declared shape', () => {
    expect(parseJson('[{"id":1,"name":"x","kind":"a"}]', arrayOf(isItem))).toEqual([
      { id: 1, name: 'x', kind: 'a' },
    ]);
    expect(parseJson('{"id":2,"name":"y","note":"n","kind":"b"}', isItem)).toMatchObject({ note: 'n' });
  });

  it.each([
    ['not json', '{'],
    ['wrong type', '{"id":"1","name":"x","kind":"a"}'],
    ['missing field', '{"id":1,"kind":"a"}'],
    ['bad enum', '{"id":1,"name":"x","kind":"c"}'],
    ['not positive', '{"id":0,"name":"x","kind":"a"}'],
    ['array for object', '[1]'],
    ['null', 'null'],
  ])('rejects %s', (_name, raw) => {
    expect(parseJson(raw, isItem)).toBeUndefined();
  });

  it('rejects empty input and non-finite numbers', () => {
    expect(parseJson('', isNumber)).toBeUndefined();
    expect(isNumber(Number.NaN)).toBe(false);
    expect(isPositiveInt(1.5)).toBe(false);
  });
});
