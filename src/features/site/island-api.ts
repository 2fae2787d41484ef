/**
 * The API client islands use in the browser: same origin, the site the page was rendered with, the live plan of
 * the settings store, and the spec §4 plan switch (store the plan the back-office names, retry once, follow the
 * page to the audience that has it). It lives here, beside the plan store it reads, so `src/lib` never depends on
 * a feature.
 */
import { ApiClient } from '../../lib/api/client.ts';
import { $plan, createPlanSwitch } from './settings.store.ts';

/**
 * The id of the site the page shown was rendered with: `<html data-site-id>` (BaseLayout.astro), read at each call
 * because a ClientRouter navigation swaps the page. `undefined` outside a page of the storefront.
 */
export function pageSiteId(
  root: { dataset: DOMStringMap } | undefined = globalThis.document?.documentElement,
) {
  const id = Number(root?.dataset.siteId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

let client: ApiClient | undefined;

export function islandApi(): ApiClient {
  client ??= new ApiClient({
    origin: '',
    siteId: () => pageSiteId(),
    planId: () => $plan.get().id,
    onPlanSwitch: createPlanSwitch({
      pathname: () => window.location.pathname,
      navigate: (path) => window.location.assign(path),
    }),
  });
  return client;
}
