import { applicationBody } from '@plasterwick/shop-rules/forms';
import { describe, expect, it } from 'vitest';
import { bodyFromEntries, multipartFields } from './form-body.ts';

describe('bodyFromEntries', () => {
  it('leaves blank values out and ticks booleans', () => {
    expect(
      bodyFromEntries(
        [
          ['first_name', 'Ann'],
          ['phone', '   '],
          ['company', ''],
          ['accept_terms', 'true'],
          ['audience', 'part'],
        ],
        ['accept_terms'],
      ),
    ).toEqual({ first_name: 'Ann', accept_terms: true, audience: 'part' });
  });

  it('nests participant rows by index, a blank row kept in its place', () => {
    const body = bodyFromEntries([
      ['participants.0.first_name', 'Ann'],
      ['participants.0.email', ''],
      ['participants.1.first_name', ''],
      ['participants.1.last_name', ''],
      ['participants.2.first_name', 'Bob'],
    ]);
    expect(body).toEqual({ participants: [{ first_name: 'Ann' }, {}, { first_name: 'Bob' }] });
  });

  it('skips files and names that would reach the prototype', () => {
    const body = bodyFromEntries([
      ['cv', new Blob(['x'])],
      ['__proto__.polluted', 'yes'],
      ['a.constructor.prototype.polluted', 'yes'],
    ]);
    expect(body).toEqual({});
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('multipartFields', () => {
  it('sends a checked body as text fields the back-office reads back the same', () => {
    const checked = applicationBody.parse({
      page_id: '12',
      first_name: ' Ann ',
      last_name: 'Lee',
      email: 'ann@example.co.uk',
      phone: '0161 496 0000',
      accept_terms: true,
      town: '',
    });
    const fields = multipartFields({ ...checked, bot_check: 'token' });
    expect(fields).toEqual(
      expect.arrayContaining([
        ['page_id', '12'],
        ['first_name', 'Ann'],
        ['accept_terms', 'true'],
        ['audience', 'pro'],
        ['bot_check', 'token'],
      ]),
    );
    expect(fields.map(([name]) => name)).not.toContain('town');
    expect(applicationBody.parse(Object.fromEntries(fields))).toEqual({ ...checked, bot_check: 'token' });
  });

  it('names nested values by their path', () => {
    expect(multipartFields({ participants: [{ first_name: 'Ann' }], n: 2, x: null })).toEqual([
      ['participants.0.first_name', 'Ann'],
      ['n', '2'],
    ]);
  });
});
