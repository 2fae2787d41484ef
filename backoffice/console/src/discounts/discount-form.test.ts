import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  changesOf,
  formFieldOf,
  formValuesOf,
  poundsError,
  ukInstant,
  ukWallTime,
  type StaffDiscount,
} from './discount-form.ts';

const stored: StaffDiscount = {
  id: 4,
  code: 'SUMMER12',
  description: '12 % off',
  kind: 'percentage',
  percent: 12,
  amount_pence: null,
  free_variant_reference: null,
  audience: 'both',
  min_subtotal_pence: 5000,
  usage_limit: null,
  used: 3,
  once_per_customer: false,
  starts_at: '2027-06-30T23:00:00.000Z',
  ends_at: null,
  active: true,
  state: 'scheduled',
  version: 2,
  created_at: '2027-06-01T09:00:00.000Z',
};

describe('UK time of the discount form', () => {
  it('reads and writes wall time in BST and GMT', () => {
    expect(ukInstant('2027-07-01T00:00')).toBe('2027-06-30T23:00:00.000Z');
    expect(ukInstant('2027-01-15T09:30')).toBe('2027-01-15T09:30:00.000Z');
    expect(ukWallTime('2027-06-30T23:00:00.000Z')).toBe('2027-07-01T00:00');
    expect(ukInstant('2027-02-30T10:00')).toBeUndefined();
    expect(ukInstant('soon')).toBeUndefined();
  });

  it('takes the first of an hour that happens twice in October', () => {
    expect(ukInstant('2027-10-31T01:30')).toBe('2027-10-31T00:30:00.000Z');
  });
});

describe('the discount form and the API', () => {
  it('sends amounts in pence and only the kind’s own value', () => {
    expect(
      bodyOf({
        code: 'fiveoff',
        description: '5 £ off',
        kind: 'fixed_amount',
        amount_pounds: '5.50',
        percent: 10,
      }),
    ).toMatchObject({ kind: 'fixed_amount', amount_pence: 550, percent: null, min_subtotal_pence: null });
  });

  it('round-trips a stored code and sends only what changed', () => {
    const values = formValuesOf(stored);
    expect(values.min_subtotal_pounds).toBe('50.00');
    expect(changesOf(values, stored)).toEqual({});
    expect(changesOf({ ...values, description: '15 % off', percent: 15 }, stored)).toEqual({
      description: '15 % off',
      percent: 15,
    });
    expect(changesOf({ ...values, kind: 'fixed_amount', amount_pounds: '3' }, stored)).toEqual({
      kind: 'fixed_amount',
      percent: null,
      amount_pence: 300,
    });
  });

  it('names the inputs the API’s field errors belong to', () => {
    expect(formFieldOf('amount_pence')).toBe('amount_pounds');
    expect(formFieldOf('percent')).toBe('percent');
    expect(poundsError('12.505')).toMatch(/pounds/);
    expect(poundsError('£1,200')).toBeUndefined();
  });
});
