/**
 * The postal address of every answer that carries one (the checkout's delivery and billing, an order's, the address
 * book's): shop-rules' `postalAddress` read leniently, like every answer, and mapped to the storefront's names.
 */
import { postalAddress } from '@plasterwick/shop-rules/address';
import { z } from 'zod';

/** The address book answers `null` for a missing company or second line: read as left out. */
export const postalAddressAnswer = postalAddress.extend({
  company: z.string().nullish(),
  address_2: z.string().nullish(),
});

/** An address in the storefront's names; a typed one (a checkout body's) maps the same way. */
export function toAddress(address: z.input<typeof postalAddressAnswer>) {
  return {
    firstName: address.first_name,
    lastName: address.last_name,
    ...(address.company && { company: address.company }),
    address: address.address,
    ...(address.address_2 && { address2: address.address_2 }),
    town: address.town,
    postcode: address.postcode,
    country: address.country,
  };
}

export const addressSchema = postalAddressAnswer.transform(toAddress);
export type Address = z.output<typeof addressSchema>;
