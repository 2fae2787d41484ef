import { describe, expect, it } from 'vitest';
import { postalAddress, type PostalAddress } from './address.ts';
import { billingAddress, deliveryAddress } from './checkout.ts';

const leeds = {
  first_name: 'Jo',
  last_name: 'Bloggs',
  address: '1 Park Row',
  town: 'Leeds',
  postcode: 'LS1 5HD',
  country: 'uk',
};

describe('postalAddress', () => {
  it('takes an address with or without its company and second line', () => {
    expect(postalAddress.parse(leeds)).toEqual(leeds);
    const full = { ...leeds, company: 'Bloggs & Co', address_2: 'Unit 4' };
    expect(postalAddress.parse(full)).toEqual(full);
  });

  it('refuses an address without a name, a street, a town, a postcode or a country', () => {
    for (const field of ['first_name', 'last_name', 'address', 'town', 'postcode', 'country'] as const) {
      const { [field]: _left, ...rest } = leeds;
      expect(postalAddress.safeParse(rest).success, field).toBe(false);
    }
  });

  it('is what the checkout bodies give for a typed delivery or billing address', () => {
    const delivery: PostalAddress = deliveryAddress.parse({ ...leeds, postcode: 'ls15hd', company: ' ' });
    const billing: PostalAddress = billingAddress.parse({ ...leeds, country: 'fr', postcode: '75001' });
    expect(postalAddress.parse(delivery)).toEqual(delivery);
    expect(postalAddress.parse(billing)).toEqual(billing);
  });
});
