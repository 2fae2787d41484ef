import { expect, test } from 'vitest';
import type { ContentRow } from './resources.ts';
import { fieldChanges } from './revisions.ts';
import { movesContentVersion } from './write-service.ts';

const row = (over: Partial<ContentRow> = {}): ContentRow =>
  ({
    id: 1,
    siteId: 3,
    resource: 'page',
    type: 'cms',
    slug: 'a',
    title: 'A',
    status: 'published',
    audiences: ['pro', 'part'],
    position: 0,
    parentId: null,
    data: { blocks: [] },
    searchText: '',
    publishedAt: new Date('2027-01-01T00:00:00Z'),
    updatedAt: new Date('2027-01-01T00:00:00Z'),
    version: 1,
    draft: null,
    publishAt: null,
    unpublishAt: null,
    search: null,
    ...over,
  }) as ContentRow;

test('the content version moves only when what the site shows changes', () => {
  const draft = row({ status: 'draft' });
  // A draft created, saved or deleted: nothing live before or after.
  expect(movesContentVersion(null, draft)).toBe(false);
  expect(movesContentVersion(draft, row({ status: 'draft', title: 'B', version: 2 }))).toBe(false);
  expect(movesContentVersion(draft, null)).toBe(false);
  // A pending draft or a schedule of a live entry: the live columns unchanged.
  const live = row();
  expect(movesContentVersion(live, row({ draft: { title: 'B' }, version: 2 }))).toBe(false);
  expect(movesContentVersion(live, row({ publishAt: new Date(), unpublishAt: new Date(), version: 2 }))).toBe(
    false,
  );
  // Publish, unpublish, a change of something live, a live entry created or deleted.
  expect(movesContentVersion(draft, row({ version: 2 }))).toBe(true);
  expect(movesContentVersion(live, row({ status: 'draft', version: 2 }))).toBe(true);
  expect(movesContentVersion(live, row({ title: 'B', version: 2 }))).toBe(true);
  expect(movesContentVersion(null, live)).toBe(true);
  expect(movesContentVersion(live, null)).toBe(true);
});

test('a history entry lists the fields that changed from the version before it', () => {
  expect(fieldChanges(null, { title: 'A', extract: '' })).toEqual([
    { field: 'extract', before: null, after: '' },
    { field: 'title', before: null, after: 'A' },
  ]);
  expect(
    fieldChanges({ title: 'A', blocks: [{ text: 'x' }] }, { title: 'B', blocks: [{ text: 'x' }] }),
  ).toEqual([{ field: 'title', before: 'A', after: 'B' }]);
  expect(fieldChanges({ title: 'A', cover: { url: '/a.jpg' } }, { title: 'A' })).toEqual([
    { field: 'cover', before: { url: '/a.jpg' }, after: null },
  ]);
});
