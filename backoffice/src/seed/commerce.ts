/**
 * Data set `commerce`: the carriers of each plan and the demo discount codes of api-contract.md "Cart". Amounts
 * are in the plan's basis: DIY inc VAT, trade ex VAT. Also run once on databases seeded before it existed (a data
 * migration), so it inserts only what is missing.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/types.ts';
import { carrierRates, carriers, discounts, salesPlans, sites } from '../db/schema.ts';
import { PART_PLAN_ID, PRO_PLAN_ID, UK_SITE_ID } from './catalogue/reference-data.ts';

const KG = 1000;

interface CarrierSeed {
  planId: number;
  code: string;
  label: string;
  description: string;
  nextDay: boolean;
  freeOverPence: number | null;
  remoteSurchargePence: number;
  /** [up to kg, price in pence] */
  bands: [number, number][];
}

export const carriersData: CarrierSeed[] = [
  {
    planId: PART_PLAN_ID,
    code: 'standard',
    label: 'Standard delivery',
    description: '3 to 5 working days. Free on orders over 40 £ including VAT.',
    nextDay: false,
    freeOverPence: 4000,
    remoteSurchargePence: 500,
    bands: [
      [2, 395],
      [10, 495],
      [30, 695],
      [100, 1295],
      [1000, 2995],
    ],
  },
  {
    planId: PART_PLAN_ID,
    code: 'express',
    label: 'Express delivery',
    description: 'Next working day when ordered by 2pm, Monday to Friday.',
    nextDay: true,
    freeOverPence: null,
    remoteSurchargePence: 800,
    bands: [
      [10, 795],
      [30, 995],
      [100, 1495],
      [1000, 3995],
    ],
  },
  {
    planId: PRO_PLAN_ID,
    code: 'next_day',
    label: 'Next-day trade delivery',
    description: 'Order by 2pm for next working day delivery to site or depot.',
    nextDay: true,
    freeOverPence: null,
    remoteSurchargePence: 1500,
    bands: [
      [30, 950],
      [300, 1950],
      [1000, 3950],
      [3000, 7950],
    ],
  },
  {
    planId: PRO_PLAN_ID,
    code: 'next_day_am',
    label: 'Next-day delivery before 10am',
    description: 'Order by 2pm for delivery before 10am the next working day.',
    nextDay: true,
    freeOverPence: null,
    remoteSurchargePence: 1500,
    bands: [
      [30, 1750],
      [300, 2950],
      [1000, 5950],
      [3000, 9950],
    ],
  },
];

/** The pack `FREEKNIFE` gives: the 50 mm flexible filling knife, sold in both plans. */
export const FREE_KNIFE_REFERENCE = 'PW-1121-50';

export const discountsData: (typeof discounts.$inferInsert)[] = [
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

/** Inserts the carriers and codes that are missing; nothing when the UK site does not exist yet. Returns rows added. */
export async function seedCommerce(db: Database): Promise<number> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, UK_SITE_ID));
  if (!site) return 0;
  const plans = await db.select({ id: salesPlans.id }).from(salesPlans);
  let added = 0;
  for (const carrier of carriersData) {
    if (!plans.some((plan) => plan.id === carrier.planId)) continue;
    const [existing] = await db
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(eq(carriers.planId, carrier.planId), eq(carriers.code, carrier.code)));
    if (existing) continue;
    const [row] = await db
      .insert(carriers)
      .values({
        planId: carrier.planId,
        code: carrier.code,
        label: carrier.label,
        description: carrier.description,
        nextDay: carrier.nextDay,
        freeOverPence: carrier.freeOverPence,
        remoteSurchargePence: carrier.remoteSurchargePence,
        position: carriersData.indexOf(carrier),
      })
      .returning({ id: carriers.id });
    await db
      .insert(carrierRates)
      .values(
        carrier.bands.map(([kg, price]) => ({ carrierId: row!.id, upToGrams: kg * KG, pricePence: price })),
      );
    added += 1 + carrier.bands.length;
  }
  const inserted = await db
    .insert(discounts)
    .values(discountsData)
    .onConflictDoNothing()
    .returning({ id: discounts.id });
  return added + inserted.length;
}
