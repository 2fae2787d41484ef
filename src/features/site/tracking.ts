import { TAG_MANAGER_ENABLED } from '../../lib/config.ts';

export interface PageView {
  event: 'page_view';
  page_path: string;
  page_name: string;
}

/**
 * Page-view events to the tag manager's dataLayer (spec §2, §9): only when the tag manager is enabled (it is
 * not, in this build) and the visitor accepted analytics.
 */
export function trackPageView(
  target: { dataLayer?: unknown[] },
  view: Omit<PageView, 'event'>,
  analyticsConsent: boolean,
  enabled: boolean = TAG_MANAGER_ENABLED,
): boolean {
  if (!enabled || !analyticsConsent) return false;
  target.dataLayer ??= [];
  target.dataLayer.push({ event: 'page_view', ...view } satisfies PageView);
  return true;
}
