/**
 * Entry point of the storefront's API layer for the build and SSR: one `ApiClient` per audience, plus every call
 * (re-exported) and the storefront's types. Islands import the call modules they need directly and call them with
 * the site feature's same-origin `islandApi()`.
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

/** Back-office origin of the build and SSR server: BACKOFFICE_URL. */
export function backofficeOrigin(): string {
  return (globalThis.process?.env?.BACKOFFICE_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

const clients = new Map<Audience, ApiClient>();

/**
 * The client of an audience's plan. The plan is fixed by the URL, so the automatic plan switch is left to the
 * page (it answers with the other audience's URL).
 */
export function apiFor(audience: Audience): ApiClient {
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
