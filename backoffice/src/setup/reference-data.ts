/**
 * The reference data a real shop needs before its first product (issue 20): the UK site (id 3) with its languages,
 * its two sales plans with their currency and VAT rate, the spec's countries and civilities, and the carriers of
 * each plan with their weight bands. `npm run setup -w backoffice` creates it; the demo seed builds on it.
 */
import {
  CURRENCY_CODE,
  CURRENCY_SYMBOL,
  PLAN_IDS,
  SITE_ID,
  VAT_RATE_BP,
} from '@plasterwick/shop-rules/constants';

// The ids the storefront is built against (spec §9).
export const UK_SITE_ID = SITE_ID;
export const PRO_PLAN_ID = PLAN_IDS.pro;
export const PART_PLAN_ID = PLAN_IDS.part;

/** Where the shop answers: its public origin and the host names the site lookup matches. */
export interface SiteAddress {
  url: string;
  hosts: string[];
}

/** The UK site at `address`: this back-office's own shop (`isLocal`), in English. */
export function ukSite(address: SiteAddress) {
  return {
    id: UK_SITE_ID,
    code: 'uk',
    label: 'United Kingdom',
    url: address.url,
    hosts: address.hosts,
    languages: [{ code: 'en', label: 'English' }],
    isLocal: true,
  };
}

export const salesPlansData = [
  {
    id: PRO_PLAN_ID,
    siteId: UK_SITE_ID,
    target: 'pro' as const,
    label: 'Plasterwick Trade',
    currencyCode: CURRENCY_CODE,
    currencySymbol: CURRENCY_SYMBOL,
    vatRateBp: VAT_RATE_BP,
    pricesIncludeVat: false,
  },
  {
    id: PART_PLAN_ID,
    siteId: UK_SITE_ID,
    target: 'part' as const,
    label: 'Plasterwick DIY',
    currencyCode: CURRENCY_CODE,
    currencySymbol: CURRENCY_SYMBOL,
    vatRateBp: VAT_RATE_BP,
    /** DIY shelf prices are stored inc VAT. */
    pricesIncludeVat: true,
  },
];

/** The country list of the forms (spec), in its order. */
export const countryList: { code: string; label: string }[] = [
  { code: 'fr', label: 'France' },
  { code: 'be', label: 'Belgium' },
  { code: 'nl', label: 'Netherlands' },
  { code: 'uk', label: 'United Kingdom' },
  { code: 'ch', label: 'Switzerland' },
  { code: 'es', label: 'Spain' },
  { code: 'pl', label: 'Poland' },
  { code: 'tn', label: 'Tunisia' },
  { code: 'ae', label: 'United Arab Emirates' },
  { code: 'lb', label: 'Lebanon' },
  { code: 'ma', label: 'Morocco' },
];

export const civilityList: { code: string; label: string }[] = [
  { code: 'mr', label: 'Mr' },
  { code: 'mrs', label: 'Mrs' },
  { code: 'ms', label: 'Ms' },
  { code: 'mx', label: 'Mx' },
  { code: 'dr', label: 'Dr' },
];

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

/** The carriers of each plan (api-contract.md "Cart"). Amounts are in the plan's basis: DIY inc VAT, trade ex VAT. */
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
