/**
 * The API client islands use in the browser: same origin, the live plan of the settings store, and the spec §4
 * plan switch (store the plan the back-office names, retry once, follow the page to the audience that has it).
 */
import { $plan, createPlanSwitch } from '../../../features/site/settings.store.ts';
import { ApiClient } from '../client.ts';

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
