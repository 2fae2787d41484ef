import { expect, it } from 'vitest';
import { exportUrl } from './order-filter.ts';

it('exports what the filters select, with the same filters as the list', () => {
  expect(exportUrl({ q: 'Leeds', fulfilment_status: 'dispatched', placed_from: '2026-07-01', page: 3 })).toBe(
    '/api/v1/staff/orders/export.csv?site_id=3&q=Leeds&fulfilment_status=dispatched&placed_from=2026-07-01',
  );
  expect(exportUrl(undefined)).toBe('/api/v1/staff/orders/export.csv?site_id=3');
});
