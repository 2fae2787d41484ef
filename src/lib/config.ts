/**
 * Constants of the storefront. The business constants of spec §9 live in `@plasterwick/shop-rules/constants`
 * (shared with the back-office) and are re-exported here; what stays below is the storefront's own presentation
 * and operations settings.
 */
export * from '@plasterwick/shop-rules/constants';

export const TOAST_MS = 3000;
export const MENU_COLUMN_SIZE = 4;
/** Device classes by window width: mobile ≤ 1024 (tablet 769–1024, phablet 566–768, phone ≤ 565). */
export const BREAKPOINTS = { mobile: 1024, phablet: 768, phone: 565 } as const;
export const RESIZE_DEBOUNCE_MS = 1000;
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;
export const SCROLL_TOP = { durationMs: 500, easing: 'linear' } as const;
/** Seconds a 503 asks a client to wait while the back-office restarts (the launcher restarts it within that). */
export const RETRY_AFTER_SECONDS = 5;
/** Page-view events to the tag manager: disabled in this build (spec §9). */
export const TAG_MANAGER_ENABLED = false;
export const COUNTRY_DROPDOWN_MAX_HEIGHT = 200;
/** Products per page on category, results and choice-guide listings (a layout choice, not a spec figure). */
export const LISTING_PAGE_SIZE = 12;
