import { describe, expect, it } from 'vitest';
import type { Customer } from '../../lib/api/auth.ts';
import {
  authFromCustomer,
  decodeAuthState,
  expiredAuthCookie,
  hasAuthCookie,
  linkTokenOf,
  safeNextPath,
  unionOfIds,
} from './auth.ts';

const customer: Customer = {
  id: 7,
  email: 'sam@example.com',
  civility: null,
  firstName: 'Sam',
  lastName: 'Reed',
  phone: null,
  company: 'Reed Plastering',
  companyNumber: null,
  audience: 'pro',
  newsletter: false,
  emailVerified: false,
  trade: {
    approved: false,
    paymentTermsDays: 30,
    creditLimitPence: 0,
    creditAvailablePence: 0,
    poRequired: false,
  },
};

const indicator = { name: 'pw_auth', value: '1' };

describe('the auth state', () => {
  it('keeps what pages show of the customer, the trade terms only when approved', () => {
    expect(authFromCustomer(customer)).toEqual({
      id: 7,
      firstName: 'Sam',
      email: 'sam@example.com',
      audience: 'pro',
      emailVerified: false,
      trade: null,
    });
    const trade = {
      ...customer.trade,
      approved: true,
      creditLimitPence: 500_000,
      creditAvailablePence: 120_000,
    };
    expect(authFromCustomer({ ...customer, trade }).trade).toEqual({
      paymentTermsDays: 30,
      creditLimitPence: 500_000,
      creditAvailablePence: 120_000,
      poRequired: false,
    });
  });

  it('reads back what it stored, and nobody from anything else', () => {
    const state = authFromCustomer(customer);
    expect(decodeAuthState(JSON.stringify(state))).toEqual(state);
    for (const raw of [
      null,
      '',
      'null',
      '{',
      '[]',
      JSON.stringify({ ...state, id: -1 }),
      JSON.stringify({ ...state, audience: 'x' }),
      JSON.stringify({ ...state, trade: { poRequired: 'yes' } }),
    ])
      expect(decodeAuthState(raw)).toBeNull();
  });
});

describe('the login indicator cookie', () => {
  it('is found exactly, among other cookies', () => {
    expect(hasAuthCookie('pw_auth=1', indicator)).toBe(true);
    expect(hasAuthCookie('pw_locale=en-GB; pw_auth=1', indicator)).toBe(true);
    expect(hasAuthCookie('', indicator)).toBe(false);
    expect(hasAuthCookie('pw_auth=0', indicator)).toBe(false);
    expect(hasAuthCookie('xpw_auth=1', indicator)).toBe(false);
  });

  it('is removed for the whole site', () => {
    expect(expiredAuthCookie(indicator)).toBe('pw_auth=; Max-Age=0; Path=/; SameSite=Lax');
  });
});

describe('where a login goes next', () => {
  it.each([
    ['/diy-filler/account/orders', '/diy-filler/account/orders'],
    ['/professional-filler/favorites?x=1#top', '/professional-filler/favorites?x=1#top'],
    ['/', '/'],
    // Normalised before it is judged: what is left is a path of the site.
    ['/diy-filler/./account/../favorites', '/diy-filler/favorites'],
    ['/x/../professional-filler/account', '/professional-filler/account'],
  ])('%s stays on the site', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\r\nx',
    'javascript:alert(1)',
    'account',
    '/diy-filler/login',
    '/professional-filler/sign-up/',
    '/x\u0000y',
    '/a\\b',
    // Dot segments that leave `//host` once resolved (issue 21), and encoded slashes or backslashes.
    '/..//evil.example/phish',
    '/.//evil.example/phish',
    '/x/..//evil.example/phish',
    '/%2e%2e//evil.example/phish',
    '/%2E%2E//evil.example/phish',
    '/%2F%2Fevil.example/phish',
    '/%5Cevil.example/phish',
    '/%2e%2e/%2e%2e//evil.example',
    '/diy-filler/%6cogin',
  ])('%s is refused', (next) => {
    expect(safeNextPath(next)).toBeUndefined();
  });
});

describe('favourites and wishlist', () => {
  it('are joined without duplicates, the device order first', () => {
    expect(unionOfIds([3, 1], [1, 9, 3, 4])).toEqual([3, 1, 9, 4]);
    expect(unionOfIds([], [])).toEqual([]);
  });
});

describe('the link token', () => {
  it('is the query string token, trimmed', () => {
    expect(linkTokenOf('?token=abc%20')).toBe('abc');
    expect(linkTokenOf('?x=1')).toBe('');
    expect(linkTokenOf('')).toBe('');
  });
});
