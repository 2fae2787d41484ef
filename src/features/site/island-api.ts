/**
 * The API client islands use in the browser: same origin, the live plan of the settings store, and the spec §4
 * plan switch (store the plan the back-office names, retry once, follow the page to the audience that has it).
 * It lives here, beside the plan store it reads, so `src/lib` never depends on a feature.
 */
import { ApiClient } from '../../lib/api/client.ts';
import { $plan, createPlanSwitch } from './settings.store.ts';

let client: ApiClient | undefined;

export function islandApi(): ApiClient {
  client ??= new ApiClient({
    origin: '',
    planId: () => $plan.get().id,
    onPlanSwitch: createPlanSwitch({
      pathname: () => window.location.pathname,
      navigate: (path) => window.location.assign(path),
    }),
  });
  return client;
}
