/**
 * Entry point of the storefront's API layer: one `ApiClient` per audience, shared by the build, SSR and islands,
 * plus every call (re-exported) and the storefront's types.
 */
import { PLAN_IDS, type Audience } from '../config.ts';
import { ApiClient } from './client.ts';

export { ApiClient, BackofficeError } from './client.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './menu.ts';
export * from './site.ts';
export * from './stockists.ts';
export * from './training.ts';
export type * from './types.ts';

/** Back-office origin: BACKOFFICE_URL on the server, same origin ('') in the browser. */
export function backofficeOrigin(): string {
  if (typeof window !== 'undefined') return '';
  return (globalThis.process?.env?.BACKOFFICE_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

const clients = new Map<Audience, ApiClient>();

/**
 * The client of an audience's plan. On the server the plan is fixed by the URL, so the automatic plan switch is
 * left to the page (it answers with the other audience's URL); islands pass their own `onPlanSwitch`.
 */
export function apiFor(audience: Audience, onPlanSwitch?: (planId: number) => boolean): ApiClient {
  if (onPlanSwitch)
    return new ApiClient({ origin: backofficeOrigin(), planId: () => PLAN_IDS[audience], onPlanSwitch });
  let client = clients.get(audience);
  if (!client) {
    client = new ApiClient({ origin: backofficeOrigin(), planId: () => PLAN_IDS[audience] });
    clients.set(audience, client);
  }
  return client;
}

/** Absolute URL of a back-office media path, for the build's image pipeline. */
export function mediaSourceUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${backofficeOrigin()}${url}`;
}
