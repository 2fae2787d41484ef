import { describe, expect, it } from 'vitest';
import { diffSnapshots, flatten, MASK } from './changes.ts';

describe('audit changes', () => {
  it('flattens nested objects into dotted paths and keeps lists whole', () => {
    expect(
      flatten({ name: 'Easy fill', packs: { 'TUB-1': { prices: { 1: { ex_vat: 450 } } } }, ids: [1, 2] }),
    ).toEqual({
      name: 'Easy fill',
      'packs.TUB-1.prices.1.ex_vat': 450,
      ids: [1, 2],
    });
  });

  it('lists only the fields that changed, with their values before and after', () => {
    const before = { name: 'A', packs: { P: { prices: { 1: { ex_vat: 450, inc_vat: null } } } }, ids: [1] };
    const after = { name: 'A', packs: { P: { prices: { 1: { ex_vat: 475, inc_vat: null } } } }, ids: [1, 2] };
    expect(diffSnapshots(before, after)).toEqual({
      'packs.P.prices.1.ex_vat': { before: 450, after: 475 },
      ids: { before: [1], after: [1, 2] },
    });
  });

  it('records a creation and a deletion field by field', () => {
    expect(diffSnapshots(null, { name: 'New' })).toEqual({ name: { before: null, after: 'New' } });
    expect(diffSnapshots({ name: 'Old' }, null)).toEqual({ name: { before: 'Old', after: null } });
  });

  it('masks personal data and secrets, keeping only that they changed', () => {
    const changes = diffSnapshots(
      { status: 'new', note: null, data: { email: 'a@example.co.uk' } },
      { status: 'done', note: 'Rang Mrs Jones', data: { email: 'b@example.co.uk' } },
      ['note', 'data'],
    );
    expect(changes).toEqual({
      status: { before: 'new', after: 'done' },
      note: { before: null, after: MASK },
      'data.email': { before: MASK, after: MASK },
    });
    expect(JSON.stringify(changes)).not.toContain('Jones');
  });
});
