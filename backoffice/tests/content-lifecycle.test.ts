/**
 * Content from draft to live (issue 26, docs/api-contract.md "Staff: content lifecycle"): a staff draft moves
 * nothing, the pending draft of a live page leaves the site as it was, publish and unpublish move the content
 * version, a schedule fires through the `content-schedule` job (audited as the job), the history shows who changed
 * what and restores an old text as a draft, a stale version is a 409, a role without the permission a 403, and a
 * signed preview link works for its entry for 30 minutes only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockists } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { fireDueSchedules } from '../src/modules/content/index.ts';
import { createTestApp, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, keyHeaders, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let content: StaffPerson;
let reader: StaffPerson;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  content = await inviteAndEnrol(t.app, clock, 'content');
  reader = await inviteAndEnrol(t.app, clock, 'read_only');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

function call(method: Method, path: string, payload?: object, person = content) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

async function ok(method: Method, path: string, payload?: object, status = 200) {
  const response = await call(method, path, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json().data;
}

const contentVersion = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/content-version?${q()}` })).json().data
    .version as number;

/** The public page by slug: its title, or the status code. */
async function publicPage(slug: string): Promise<string | number> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/page/${slug}?${q()}` });
  return response.statusCode === 200 ? (response.json().data.title as string) : response.statusCode;
}

const newPage = (slug: string, title = 'Lime plaster care') => ({
  slug,
  title,
  status: 'published',
  extract: 'How to look after lime plaster.',
  blocks: [{ kind: 'text', text: '<p>Keep it damp for a week.</p>' }],
});

describe('drafts and publishing', () => {
  it('creates a page as a draft: nothing live, the content version unmoved', async () => {
    const before = await contentVersion();
    const view = await ok('POST', '/staff/content/page', newPage('lime-care'), 201);
    expect(view).toMatchObject({ status: 'draft', has_draft: false, live: null, version: 1 });
    expect(view.item).toMatchObject({ title: 'Lime plaster care', status: 'draft' });
    expect(await contentVersion()).toBe(before);
    expect(await publicPage('lime-care')).toBe(404);

    const list = await ok('GET', '/staff/content/page?q=lime%20plaster&status=draft');
    expect(list.items.map((i: { id: number }) => i.id)).toContain(view.id);
    // A draft saved again stays a draft and moves nothing.
    const saved = await ok('PATCH', `/staff/content/page/${view.id}`, { version: 1, extract: 'Draft two.' });
    expect(saved).toMatchObject({ status: 'draft', version: 2, live: null });
    expect(await contentVersion()).toBe(before);
  });

  it('publishes, keeps a change of the live page as its pending draft, then publishes that', async () => {
    const { id } = await ok('POST', '/staff/content/page', newPage('render-guide', 'Render guide'), 201);
    const v0 = await contentVersion();
    const published = await ok('POST', `/staff/content/page/${id}/publish`, { version: 1 });
    expect(published).toMatchObject({ status: 'published', has_draft: false });
    expect(await contentVersion()).toBe(v0 + 1);
    expect(await publicPage('render-guide')).toBe('Render guide');
    // A second click of the same publish is no conflict and moves nothing.
    await ok('POST', `/staff/content/page/${id}/publish`, { version: 1 });
    expect(await contentVersion()).toBe(v0 + 1);

    const pending = await ok('PATCH', `/staff/content/page/${id}`, {
      version: published.version,
      title: 'Render guide (2027)',
    });
    expect(pending).toMatchObject({ status: 'published', has_draft: true });
    expect(pending.item.title).toBe('Render guide (2027)');
    expect(pending.live.title).toBe('Render guide');
    expect(await contentVersion()).toBe(v0 + 1);
    const listed = await ok('GET', '/staff/content/page?q=render%20guide');
    expect(listed.items).toEqual([
      expect.objectContaining({ id, title: 'Render guide (2027)', has_draft: true }),
    ]);
    expect(await publicPage('render-guide')).toBe('Render guide');

    const live = await ok('POST', `/staff/content/page/${id}/publish`, { version: pending.version });
    expect(live).toMatchObject({ has_draft: false });
    expect(live.live.title).toBe('Render guide (2027)');
    // The page keeps the date it was first published.
    expect(live.live.published_at).toBe(published.live.published_at);
    expect(await contentVersion()).toBe(v0 + 2);
    expect(await publicPage('render-guide')).toBe('Render guide (2027)');

    const off = await ok('POST', `/staff/content/page/${id}/unpublish`, { version: live.version });
    expect(off).toMatchObject({ status: 'draft', live: null });
    expect(await contentVersion()).toBe(v0 + 3);
    expect(await publicPage('render-guide')).toBe(404);
  });

  it('answers 409 on a stale version, 400 on a resource without drafts, 403 without the permission', async () => {
    const { id } = await ok('POST', '/staff/content/page', newPage('stale-page'), 201);
    await ok('PATCH', `/staff/content/page/${id}`, { version: 1, title: 'First' });
    const stale = await call('PATCH', `/staff/content/page/${id}`, { version: 1, title: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'version_conflict', current_version: 2 });
    expect((await call('POST', `/staff/content/page/${id}/publish`, { version: 1 })).statusCode).toBe(409);

    expect((await call('POST', '/staff/content/setting/1/publish', { version: 1 })).statusCode).toBe(404);
    // A reader reads, but neither edits nor publishes.
    expect((await call('GET', `/staff/content/page/${id}`, undefined, reader)).statusCode).toBe(200);
    expect((await call('POST', '/staff/content/page', newPage('no-way'), reader)).statusCode).toBe(403);
    const refused = await call('POST', `/staff/content/page/${id}/publish`, { version: 2 }, reader);
    expect(refused.statusCode).toBe(403);
  });

  it('makes a FAQ entry a draft too, off the public list until published', async () => {
    const faqs = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/faq?${q({ perPage: 100 })}` }))
        .json()
        .data.items.map((f: { question: string }) => f.question);
    const view = await ok(
      'POST',
      '/staff/content/faq',
      { question: 'Can I paint over lime?', answer: '<p>Yes.</p>' },
      201,
    );
    expect(view.status).toBe('draft');
    expect(await faqs()).not.toContain('Can I paint over lime?');
    await ok('POST', `/staff/content/faq/${view.id}/publish`, { version: view.version });
    expect(await faqs()).toContain('Can I paint over lime?');
  });

  it('keeps the tooling calls as they were: a page is published unless the JSON says draft', async () => {
    const v0 = await contentVersion();
    const draft = await t.app.inject({
      method: 'POST',
      url: `/api/v1/page?${q()}`,
      headers: keyHeaders,
      payload: { ...newPage('tooling-draft'), status: 'draft' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await contentVersion()).toBe(v0);
    const live = await t.app.inject({
      method: 'POST',
      url: `/api/v1/page?${q()}`,
      headers: keyHeaders,
      payload: { ...newPage('tooling-live'), status: undefined },
    });
    expect(live.statusCode, live.body).toBe(201);
    expect(await contentVersion()).toBe(v0 + 1);
    expect(await publicPage('tooling-live')).toBe('Lime plaster care');
  });

  it('moves the content version on every save of a resource that is live on save (a menu item)', async () => {
    const menus = await ok('GET', '/staff/content/menu');
    const menu = await ok('GET', `/staff/content/menu/${menus.items[0].id}`);
    const v0 = await contentVersion();
    const added = await call('POST', `/menu/${menu.id}/items`, {
      version: menu.version,
      label: 'Lime',
      slug: 'lime',
      type: 'no_destination',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await contentVersion()).toBe(v0 + 1);
    const history = await ok('GET', `/staff/content/menu/${menu.id}/history`);
    expect(history.items[0]).toMatchObject({ action: 'add_item', actor_name: 'content person' });
  });
});

describe('schedule', () => {
  it('refuses times in the past and an unpublication before the publication', async () => {
    const { id, version } = await ok('POST', '/staff/content/page', newPage('schedule-checks'), 201);
    const past = await call('PUT', `/staff/content/page/${id}/schedule`, {
      version,
      publish_at: new Date(clock.now().getTime() - 1000).toISOString(),
      unpublish_at: null,
    });
    expect(past.statusCode).toBe(400);
    const backwards = await call('PUT', `/staff/content/page/${id}/schedule`, {
      version,
      publish_at: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      unpublish_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('publishes and unpublishes at their times through the job, audited as the job', async () => {
    const { id, version } = await ok(
      'POST',
      '/staff/content/page',
      newPage('scheduled-page', 'Scheduled'),
      201,
    );
    const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();
    const scheduled = await ok('PUT', `/staff/content/page/${id}/schedule`, {
      version,
      publish_at: at(20),
      unpublish_at: at(120),
    });
    expect(scheduled.publish_at).toBe(at(20));
    const v0 = await contentVersion();

    await t.app.jobs.runNow('content-schedule');
    expect(await publicPage('scheduled-page')).toBe(404);
    expect(await contentVersion()).toBe(v0);

    clock.advance(21_000);
    await t.app.jobs.runNow('content-schedule');
    expect(await publicPage('scheduled-page')).toBe('Scheduled');
    expect(await contentVersion()).toBe(v0 + 1);
    const fired = await ok('GET', `/staff/content/page/${id}`);
    expect(fired).toMatchObject({ status: 'published', publish_at: null, unpublish_at: at(99) });
    // A second run finds nothing due.
    await t.app.jobs.runNow('content-schedule');
    expect(await contentVersion()).toBe(v0 + 1);

    clock.advance(100_000);
    await t.app.jobs.runNow('content-schedule');
    expect(await publicPage('scheduled-page')).toBe(404);
    expect(await contentVersion()).toBe(v0 + 2);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/audit?entity=page&entity_id=${id}`,
      headers: keyHeaders,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const actions = audit
      .json()
      .data.items.map((e: { action: string; actor_type: string }) => `${e.actor_type}:${e.action}`);
    expect(actions).toEqual(expect.arrayContaining(['job:page.publish', 'job:page.unpublish']));
    const history = await ok('GET', `/staff/content/page/${id}/history`);
    expect(
      history.items.slice(0, 2).map((h: { action: string; actor_name: string }) => [h.action, h.actor_name]),
    ).toEqual([
      ['unpublish', 'Schedule'],
      ['publish', 'Schedule'],
    ]);
  });
  it('fires a due publication once when two back-offices run the job at the same time', async () => {
    const { id, version } = await ok('POST', '/staff/content/page', newPage('raced-page', 'Raced'), 201);
    const at = new Date(clock.now().getTime() + 10_000).toISOString();
    await ok('PUT', `/staff/content/page/${id}/schedule`, { version, publish_at: at, unpublish_at: null });
    clock.advance(11_000);
    const v0 = await contentVersion();
    const other = { db: t.app.db, clock, contentChanged: () => t.app.contentChanged() };
    const [, second] = await Promise.all([t.app.jobs.runNow('content-schedule'), fireDueSchedules(other)]);
    expect(second.published).toBeLessThanOrEqual(1);
    expect(await publicPage('raced-page')).toBe('Raced');
    expect(await contentVersion()).toBe(v0 + 1);
    const history = await ok('GET', `/staff/content/page/${id}/history`);
    expect(history.items.filter((h: { action: string }) => h.action === 'publish')).toHaveLength(1);
  });
});

describe('history and restore', () => {
  it('shows who changed which field, and restores an old text as the draft of the live page', async () => {
    const created = await ok('POST', '/staff/content/page', newPage('history-page', 'Old title'), 201);
    const live = await ok('POST', `/staff/content/page/${created.id}/publish`, { version: created.version });
    const edited = await ok('PATCH', `/staff/content/page/${created.id}`, {
      version: live.version,
      title: 'New title',
    });
    const published = await ok('POST', `/staff/content/page/${created.id}/publish`, {
      version: edited.version,
    });

    const { items } = await ok('GET', `/staff/content/page/${created.id}/history`);
    expect(items.map((h: { action: string }) => h.action)).toEqual([
      'publish',
      'update',
      'publish',
      'create',
    ]);
    expect(items[1]).toMatchObject({ status: 'draft', actor_name: 'content person' });
    expect(items[1].changes).toEqual([{ field: 'title', before: 'Old title', after: 'New title' }]);

    const v0 = await contentVersion();
    const restored = await ok('POST', `/staff/content/page/${created.id}/restore`, {
      version: published.version,
      from_version: created.version,
    });
    expect(restored).toMatchObject({ status: 'published', has_draft: true });
    expect(restored.item.title).toBe('Old title');
    expect(restored.live.title).toBe('New title');
    expect(await contentVersion()).toBe(v0);
    expect(await publicPage('history-page')).toBe('New title');

    const stale = await call('POST', `/staff/content/page/${created.id}/restore`, {
      version: published.version,
      from_version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    const missing = await call('POST', `/staff/content/page/${created.id}/restore`, {
      version: restored.version,
      from_version: 999,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('restores a setting live, as a new version', async () => {
    const { items } = await ok('GET', '/staff/content/setting?perPage=1');
    const setting = await ok('GET', `/staff/content/setting/${items[0].id}`);
    const changed = await ok('PATCH', `/staff/content/setting/${setting.id}`, {
      version: setting.version,
      value: 'changed',
    });
    expect(changed.live.value).toBe('changed');
    const history = await ok('GET', `/staff/content/setting/${setting.id}/history`);
    expect(history.items).toHaveLength(1);
    // The seed's value predates the history: restore the change's own version to itself is allowed; check a live restore.
    const again = await ok('PATCH', `/staff/content/setting/${setting.id}`, {
      version: changed.version,
      value: 'again',
    });
    const v0 = await contentVersion();
    const restored = await ok('POST', `/staff/content/setting/${setting.id}/restore`, {
      version: again.version,
      from_version: changed.version,
    });
    expect(restored.live.value).toBe('changed');
    expect(restored.version).toBe(again.version + 1);
    expect(await contentVersion()).toBe(v0 + 1);
  });
});

describe('stockists', () => {
  it('keeps each save of a stockist in the history and restores an old one live', async () => {
    const [first] = await t.app.db.select({ id: stockists.id }).from(stockists).limit(1);
    const path = `/store-locator/${first!.id}`;
    const stockist = await ok('GET', path);
    const renamed = await ok('PATCH', path, { version: stockist.version, name: 'Renamed merchant' });
    const history = await ok('GET', `/staff/content/stockist/${stockist.id}/history`);
    expect(history.items[0]).toMatchObject({ action: 'update', version: renamed.version });
    const again = await ok('PATCH', path, { version: renamed.version, name: 'Renamed twice' });
    const v0 = await contentVersion();
    const restored = await ok('POST', `/staff/content/stockist/${stockist.id}/restore`, {
      version: again.version,
      from_version: renamed.version,
    });
    expect(restored.live).toMatchObject({ name: 'Renamed merchant', version: again.version + 1 });
    expect(await contentVersion()).toBe(v0 + 1);
    const stale = await call('POST', `/staff/content/stockist/${stockist.id}/restore`, {
      version: again.version,
      from_version: renamed.version,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('signed preview links', () => {
  it('shows the draft for 30 minutes to its link only; altered or expired answers 401, unknown 404', async () => {
    const { id } = await ok('POST', '/staff/content/page', newPage('preview-page', 'Preview me'), 201);
    const link = await ok('POST', `/staff/content/page/${id}/preview-link`);
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/preview/${id}`);
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    expect(new Date(link.expires_at).getTime()).toBe(clock.now().getTime() + 30 * 60_000);

    const preview = (entry: number | string, query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/v1/preview/${entry}?${q(query)}` });
    const good = await preview(id, { sig, exp });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({
      resource: 'page',
      item: { title: 'Preview me', status: 'draft' },
    });
    expect(await publicPage('preview-page')).toBe(404);

    const altered = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect((await preview(id, { sig: altered, exp })).statusCode).toBe(401);
    expect((await preview(id, { sig, exp: String(Number(exp) + 60) })).statusCode).toBe(401);
    expect((await preview(id + 1, { sig, exp })).statusCode).toBe(401);
    // The tooling's token still works, and an unknown id with it is a 404.
    const token = { token: t.app.config.previewToken };
    expect((await preview(id, token)).statusCode).toBe(200);
    expect((await preview(99_999, token)).statusCode).toBe(404);

    clock.advance(31 * 60_000);
    expect((await preview(id, { sig, exp })).statusCode).toBe(401);
  });
});
