import { describe, expect, it } from 'vitest';
import { addressSchema, toAddress } from './address.ts';

const answer = {
  first_name: 'Jo',
  last_name: 'Bloggs',
  company: 'Bloggs & Co',
  address: '1 Park Row',
  address_2: 'Unit 4',
  town: 'Leeds',
  postcode: 'LS1 5HD',
  country: 'uk',
};

describe('addresses of answers', () => {
  it('are read into the storefront names', () => {
    expect(addressSchema.parse(answer)).toEqual({
      firstName: 'Jo',
      lastName: 'Bloggs',
      company: 'Bloggs & Co',
      address: '1 Park Row',
      address2: 'Unit 4',
      town: 'Leeds',
      postcode: 'LS1 5HD',
      country: 'uk',
    });
  });

  it('leave out a company or second line that is null, empty or missing', () => {
    const bare = { ...answer, company: null, address_2: '' };
    expect(addressSchema.parse(bare)).not.toHaveProperty('company');
    expect(addressSchema.parse(bare)).not.toHaveProperty('address2');
    const { company: _company, address_2: _line, ...missing } = answer;
    expect(toAddress(missing)).toEqual(addressSchema.parse(bare));
  });

  it('refuse an answer without a name or a postcode', () => {
    expect(addressSchema.safeParse({ ...answer, last_name: undefined }).success).toBe(false);
    expect(addressSchema.safeParse({ ...answer, postcode: null }).success).toBe(false);
  });
});
