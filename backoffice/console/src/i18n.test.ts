import { expect, it } from 'vitest';
import { messages } from './i18n.ts';

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

it('has no American spelling or wording left in react-admin’s messages', () => {
  const american = /\b(authoriz\w*|customiz\w*|unlabeled|color|behavior|center|login|logout)\b/i;
  expect(strings(messages).filter((text) => american.test(text))).toEqual([]);
});

it('signs in and out in the words of the rest of the shop', () => {
  const ra = (messages as unknown as { ra: { auth: Record<string, string> } }).ra;
  expect(ra.auth.logout).toBe('Sign out');
  expect(ra.auth.auth_check_error).toBe('Please sign in to continue');
});
