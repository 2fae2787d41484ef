/**
 * Data set `discount codes` (demo): the codes of api-contract.md "Cart" to try the basket with. Amounts are in the
 * plan's basis: DIY inc VAT, trade ex VAT. Never reference data: a real shop makes its own codes.
 */
import type { Database } from '../db/types.ts';
import { discounts } from '../db/schema.ts';
import { UK_SITE_ID } from '../setup/reference-data.ts';

/** The pack `FREEKNIFE` gives: the 50 mm flexible filling knife, sold in both plans. */
const FREE_KNIFE_REFERENCE = 'PW-1121-50';

const discountsData: (typeof discounts.$inferInsert)[] = [
  {
    siteId: UK_SITE_ID,
    code: 'WELCOME10',
    description: '10 % off your order',
    type: 'cart_discount',
    unit: 'percent',
    value: 10,
  },
  {
    siteId: UK_SITE_ID,
    code: 'TRADE25',
    description: '25 £ off trade orders over 250 £ (ex VAT)',
    type: 'cart_discount',
    unit: 'pence',
    value: 2500,
    audience: 'pro',
    minSubtotalPence: 25_000,
  },
  {
    siteId: UK_SITE_ID,
    code: 'FREEKNIFE',
    description: 'A free Flexible Filling Knife 50 mm with orders over 40 £',
    type: 'free_product',
    freeVariantReference: FREE_KNIFE_REFERENCE,
    audience: 'part',
    minSubtotalPence: 4000,
  },
  {
    siteId: UK_SITE_ID,
    code: 'OLDCODE',
    description: '15 % off (spring 2024)',
    type: 'cart_discount',
    unit: 'percent',
    value: 15,
    startsAt: new Date('2024-03-01T00:00:00Z'),
    endsAt: new Date('2024-06-01T00:00:00Z'),
  },
  {
    siteId: UK_SITE_ID,
    code: 'USEDUP',
    description: '20 % off for our first 100 customers',
    type: 'cart_discount',
    unit: 'percent',
    value: 20,
    usageLimit: 100,
    used: 100,
  },
];

export async function seedDiscountCodes(db: Database): Promise<void> {
  await db.insert(discounts).values(discountsData);
}
