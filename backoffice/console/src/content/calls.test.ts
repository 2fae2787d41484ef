import { describe, expect, it } from 'vitest';
import { contentListQuery } from './calls.ts';

describe('the content lists’ query', () => {
  it('asks for what the API takes: paging (100 at most), a known sort, the search, status and type', () => {
    expect(
      contentListQuery({
        pagination: { page: 2, perPage: 500 },
        sort: { field: 'updated_at', order: 'DESC' },
        filter: { q: '  delivery ', status: 'draft', type: 'job' },
      }),
    ).toEqual({
      page: 2,
      perPage: 100,
      sort: 'updated_at',
      order: 'DESC',
      q: 'delivery',
      status: 'draft',
      type: 'job',
    });
  });

  it('leaves out a column the API cannot sort by and filters it does not know', () => {
    expect(
      contentListQuery({
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'slug', order: 'ASC' },
        filter: { q: ' ', status: 'archived', type: 'Not A Type' },
      }),
    ).toEqual({ page: 1, perPage: 25 });
  });
});
