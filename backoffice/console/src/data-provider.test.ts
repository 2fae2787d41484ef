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

it('ends one of my sessions by its id', async () => {
  const { requests, dataProvider } = backOffice(undefined, 204);
  await dataProvider.delete('sessions', { id: 12, previousData: { id: 12 } });
  expect(requests[0]!.method).toBe('DELETE');
  expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/me/sessions/12');
});

it('refuses a resource the console does not have', async () => {
  const { dataProvider } = backOffice({});
  await expect(dataProvider.getList('orders', { filter: {} })).rejects.toThrow(
    'The console cannot getList orders',
  );
});
