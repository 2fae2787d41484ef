import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { CHECKOUT_MESSAGES } from '@plasterwick/shop-rules/checkout';
import { describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../lib/api/account.ts';
import { addressDraft, addressLines, checkAddress, entriesFromAddress, withDefault } from './address-form.ts';

const saved: SavedAddress = {
  id: 7,
  label: 'Head office',
  firstName: 'Jo',
  lastName: 'Bloggs',
  address: '1 Park Row',
  town: 'Leeds',
  postcode: 'LS1 5HD',
  country: 'uk',
  isDefaultDelivery: true,
  isDefaultBilling: false,
};

const typed = {
  first_name: ' Jo ',
  last_name: 'Bloggs',
  address: '1 Park Row',
  address_2: '',
  town: 'Leeds',
  postcode: 'LS1 5HD',
  country: 'uk',
  is_default_billing: 'on',
};

describe('the address form', () => {
  it('builds the create body: blank optional fields left out, boxes as booleans', () => {
    expect(addressDraft(typed)).toEqual({
      first_name: 'Jo',
      last_name: 'Bloggs',
      address: '1 Park Row',
      town: 'Leeds',
      postcode: 'LS1 5HD',
      country: 'uk',
      is_default_delivery: false,
      is_default_billing: true,
    });
    expect(checkAddress(typed).body).toMatchObject({ first_name: 'Jo', is_default_billing: true });
  });

  it('checks with the back-office rules and messages', () => {
    const { errors, body } = checkAddress({ ...typed, first_name: '', postcode: 'LS1' });
    expect(body).toBeUndefined();
    expect(errors.first_name).toBe(MESSAGES.firstName);
    expect(errors.postcode).toBe(MESSAGES.postcode);
    // Delivery is UK only: an address abroad cannot be the default delivery address.
    const abroad = checkAddress({ ...typed, country: 'fr', postcode: '75001', is_default_delivery: 'on' });
    expect(abroad.errors.country).toBe(CHECKOUT_MESSAGES.deliveryCountry);
  });

  it('sends the id when editing, and the whole address when one default changes', () => {
    expect(checkAddress(typed, 7).body).toMatchObject({ id: 7, town: 'Leeds' });
    expect(entriesFromAddress(saved)).toMatchObject({ label: 'Head office', is_default_delivery: 'on' });
    expect(withDefault(saved, 'billing')).toMatchObject({
      id: 7,
      label: 'Head office',
      is_default_delivery: true,
      is_default_billing: true,
    });
  });

  it('writes the lines of a card, the country only abroad', () => {
    expect(addressLines(saved)).toEqual(['Jo Bloggs', '1 Park Row', 'Leeds LS1 5HD']);
    expect(addressLines({ ...saved, country: 'fr', postcode: '75001' }, () => 'France')).toContain('France');
  });
});
