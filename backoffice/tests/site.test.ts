/** Site lookup by host (port, case, forwarded list, SITE_HOSTS, unknown), site by id, subsidiaries. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { siteSchema } from '../src/modules/site/schemas.ts';
import { hostOf } from '../src/modules/site/service.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ siteHosts: ['shop.example.test'] });
});
afterAll(() => t.close());

const lookup = z.object({ data: z.object({ list: z.array(siteSchema).length(1) }) });
const subsidiaries = z.object({
  data: z.object({ list: z.array(z.object({ code: z.string(), label: z.string(), url: z.string() })) }),
});

async function site(url: string) {
  return t.app.inject({ url: `/api/v1/site?url=${encodeURIComponent(url)}` });
}

describe('GET /site?url', () => {
  test.each([
    'localhost',
    'localhost:4321',
    '127.0.0.1:4000',
    'WWW.Plasterwick.CO.UK',
    'plasterwick.co.uk:443',
    'https://www.plasterwick.co.uk/professional-filler',
    'www.plasterwick.co.uk, proxy.internal',
    'shop.example.test',
    'SHOP.example.test:8080',
  ])('%s → the UK site', async (host) => {
    const res = await site(host);
    expect(res.statusCode, res.body).toBe(200);
    const [uk] = lookup.parse(res.json()).data.list;
    expect(uk).toMatchObject({ id: 3, code: 'uk', url: 'https://www.plasterwick.co.uk' });
    expect(uk?.salesplan.map((p) => [p.id, p.target, p.currency.code, p.currency.symbol])).toEqual([
      [1, 'pro', 'GBP', '£'],
      [2, 'part', 'GBP', '£'],
    ]);
    const labels = uk?.languages.map((l) => l.label) ?? [];
    expect(labels).toEqual([...labels].sort());
  });

  test('an unknown host is 404; no url and no site_id is 400', async () => {
    const res = await site('unknown.example.org');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'not_found' });
    expect((await t.app.inject({ url: '/api/v1/site' })).statusCode).toBe(400);
  });

  test('a subsidiary host finds its own site', async () => {
    const [fr] = lookup.parse((await site('www.plasterwick.fr')).json()).data.list;
    expect(fr?.code).toBe('fr');
  });

  test('hostOf strips scheme, path, port and case', () => {
    expect(hostOf(' HTTPS://User@Shop.Example:8443/path?x ')).toBe('shop.example');
    expect(hostOf('a.example, b.example')).toBe('a.example');
    expect(hostOf('[::1]:4000')).toBe('[::1]');
    expect(hostOf('example.org.')).toBe('example.org');
  });

  test('arbitrary url values never answer ≥ 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (value) => {
        expect((await site(value)).statusCode).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});

describe('GET /site/:id and subsidiaries', () => {
  test('site by id', async () => {
    const res = await t.app.inject({ url: '/api/v1/site/3' });
    expect(z.object({ data: siteSchema }).parse(res.json()).data.id).toBe(3);
    expect((await t.app.inject({ url: '/api/v1/site/404' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/site/abc' })).statusCode).toBe(400);
  });

  test('subsidiaries: the ten sites of the header dropdown', async () => {
    const res = await t.app.inject({ url: '/api/v1/site?site_id=3&list=subsidiaries' });
    const codes = subsidiaries.parse(res.json()).data.list.map((s) => s.code);
    expect(codes.sort()).toEqual(['ae', 'be', 'ch', 'es', 'fr', 'lb', 'nl', 'pl', 'tn', 'uk']);
    expect((await t.app.inject({ url: '/api/v1/site?site_id=99&list=subsidiaries' })).statusCode).toBe(404);
  });
});
