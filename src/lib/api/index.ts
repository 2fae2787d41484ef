/**
 * Entry point of the storefront's API layer for the build and SSR: one `ApiClient` per site and audience, the
 * site pages are rendered with (spec §7 site lookup), plus every call (re-exported) and the storefront's types.
 * Islands import the call modules they need directly and call them with the site feature's same-origin
 * `islandApi()`.
 */
import { currentRequestId } from '@plasterwick/shop-rules/request-scope';
import { storefrontEnv } from '../env.ts';
import type { Audience } from '../config.ts';
import { allowedHosts, createSiteResolver, planIdOf, type SiteResolver } from '../site-resolution.ts';
import { AnswerMemo } from './answer-memo.ts';
import { ApiClient, type RawAnswer } from './client.ts';
import { serverFetch } from './server-fetch.ts';
import { lookupSite } from './site.ts';
import type { Site } from './types.ts';

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
  return storefrontEnv().BACKOFFICE_URL;
}

/**
 * The site the build resolved from SITE_URL's host (scripts/lib/build-site.ts, inlined by astro.config.mjs): every
 * static page is rendered with it, and an on-demand page whose host is not one of the shop's.
 */
export function buildSite(): Site {
  const site = typeof __BUILD_SITE__ === 'undefined' ? null : __BUILD_SITE__;
  if (!site) {
    throw new Error(
      'No site was resolved for this build: run `npm run build` (or `astro build`) with SITE_URL set',
    );
  }
  return site;
}

/** The site a page renders with: what the middleware put in `Astro.locals`, else the build's. */
export function siteOf(locals: App.Locals): Site {
  return locals.site ?? buildSite();
}

let resolver: SiteResolver | undefined;

/**
 * The site of an on-demand request's host (the host the outer server worked out, see `SITE_HOST_HEADER`): looked up
 * once per allowed host (SITE_URL's host plus SITE_HOSTS), the build's site for any other host or when the lookup
 * fails. Never throws.
 */
export function requestSite(host: string | null | undefined): Promise<Site> {
  if (!resolver) {
    const env = storefrontEnv();
    const api = new ApiClient({
      origin: env.BACKOFFICE_URL,
      planId: () => undefined,
      timeoutMs: 5_000,
      fetch: serverFetch,
    });
    resolver = createSiteResolver({
      buildSite: buildSite(),
      allowed: allowedHosts(env.SITE_URL, env.SITE_HOSTS),
      lookup: (name) => lookupSite(api, name),
      // The request id ties the line to the server's lines about the request (scripts/server/app.ts).
      onError: (name, error) =>
        console.warn(
          `[site] ${name}: lookup failed, rendering with the build's site (${String(error)}) ` +
            `[reqId ${currentRequestId() ?? 'none'}]`,
        ),
    });
  }
  return resolver.siteFor(host);
}

const clients = new Map<string, ApiClient>();

/**
 * The static pages' reads, made once per build (many pages share a listing, its facets, parents, menus). Only the
 * build's prerendering has it: on-demand pages always ask the back-office.
 */
const BUILD_MEMO_ENTRIES = 2_000;
const buildMemo =
  typeof __PRERENDER__ !== 'undefined' && __PRERENDER__
    ? new AnswerMemo<RawAnswer>(BUILD_MEMO_ENTRIES)
    : undefined;

/**
 * The client of an audience's plan on a site (the build's by default): every call names the site and the plan
 * the site gives that audience. The plan is fixed by the URL, so the automatic plan switch is left to the page (it
 * answers with the other audience's URL).
 */
export function apiFor(audience: Audience, site: Site = buildSite()): ApiClient {
  const key = `${site.id}:${audience}`;
  let client = clients.get(key);
  if (!client) {
    const planId = planIdOf(site, audience);
    if (planId === undefined)
      throw new Error(`Site ${site.id} has no sales plan for the ${audience} audience`);
    client = new ApiClient({
      origin: backofficeOrigin(),
      siteId: () => site.id,
      planId: () => planId,
      memo: buildMemo,
      fetch: serverFetch,
      trustAnswers: true,
    });
    clients.set(key, client);
  }
  return client;
}

/** Absolute URL of a back-office media path, for the build's image pipeline. */
export function mediaSourceUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${backofficeOrigin()}${url}`;
}
