/**
 * Addresses that move (issue 25, docs/api-contract.md "Staff: redirects"): changing the slug of a product, a
 * category or a published page adds a 301 from each old address to the new one in both audiences, in the write's
 * transaction; a second change collapses the chain (the first old address points at the newest), and changing back
 * removes the redirect from the address that lives again (no loop). `content` people list, search, create, edit
 * (from the version) and delete redirects; a chain or a redirect to itself is refused; `catalogue` people get 403.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntries, products, redirects } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let catalogue: StaffPerson;
let content: StaffPerson;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  catalogue = await inviteAndEnrol(t.app, clock, 'catalogue');
  content = await inviteAndEnrol(t.app, clock, 'content');
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  person = catalogue,
) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

/** The public redirect list as the storefront's build reads it, by old address. */
async function publicRedirects(): Promise<Map<string, string>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/redirect?${q()}` });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(
    (response.json().data.items as { from: string; to: string; status: number }[]).map((r) => [r.from, r.to]),
  );
}

const both = (kind: string, slug: string) => [
  `/professional-filler/${kind}${slug}`,
  `/diy-filler/${kind}${slug}`,
];

describe('a changed slug leaves a 301 from each old address, in both audiences', () => {
  it('for a product, collapsing chains and making no loop', async () => {
    const [product] = await t.database.db
      .select({ id: products.id, slug: products.slug, version: products.version })
      .from(products)
      .limit(1);
    const old = product!.slug;
    const first = await call('PATCH', `/product/${product!.id}`, {
      version: product!.version,
      slug: `${old}-v2`,
    });
    expect(first.statusCode, first.body).toBe(200);
    let table = await publicRedirects();
    for (const [i, from] of both('product/', old).entries()) {
      expect(table.get(from)).toBe(both('product/', `${old}-v2`)[i]);
    }
    const second = await call('PATCH', `/product/${product!.id}`, {
      version: first.json().data.version,
      slug: `${old}-v3`,
    });
    expect(second.statusCode, second.body).toBe(200);
    table = await publicRedirects();
    // Both older addresses point at the newest: no chain.
    expect(table.get(`/diy-filler/product/${old}`)).toBe(`/diy-filler/product/${old}-v3`);
    expect(table.get(`/diy-filler/product/${old}-v2`)).toBe(`/diy-filler/product/${old}-v3`);
    expect(table.get(`/professional-filler/product/${old}`)).toBe(`/professional-filler/product/${old}-v3`);
    const [row] = await t.database.db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, `/diy-filler/product/${old}`));
    expect(row!.status).toBe(301);
    // Back to the first slug: its address lives again, so nothing redirects it (no loop).
    const back = await call('PATCH', `/product/${product!.id}`, {
      version: second.json().data.version,
      slug: old,
    });
    expect(back.statusCode, back.body).toBe(200);
    table = await publicRedirects();
    expect(table.has(`/diy-filler/product/${old}`)).toBe(false);
    expect(table.get(`/diy-filler/product/${old}-v3`)).toBe(`/diy-filler/product/${old}`);
    expect(table.get(`/diy-filler/product/${old}-v2`)).toBe(`/diy-filler/product/${old}`);
  });

  it('for a category', async () => {
    const made = await call('POST', '/category', { slug: 'moving-category', name: 'Moving' });
    expect(made.statusCode, made.body).toBe(201);
    const { id, version } = made.json().data;
    const renamed = await call('PATCH', `/category/${id}`, { version, slug: 'moved-category' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const table = await publicRedirects();
    expect(table.get('/professional-filler/category/moving-category')).toBe(
      '/professional-filler/category/moved-category',
    );
    expect(table.get('/diy-filler/category/moving-category')).toBe('/diy-filler/category/moved-category');
    // A name change alone adds nothing.
    const before = table.size;
    await call('PATCH', `/category/${id}`, { version: renamed.json().data.version, name: 'Moved' });
    expect((await publicRedirects()).size).toBe(before);
  });

  it('for a published page, in its audiences', async () => {
    const [page] = await t.database.db
      .select()
      .from(contentEntries)
      .where(
        and(
          eq(contentEntries.resource, 'page'),
          eq(contentEntries.status, 'published'),
          eq(contentEntries.type, 'cms'),
        ),
      )
      .limit(1);
    const changed = await call(
      'PATCH',
      `/page/${page!.id}`,
      { version: page!.version, slug: `${page!.slug}-moved` },
      content,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const table = await publicRedirects();
    const segments = { pro: 'professional-filler', part: 'diy-filler' } as const;
    for (const audience of page!.audiences as ('pro' | 'part')[]) {
      expect(table.get(`/${segments[audience]}/${page!.slug}`)).toBe(
        `/${segments[audience]}/${page!.slug}-moved`,
      );
    }
  });

  it('rolls the redirect back with a refused write', async () => {
    const made = await call('POST', '/category', { slug: 'stays-put', name: 'Stays' });
    const { id, version } = made.json().data;
    const stale = await call('PATCH', `/category/${id}`, { version: version + 3, slug: 'never-moved' });
    expect(stale.statusCode).toBe(409);
    expect((await publicRedirects()).has('/diy-filler/category/stays-put')).toBe(false);
  });
});

describe('the redirects table for content people', () => {
  it('lists, searches, creates, edits from the version and deletes', async () => {
    const created = await call(
      'POST',
      '/staff/redirects',
      { from: '/old-offer/', to: '/diy-filler/contact' },
      content,
    );
    expect(created.statusCode, created.body).toBe(201);
    const redirect = created.json().data;
    expect(redirect).toMatchObject({
      from: '/old-offer',
      to: '/diy-filler/contact',
      status: 301,
      version: 1,
    });
    const found = await call('GET', '/staff/redirects?q=OLD-OFFER', undefined, content);
    expect(found.json().data).toMatchObject({ total: 1, items: [{ id: redirect.id }] });
    const edited = await call(
      'PATCH',
      `/staff/redirects/${redirect.id}`,
      { version: 1, to: '/diy-filler/frequently-asked-questions' },
      content,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ to: '/diy-filler/frequently-asked-questions', version: 2 });
    const stale = await call(
      'PATCH',
      `/staff/redirects/${redirect.id}`,
      { version: 1, to: '/diy-filler/contact' },
      content,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status).toBe('version_conflict');
    expect((await publicRedirects()).get('/old-offer')).toBe('/diy-filler/frequently-asked-questions');
    const deleted = await call('DELETE', `/staff/redirects/${redirect.id}?version=2`, undefined, content);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await publicRedirects()).has('/old-offer')).toBe(false);
  });

  it('refuses a redirect to itself, to a redirected address, a taken old address and bad paths; 403 for catalogue', async () => {
    const self = await call('POST', '/staff/redirects', { from: '/a-page', to: '/a-page' }, content);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([{ field: 'body.to', message: 'Same as the old address' }]);
    await call('POST', '/staff/redirects', { from: '/first-hop', to: '/diy-filler' }, content);
    const chain = await call('POST', '/staff/redirects', { from: '/zero-hop', to: '/first-hop' }, content);
    expect(chain.statusCode).toBe(400);
    expect(chain.json().message).toMatch(/itself redirected to \/diy-filler/);
    const taken = await call(
      'POST',
      '/staff/redirects',
      { from: '/first-hop', to: '/diy-filler/contact' },
      content,
    );
    expect(taken.statusCode).toBe(409);
    const bad = await call('POST', '/staff/redirects', { from: 'https://evil.example/x', to: '/' }, content);
    expect(bad.statusCode).toBe(400);
    // A new redirect to an old address takes over what pointed there: /first-hop's target is redirected now.
    const over = await call('POST', '/staff/redirects', { from: '/diy-filler', to: '/' }, content);
    expect(over.statusCode, over.body).toBe(201);
    expect((await publicRedirects()).get('/first-hop')).toBe('/');
    expect((await call('GET', '/staff/redirects', undefined, catalogue)).statusCode).toBe(403);
  });
});
