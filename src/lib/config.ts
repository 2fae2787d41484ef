/** Business constants of spec §9, in one place. */

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

export const COMPARE_LIMIT = { desktop: 5, mobile: 3 } as const;
export const SUGGEST = { minLength: 3, debounceMs: 300, itemsPerGroup: 3 } as const;
export const TOP_PRODUCTS = 5;
export const MENU_COLUMN_SIZE = 4;
export const TOAST_MS = 3000;
export const TRAINING = { maxParticipants: 5, minParticipants: 3, closesDaysBefore: 15 } as const;
export const JOBSITE_SUPPORT_HOURS = 48;
export const CUSTOMER_SERVICE_HOURS = '9am to 5pm, Monday to Friday';
export const CART_TOKEN_DAYS = 3;
export const BARCODE_LENGTH = 14;
/** Device classes by window width: mobile ≤ 1024 (tablet 769–1024, phablet 566–768, phone ≤ 565). */
export const BREAKPOINTS = { mobile: 1024, phablet: 768, phone: 565 } as const;
export const RESIZE_DEBOUNCE_MS = 1000;
export const MAX_FILTER_SEGMENTS = 10;
export const MAX_CAREERS_FILTERS = 4;
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;
export const SCROLL_TOP = { durationMs: 500, easing: 'linear' } as const;
export const REDIRECT_STATUS = 301;
/** Seconds a 503 asks a client to wait while the back-office restarts (the launcher restarts it within that). */
export const RETRY_AFTER_SECONDS = 5;
export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  value: 'en',
  maxAgeDays: 365,
  path: '/',
  sameSite: 'Lax',
} as const;
/** Page-view events to the tag manager: disabled in this build (spec §9). */
export const TAG_MANAGER_ENABLED = false;
export const COUNTRY_DROPDOWN_MAX_HEIGHT = 200;
/** Products per page on category, results and choice-guide listings (a layout choice, not a spec figure). */
export const LISTING_PAGE_SIZE = 12;
