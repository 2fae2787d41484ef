import { describe, expect, it } from 'vitest';
import { createApi } from './api/client.ts';
import { createDataProvider } from './data-provider.ts';

/** A back-office that answers `body` to every call and remembers the requests. */
function backOffice(body: unknown, status = 200) {
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    requests,
    dataProvider: createDataProvider(createApi('http://console.test', fetch as typeof globalThis.fetch)),
  };
}

describe('the staff people', () => {
  it('are listed a page at a time, sorted, as { items, total }', async () => {
    const person = { id: 3, name: 'Ann' };
    const { requests, dataProvider } = backOffice({ data: { items: [person], total: 41 } });
    const answer = await dataProvider.getList('people', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(answer).toEqual({ data: [person], total: 41 });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v1/staff/people');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      perPage: '25',
      sort: 'name',
      order: 'DESC',
    });
  });

  it('are searched and filtered by role and whether active; an unknown role or an empty search is not sent', async () => {
    const { requests, dataProvider } = backOffice({ data: { items: [], total: 0 } });
    await dataProvider.getList('people', { filter: { q: ' ann ', role: 'owner', active: false } });
    await dataProvider.getList('people', { filter: { q: '  ', role: 'boss' } });
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({
      q: 'ann',
      role: 'owner',
      active: 'false',
    });
    expect(Object.fromEntries(new URL(requests[1]!.url).searchParams)).toEqual({});
  });

  it('are changed with the version they were read at, and nothing but the role and whether active', async () => {
    const { requests, dataProvider } = backOffice({ data: { id: 3, version: 8 } });
    await dataProvider.update('people', {
      id: 3,
      data: { id: 3, name: 'Ann', role: 'content', active: false, version: 7 },
      previousData: { id: 3, name: 'Ann', role: 'catalogue', active: true, version: 7 },
    });
    expect(requests[0]!.method).toBe('PATCH');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/people/3');
    expect(await requests[0]!.json()).toEqual({ role: 'content', active: false, version: 7 });
  });
});

describe('the orders', () => {
  it('are listed a page at a time, sorted and filtered on the server', async () => {
    const order = { id: 9, number: 'PW-000009' };
    const { requests, dataProvider } = backOffice({ data: { items: [order], total: 120 } });
    const answer = await dataProvider.getList('orders', {
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'total_inc_pence', order: 'DESC' },
      filter: {
        q: ' LS1 ',
        status: 'paid',
        payment_status: 'partially_refunded',
        fulfilment_status: 'dispatched',
        placed_from: '2026-07-01',
        placed_to: '2026-07-31',
        audience: 'pro',
        payment_method: 'card',
      },
    });
    expect(answer).toEqual({ data: [order], total: 120 });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v1/staff/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      site_id: '3',
      q: 'LS1',
      status: 'paid',
      payment_status: 'partially_refunded',
      fulfilment_status: 'dispatched',
      placed_from: '2026-07-01',
      placed_to: '2026-07-31',
      audience: 'pro',
      payment_method: 'card',
      page: '3',
      perPage: '50',
      sort: 'total_inc_pence',
      order: 'DESC',
    });
  });

  it('send no filter the API would refuse, nor a column it cannot sort by', async () => {
    const { requests, dataProvider } = backOffice({ data: { items: [], total: 0 } });
    await dataProvider.getList('orders', {
      sort: { field: 'name', order: 'ASC' },
      filter: {
        q: ' ',
        status: 'lost',
        fulfilment_status: 'shipped',
        placed_from: '1/7/2026',
        audience: 'x',
      },
    });
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({ site_id: '3' });
  });

  it('are read one at a time as the order page', async () => {
    const { requests, dataProvider } = backOffice({ data: { id: 9, number: 'PW-000009', lines: [] } });
    expect((await dataProvider.getOne('orders', { id: '9' })).data).toEqual({
      id: 9,
      number: 'PW-000009',
      lines: [],
    });
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/orders/9');
    expect(new URL(requests[0]!.url).searchParams.get('site_id')).toBe('3');
  });
});

describe('the open invoices', () => {
  it('are open unless the overdue ones are asked for', async () => {
    const { requests, dataProvider } = backOffice({ data: { items: [], total: 0 } });
    await dataProvider.getList('invoices', { pagination: { page: 1, perPage: 25 }, filter: {} });
    await dataProvider.getList('invoices', {
      pagination: { page: 2, perPage: 25 },
      filter: { state: 'overdue' },
    });
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/invoices');
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({
      site_id: '3',
      state: 'open',
      page: '1',
      perPage: '25',
    });
    expect(Object.fromEntries(new URL(requests[1]!.url).searchParams)).toEqual({
      site_id: '3',
      state: 'overdue',
      page: '2',
      perPage: '25',
    });
  });
});

it('ends one of my sessions by its id', async () => {
  const { requests, dataProvider } = backOffice(undefined, 204);
  await dataProvider.delete('sessions', { id: 12, previousData: { id: 12 } });
  expect(requests[0]!.method).toBe('DELETE');
  expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/me/sessions/12');
});

it('refuses a resource the console does not have', async () => {
  const { dataProvider } = backOffice({});
  await expect(dataProvider.getList('parcels', { filter: {} })).rejects.toThrow(
    'The console cannot getList parcels',
  );
});
