import { expect, test } from 'vitest';
import { previewLinkValid, signPreview } from './preview-link.ts';

const secret = 'a-preview-token-for-tests-only';
const now = new Date('2026-11-27T12:00:00Z');

test('a signed link is valid for its entry for 30 minutes, and for nothing else', () => {
  const { sig, exp } = signPreview(secret, 42, now);
  expect(exp - now.getTime() / 1000).toBe(1800);
  expect(previewLinkValid(secret, 42, sig, String(exp), now)).toBe(true);
  expect(previewLinkValid(secret, 42, sig, exp, new Date(now.getTime() + 29 * 60_000))).toBe(true);
  // Expired, another entry, an altered expiry or signature, another secret, nothing.
  expect(previewLinkValid(secret, 42, sig, exp, new Date(now.getTime() + 31 * 60_000))).toBe(false);
  expect(previewLinkValid(secret, 43, sig, exp, now)).toBe(false);
  expect(previewLinkValid(secret, 42, sig, exp + 60, now)).toBe(false);
  expect(
    previewLinkValid(
      secret,
      42,
      sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      exp,
      now,
    ),
  ).toBe(false);
  expect(previewLinkValid('another-secret', 42, sig, exp, now)).toBe(false);
  expect(previewLinkValid(secret, 42, undefined, undefined, now)).toBe(false);
  expect(previewLinkValid(secret, 42, 'zz', 'soon', now)).toBe(false);
});

test('a link signed to last longer than 30 minutes is refused', () => {
  const later = signPreview(secret, 42, new Date(now.getTime() + 2 * 3600_000));
  expect(previewLinkValid(secret, 42, later.sig, later.exp, now)).toBe(false);
});
