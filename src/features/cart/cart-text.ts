/** UI strings of the basket's browser code: the `cart` namespace of the catalogue (pages read it with `t('cart:…')`). */
import catalogue from '../../i18n/en-GB/cart.json';
import { createTextReader, type TextKeys } from '../../i18n/reader.ts';

export type CartTextKey = TextKeys<typeof catalogue>;

export const cartText = createTextReader(catalogue, 'cart');
