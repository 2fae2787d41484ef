/**
 * The common parameters of spec §7 on every back-office call, read from the requests a real local HTTP server
 * receives from the real client (ky, fetch): nothing of the client is mocked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient } from './client.ts';

interface Received {
  method: string;
  path: string;
  params: [string, string][];
}

let server: Server;
let origin: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    received.push({ method: request.method ?? '', path: url.pathname, params: [...url.searchParams] });
    response.setHeader('content-type', 'application/json');
    // The entity of /moved lives in plan 2 only (spec §4): the client switches and retries once.
    if (url.pathname.endsWith('/moved') && url.searchParams.get('saleplan_id') !== '2') {
      response.statusCode = 400;
      response.end(
        JSON.stringify({ status: 'not_available_in_this_saleplan', message: 'Other plan', exist_in: [2] }),
      );
      return;
    }
    response.end(JSON.stringify({ data: { ok: true } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
});

const answer = z.object({ data: z.object({ ok: z.boolean() }) });
const sorted = (params: [string, string][]) => [...params].sort(([a], [b]) => a.localeCompare(b));

/** The common parameters with a plan, exactly: no more, no fewer, each once. */
const withPlan = (plan: number): [string, string][] => [
  ['site_id', '3'],
  ['lang', 'en'],
  ['sales_plan_id', String(plan)],
  ['saleplan_id', String(plan)],
  ['client', 'web'],
];
const withoutPlan: [string, string][] = [
  ['site_id', '3'],
  ['lang', 'en'],
  ['client', 'web'],
];

describe('common query parameters of every call', () => {
  it('a call with a plan carries site_id, lang, both plan ids and client=web, then its own query', async () => {
    const api = new ApiClient({ origin, planId: () => 1 });
    await api.get('/product', answer, {
      query: { perPage: 12, text: 'joint filler', empty: '', gone: null },
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('GET');
    expect(received[0]?.path).toBe('/api/v1/product');
    expect(sorted(received[0]!.params)).toEqual(
      sorted([...withPlan(1), ['perPage', '12'], ['text', 'joint filler']]),
    );
  });

  it('a call without a query carries exactly the common parameters, and reads the live plan each time', async () => {
    let plan = 1;
    const api = new ApiClient({ origin, planId: () => plan });
    await api.get('/menu', answer);
    plan = 2;
    await api.post('/contact', { message: 'Hello' }, answer);
    expect(received.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(sorted(received[0]!.params)).toEqual(sorted(withPlan(1)));
    expect(sorted(received[1]!.params)).toEqual(sorted(withPlan(2)));
  });

  it('withoutPlan drops both plan ids and nothing else, even when a plan is known', async () => {
    const api = new ApiClient({ origin, planId: () => 1 });
    await api.get('/site', answer, { withoutPlan: true });
    expect(sorted(received[0]!.params)).toEqual(sorted(withoutPlan));
  });

  it('no plan known: the plan ids are left out', async () => {
    const api = new ApiClient({ origin, planId: () => undefined });
    await api.get('/setting', answer);
    expect(sorted(received[0]!.params)).toEqual(sorted(withoutPlan));
  });

  it('site_id is the site the client was given (spec §7 site lookup), read at each call', async () => {
    let site: number | undefined = 7;
    const api = new ApiClient({ origin, siteId: () => site, planId: () => 1 });
    await api.get('/menu', answer);
    site = 9;
    await api.get('/menu', answer);
    await api.get('/site', answer, { query: { url: 'shop.example' }, withoutSite: true, withoutPlan: true });
    site = undefined;
    await api.get('/menu', answer);
    expect(received.map((request) => new URLSearchParams(request.params).get('site_id'))).toEqual([
      '7',
      '9',
      null,
      null,
    ]);
  });

  it('the retry after a plan switch carries the common parameters with the new plan', async () => {
    const api = new ApiClient({ origin, planId: () => 1, onPlanSwitch: () => () => {} });
    await expect(api.get('/product/moved', answer)).resolves.toEqual({ data: { ok: true } });
    expect(received).toHaveLength(2);
    expect(sorted(received[0]!.params)).toEqual(sorted(withPlan(1)));
    expect(sorted(received[1]!.params)).toEqual(sorted(withPlan(2)));
  });
});
