import { expect, test } from 'vitest';
import { generateSecret, MIN_SECRET_LENGTH, sameSecret, secretProblem } from './secrets.ts';

test('missing, published and short values are refused with the reason', () => {
  expect(secretProblem(undefined)).toBe('is not set');
  expect(secretProblem('')).toBe('is not set');
  expect(secretProblem('dev-backoffice-api-key')).toMatch(/published default/);
  expect(secretProblem('dev-preview-token')).toMatch(/published default/);
  expect(secretProblem('x'.repeat(MIN_SECRET_LENGTH - 1))).toBe('must be at least 32 characters');
  expect(secretProblem('x'.repeat(MIN_SECRET_LENGTH))).toBeUndefined();
});

test('generated secrets are long enough, URL-safe and different each time', () => {
  const first = generateSecret();
  expect(first).toMatch(/^[\w-]{43}$/);
  expect(secretProblem(first)).toBeUndefined();
  expect(generateSecret()).not.toBe(first);
});

test('a presented secret matches only the same value, whatever its length', () => {
  const secret = generateSecret();
  expect(sameSecret(secret, secret)).toBe(true);
  expect(sameSecret('', secret)).toBe(false);
  expect(sameSecret(secret.slice(0, -1), secret)).toBe(false);
  expect(sameSecret(`${secret}${secret}`, secret)).toBe(false);
  expect(sameSecret(undefined, secret)).toBe(false);
});
