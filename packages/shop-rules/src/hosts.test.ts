import { expect, test } from 'vitest';
import { siteHostsEnv } from './hosts.ts';

test('SITE_HOSTS: a comma list of host names, lower-cased; empty by default', () => {
  expect(siteHostsEnv.parse(undefined)).toEqual([]);
  expect(siteHostsEnv.parse(' Shop.Example.co.uk , ,localhost')).toEqual(['shop.example.co.uk', 'localhost']);
});

test('SITE_HOSTS refuses schemes, ports and paths', () => {
  for (const raw of ['http://shop.example', 'shop.example:443', 'shop.example/path', 'a b']) {
    expect(siteHostsEnv.safeParse(raw).success, raw).toBe(false);
  }
});
