/** UI strings of the checkout's browser code: the `checkout` namespace (pages read it with `t('checkout:…')`). */
import catalogue from '../../i18n/en-GB/checkout.json';
import { createTextReader, type TextKeys } from '../../i18n/reader.ts';

export type CheckoutTextKey = TextKeys<typeof catalogue>;

export const checkoutText = createTextReader(catalogue, 'checkout');

/** A list of strings of the catalogue (the confirmation's next steps). */
export function checkoutList(key: 'next_delivery' | 'next_collect'): string[] {
  return catalogue.confirmation[key];
}
