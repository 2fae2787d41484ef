import { CHECKOUT_MESSAGES } from '@plasterwick/shop-rules/checkout';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { describe, expect, it } from 'vitest';
import {
  BILLING_ADDRESS_GROUP,
  DELIVERY_ADDRESS_GROUP,
  billingFieldName,
  checkDelivery,
  checkPayment,
  deliveryFieldName,
  entriesFromOrder,
  entriesOf,
  matchingSavedAddress,
  orderFromDelivery,
} from './checkout-form.ts';

const person = { email: 'jo@example.co.uk', first_name: 'Jo', last_name: 'Bloggs', phone: '0161 496 0000' };
const home = {
  ...person,
  method: 'delivery',
  address: '1 High Street',
  town: 'Leeds',
  postcode: 'ls1 4ap',
  carrier_code: 'standard',
  billing_same: 'on',
};

describe('checkDelivery', () => {
  it('asks for a delivery method first (spec: choose delivery method)', () => {
    const { errors } = checkDelivery(person);
    expect(errors).toEqual({ method: CHECKOUT_MESSAGES.deliveryMethod });
  });

  it('asks for the delivery address when none is given (spec: choose delivery address)', () => {
    const { errors } = checkDelivery({
      ...person,
      method: 'delivery',
      carrier_code: 'standard',
      billing_same: 'on',
    });
    expect(errors[DELIVERY_ADDRESS_GROUP]).toBe(CHECKOUT_MESSAGES.deliveryAddress);
    expect(errors.postcode).toBeUndefined();
  });

  it('checks the UK postcode and the phone with the shared rules', () => {
    const { errors } = checkDelivery({ ...home, postcode: 'XYZ', phone: '12' });
    expect(errors.postcode).toBe(MESSAGES.postcode);
    expect(errors.phone).toBe(MESSAGES.phone);
    expect(errors.email).toBeUndefined();
  });

  it('asks for a carrier for home delivery and a stockist for collection', () => {
    expect(checkDelivery({ ...home, carrier_code: '' }).errors.carrier_code).toBe(
      CHECKOUT_MESSAGES.deliveryMethod,
    );
    const collect = checkDelivery({ ...person, method: 'collect', billing_same: 'on' });
    expect(collect.errors.stockist_id).toBe(CHECKOUT_MESSAGES.stockist);
  });

  it('builds the delivery and billing bodies of the contract', () => {
    const result = checkDelivery(home);
    expect(result.errors).toEqual({});
    expect(result.email).toBe('jo@example.co.uk');
    expect(result.delivery).toEqual({
      method: 'delivery',
      address: {
        first_name: 'Jo',
        last_name: 'Bloggs',
        address: '1 High Street',
        town: 'Leeds',
        postcode: 'ls1 4ap',
        country: 'uk',
      },
      carrier_code: 'standard',
      phone: '0161 496 0000',
      save_address: false,
    });
    expect(result.billing).toEqual({ same_as_delivery: true, save_address: false });
  });

  it('sends a saved address as its id, and asks to save a typed one (accounts)', () => {
    const saved = checkDelivery({
      ...person,
      method: 'delivery',
      delivery_address_id: '12',
      address: 'ignored: a saved address was chosen',
      carrier_code: 'standard',
      billing_address_id: '13',
    });
    expect(saved.errors).toEqual({});
    expect(saved.delivery).toMatchObject({ method: 'delivery', address_id: 12 });
    expect(saved.delivery).not.toHaveProperty('address');
    expect(saved.billing).toMatchObject({ same_as_delivery: false, address_id: 13 });
    const typed = checkDelivery({
      ...home,
      delivery_address_id: 'new',
      save_address: 'on',
      billing_same: undefined,
      billing_address_id: 'new',
      billing_first_name: 'Jo',
      billing_last_name: 'Bloggs',
      billing_address: '2 Rue de Rivoli',
      billing_town: 'Paris',
      billing_postcode: '75001',
      billing_country: 'fr',
      billing_save_address: 'on',
    });
    expect(typed.errors).toEqual({});
    expect(typed.delivery).toMatchObject({ address: { postcode: 'ls1 4ap' }, save_address: true });
    expect(typed.billing).toMatchObject({ address: { country: 'fr' }, save_address: true });
  });

  it('finds the saved address the checkout already has', () => {
    const saved = [
      { id: 1, firstName: 'Jo', lastName: 'Bloggs', address: '1 High Street', postcode: 'LS1 4AP' },
      { id: 2, firstName: 'Al', lastName: 'Trade', address: '1 Park Row', postcode: 'LS1 5HD' },
    ];
    const chosen = { firstName: 'Al', lastName: 'Trade', address: '1 park row', postcode: 'ls15hd' };
    expect(matchingSavedAddress(saved, chosen)?.id).toBe(2);
    expect(matchingSavedAddress(saved, { ...chosen, address: '2 Park Row' })).toBeUndefined();
    expect(matchingSavedAddress(saved, null)).toBeUndefined();
  });

  it('collects from a stockist with a billing address in one of the 11 countries', () => {
    const entries = {
      ...person,
      method: 'collect',
      stockist_id: '12',
      billing_first_name: 'Jo',
      billing_last_name: 'Bloggs',
      billing_address: '3 Rue de la Paix',
      billing_town: 'Paris',
      billing_postcode: '75002',
      billing_country: 'fr',
    };
    const result = checkDelivery(entries);
    expect(result.errors).toEqual({});
    expect(result.delivery).toMatchObject({ method: 'collect', stockist_id: 12, first_name: 'Jo' });
    expect(result.billing).toMatchObject({
      same_as_delivery: false,
      address: { country: 'fr', postcode: '75002' },
    });
  });

  it('refuses a billing country outside the list and a bad UK billing postcode', () => {
    const base = {
      ...home,
      billing_same: undefined,
      billing_first_name: 'A',
      billing_last_name: 'B',
      billing_address: 'x',
      billing_town: 'y',
    };
    expect(
      checkDelivery({ ...base, billing_postcode: '1', billing_country: 'de' }).errors.billing_country,
    ).toBe(CHECKOUT_MESSAGES.country);
    expect(
      checkDelivery({ ...base, billing_postcode: '1', billing_country: 'uk' }).errors.billing_postcode,
    ).toBe(MESSAGES.postcode);
  });

  it('names a bare required field after its label', () => {
    const base = {
      ...home,
      billing_same: undefined,
      billing_first_name: 'A',
      billing_last_name: 'B',
      billing_address: 'x',
      billing_town: 'y',
      billing_country: 'fr',
    };
    const { errors } = checkDelivery(base, (field) =>
      field === 'billing_postcode' ? 'Postcode' : undefined,
    );
    expect(errors.billing_postcode).toBe('Field required: Postcode');
  });
});

