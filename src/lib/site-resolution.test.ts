import { hostName } from '@plasterwick/shop-rules/hosts';
import { describe, expect, it, vi } from 'vitest';
import type { Site } from './api/types.ts';
import {
  allowedHosts,
  createSiteResolver,
  missingAudiences,
  originHost,
  planIdOf,
} from './site-resolution.ts';

function site(
  id: number,
  plans: [number, 'pro' | 'part'][] = [
    [1, 'pro'],
    [2, 'part'],
  ],
): Site {
  return {
    id,
    code: `s${id}`,
    label: `Site ${id}`,
    url: `https://s${id}.example`,
    languages: [{ code: 'en', label: 'English' }],
    plans: plans.map(([planId, audience]) => ({
      id: planId,
      audience,
      label: audience,
      currencyCode: 'GBP',
      currencySymbol: '£',
      vatRate: 20,
    })),
  };
}

const BUILD = site(3);

describe('hostName', () => {
  it('reads a Host value: lower case, no port, no trailing dot', () => {
    expect(hostName('Shop.Example.co.uk')).toBe('shop.example.co.uk');
    expect(hostName('shop.example.co.uk:8443')).toBe('shop.example.co.uk');
    expect(hostName('www.plasterwick.co.uk.')).toBe('www.plasterwick.co.uk');
    expect(hostName(' localhost:4321 ')).toBe('localhost');
    expect(hostName('127.0.0.1:4411')).toBe('127.0.0.1');
    expect(hostName('[::1]:4321')).toBe('[::1]');
  });

  it('refuses what is not one host', () => {
    for (const value of [
      undefined,
      null,
      '',
      '   ',
      'a.example, b.example',
      'evil.example/path',
      'user@evil.example',
      'evil example',
      'evil.example?x',
      'a\\b',
      'shop.example:port',
      'x'.repeat(301),
    ]) {
      expect(hostName(value), String(value)).toBeUndefined();
    }
  });

  it('reads the host of an origin', () => {
    expect(originHost('http://localhost:4321')).toBe('localhost');
    expect(originHost('https://WWW.Plasterwick.co.uk')).toBe('www.plasterwick.co.uk');
  });
});

describe('allowedHosts', () => {
  it("is SITE_URL's host plus SITE_HOSTS, normalised", () => {
    expect([...allowedHosts('https://www.plasterwick.co.uk', ['plasterwick.co.uk', 'Shop.Example'])]).toEqual(
      ['www.plasterwick.co.uk', 'plasterwick.co.uk', 'shop.example'],
    );
    expect([...allowedHosts('http://127.0.0.1:4411', [])]).toEqual(['127.0.0.1']);
  });
});

describe('plans of a site', () => {
  it('gives the plan id of each audience and names the missing ones', () => {
    expect(planIdOf(BUILD, 'pro')).toBe(1);
    expect(planIdOf(BUILD, 'part')).toBe(2);
    expect(missingAudiences(BUILD)).toEqual([]);
    expect(missingAudiences(site(4, [[7, 'part']]))).toEqual(['pro']);
  });
});

describe('createSiteResolver', () => {
  const allowed = new Set(['www.plasterwick.co.uk', 'shop.example']);

  it('looks an allowed host up once and keeps its site', async () => {
    const lookup = vi.fn(async () => site(9));
    const resolver = createSiteResolver({ buildSite: BUILD, allowed, lookup });
    expect((await resolver.siteFor('shop.example:443')).id).toBe(9);
    expect((await resolver.siteFor('SHOP.example')).id).toBe(9);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('shop.example');
    expect(resolver.cachedHosts()).toEqual(['shop.example']);
  });

  it('shares one lookup between concurrent requests', async () => {
    let answer: (value: Site) => void = () => {};
    const lookup = vi.fn(() => new Promise<Site>((resolve) => (answer = resolve)));
    const resolver = createSiteResolver({ buildSite: BUILD, allowed, lookup });
    const pages = [resolver.siteFor('shop.example'), resolver.siteFor('shop.example')];
    answer(site(9));
    expect((await Promise.all(pages)).map((page) => page.id)).toEqual([9, 9]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('renders any other host with the build site: no lookup, nothing stored', async () => {
    const lookup = vi.fn(async () => site(9));
    const resolver = createSiteResolver({ buildSite: BUILD, allowed, lookup });
    const hostile = [
      'evil.example',
      'www.plasterwick.co.uk.evil.example',
      ...Array.from({ length: 500 }, (_, index) => `random-${index}.example`),
      'a.example, shop.example',
      '',
      undefined,
      null,
    ];
    for (const host of hostile) expect(await resolver.siteFor(host)).toBe(BUILD);
    expect(lookup).not.toHaveBeenCalled();
    expect(resolver.cachedHosts()).toEqual([]);
  });

  it('falls back to the build site when the lookup fails, and asks again only after retryAfterMs', async () => {
    let now = 1_000;
    const onError = vi.fn();
    const lookup = vi
      .fn<(host: string) => Promise<Site>>()
      .mockRejectedValueOnce(new Error('404 no site'))
      .mockResolvedValueOnce(site(9));
    const resolver = createSiteResolver({
      buildSite: BUILD,
      allowed,
      lookup,
      retryAfterMs: 60_000,
      now: () => now,
      onError,
    });
    expect(await resolver.siteFor('shop.example')).toBe(BUILD);
    expect(onError).toHaveBeenCalledWith('shop.example', expect.any(Error));
    now += 59_999;
    expect(await resolver.siteFor('shop.example')).toBe(BUILD);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(resolver.cachedHosts()).toEqual([]);
    now += 1;
    expect((await resolver.siteFor('shop.example')).id).toBe(9);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('never keeps a site the storefront cannot render (a plan missing for an audience)', async () => {
    const lookup = vi.fn(async () => site(9, [[1, 'pro']]));
    const onError = vi.fn();
    const resolver = createSiteResolver({ buildSite: BUILD, allowed, lookup, onError });
    expect(await resolver.siteFor('shop.example')).toBe(BUILD);
    expect(String(onError.mock.calls[0]?.[1])).toContain('no sales plan for part');
    expect(resolver.cachedHosts()).toEqual([]);
  });
});
