/**
 * Business constants of spec §9 (and of api-contract.md "The commerce contract"), in one place for the storefront
 * and the back-office. Browser-safe: no Node modules. Presentation settings of the storefront alone (breakpoints,
 * animation timings) stay in the storefront's `src/lib/config.ts`.
 */

export const AUDIENCES = ['pro', 'part'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const DEFAULT_AUDIENCE: Audience = 'pro';

/** Route segment of each audience (catalogue keys target_route_pro / target_route_part). */
export const TARGET_SEGMENTS: Record<Audience, string> = { pro: 'professional-filler', part: 'diy-filler' };

/** Sales-plan id of each audience on the UK site (back-office contract: 1 = Trade, 2 = DIY). */
export const PLAN_IDS: Record<Audience, number> = { pro: 1, part: 2 };

export const SITE_ID = 3;
export const LOCALE = 'en-GB';
export const FALLBACK_LANG = 'en';
export const CLIENT = 'web';
export const CURRENCY_SYMBOL = '£';
export const CURRENCY_CODE = 'GBP';
/** UK standard VAT rate in basis points (20 %); a sales plan may carry its own rate. */
export const VAT_RATE_BP = 2000;

export const COMPARE_LIMIT = { desktop: 5, mobile: 3 } as const;
export const SUGGEST = { minLength: 3, debounceMs: 300, itemsPerGroup: 3 } as const;
export const TOP_PRODUCTS = 5;
export const TRAINING = { maxParticipants: 5, minParticipants: 3, closesDaysBefore: 15 } as const;
export const JOBSITE_SUPPORT_HOURS = 48;
export const CUSTOMER_SERVICE_HOURS = '9am to 5pm, Monday to Friday';
export const CART_TOKEN_DAYS = 3;
/** Quantities of a basket line (api-contract.md "Cart": integers 1–999). */
export const CART_QUANTITY = { min: 1, max: 999 } as const;
/** Password length (api-contract.md "Accounts": 8–128 characters, with lower case, upper case and a digit). */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;
export const BARCODE_LENGTH = 14;
export const MAX_FILTER_SEGMENTS = 10;
export const MAX_CAREERS_FILTERS = 4;
export const REDIRECT_STATUS = 301;
export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  value: 'en',
  maxAgeDays: 365,
  path: '/',
  sameSite: 'Lax',
} as const;
