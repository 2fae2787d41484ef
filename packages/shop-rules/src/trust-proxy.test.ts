import { expect, test } from 'vitest';
import { parseTrustProxy, TRUST_PROXY_MESSAGE } from './trust-proxy.ts';

test('false by default, for 0 and for false', () => {
  for (const raw of [undefined, '', ' ', 'false', 'FALSE', '0']) expect(parseTrustProxy(raw)).toBe(false);
});

test('true, hop counts and address lists', () => {
  expect(parseTrustProxy('true')).toBe(true);
  expect(parseTrustProxy('1')).toBe(1);
  expect(parseTrustProxy('2')).toBe(2);
  expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
  expect(parseTrustProxy(' 10.0.0.0/8, ::1 ,fd00::/8')).toEqual(['10.0.0.0/8', '::1', 'fd00::/8']);
});

test('anything else is refused', () => {
  for (const raw of ['yes', 'localhost', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '300.1.1.1', ',', '-1']) {
    expect(() => parseTrustProxy(raw), raw).toThrow(TRUST_PROXY_MESSAGE);
  }
});