describe('field names of the back-office errors', () => {
  it('maps body paths to the form fields', () => {
    expect(deliveryFieldName('address.postcode')).toBe('postcode');
    expect(deliveryFieldName('address')).toBe(DELIVERY_ADDRESS_GROUP);
    expect(deliveryFieldName('carrier_code')).toBe('carrier_code');
    expect(billingFieldName('address.country')).toBe('billing_country');
    expect(billingFieldName('address')).toBe(BILLING_ADDRESS_GROUP);
  });
});

describe('checkPayment', () => {
  it('asks for the sales conditions and a payment method (spec messages)', () => {
    const { errors, body } = checkPayment({}, 1000, 'jo@example.co.uk');
    expect(body).toBeUndefined();
    expect(errors.accept_terms).toBe(CHECKOUT_MESSAGES.acceptSalesConditions);
    expect(errors.payment_method).toBe(CHECKOUT_MESSAGES.paymentMethod);
  });

  it('asks for the card when paying by card', () => {
    expect(checkPayment({ accept_terms: 'on', payment_method: 'card' }, 1000, 'a@b.co').errors).toEqual({
      card_token: CHECKOUT_MESSAGES.cardToken,
    });
  });

  it('builds the completion body: references only, the total the shopper saw', () => {
    const { body } = checkPayment(
      { accept_terms: 'on', payment_method: 'card', card_token: 'tok_ok' },
      4599,
      'jo@example.co.uk',
    );
    expect(body).toEqual({
      payment_method: 'card',
      card_token: 'tok_ok',
      accept_terms: true,
      expected_total: 4599,
      email: 'jo@example.co.uk',
    });
  });
});

describe('checkPayment on account', () => {
  it('asks for the PO number only when the account requires one, and sends it', () => {
    const entries = { accept_terms: 'on', payment_method: 'on_account' };
    expect(checkPayment(entries, 1000, 'a@b.co', true).errors).toEqual({
      po_number: CHECKOUT_MESSAGES.poNumber,
    });
    expect(checkPayment(entries, 1000, 'a@b.co', false).body).not.toHaveProperty('po_number');
    expect(checkPayment({ ...entries, po_number: ' PO-881 ' }, 1000, 'a@b.co', true).body).toMatchObject({
      payment_method: 'on_account',
      po_number: 'PO-881',
    });
    // A PO typed before switching to the card is not sent with it.
    const card = { accept_terms: 'on', payment_method: 'card', card_token: 'tok_ok', po_number: 'PO-1' };
    expect(checkPayment(card, 1000, 'a@b.co', true).body).not.toHaveProperty('po_number');
  });
});

describe('order state from and to the form', () => {
  it('keeps the spec §3 fields and fills the form again', () => {
    const checked = checkDelivery(home);
    const order = orderFromDelivery(
      { email: checked.email!, delivery: checked.delivery!, billing: checked.billing! },
      null,
    );
    expect(order).toMatchObject({
      step: 'payment',
      carrier: 'standard',
      phone: '0161 496 0000',
      relay: null,
      billingAddress: null,
    });
    const entries = entriesFromOrder({
      orderId: null,
      paymentBy: null,
      relay: null,
      email: null,
      phone: null,
      carrier: null,
      shippingAddress: null,
      billingAddress: null,
      step: 'delivery',
      ...order,
    });
    expect(entries).toMatchObject({
      method: 'delivery',
      postcode: 'ls1 4ap',
      carrier_code: 'standard',
      billing_same: 'on',
    });
  });

  it('reads form data entries as strings', () => {
    expect(
      entriesOf([
        ['a', '1'],
        ['b', '2'],
      ]),
    ).toEqual({ a: '1', b: '2' });
  });
});
