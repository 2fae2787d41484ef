import { describe, expect, it } from 'vitest';
import { customerFilter, exportUrl } from './customer-calls.ts';

describe('the customer list filters', () => {
  it('sends only what the API takes, flags as true/false', () => {
    expect(
      customerFilter({ q: '  morgan ', audience: 'part', trade_approved: true, disabled: false }),
    ).toEqual({
      q: 'morgan',
      audience: 'part',
      trade_approved: 'true',
      disabled: 'false',
    });
    expect(customerFilter({ q: '   ', audience: 'everyone', disabled: 'yes' })).toEqual({});
    expect(customerFilter(undefined)).toEqual({});
  });

  it('downloads the export of the UK site', () => {
    expect(exportUrl(42)).toBe('/api/v1/staff/customers/42/export?site_id=3');
  });
});
