/**
 * Which site a page is rendered with (spec §7 site lookup). The build resolves SITE_URL's host once
 * (scripts/lib/build-site.ts); an on-demand page resolves the host of its request, but only for the hosts the shop
 * answers for (SITE_URL's host plus SITE_HOSTS) and only once per host: any other host, a host that resolves to no
 * site and a back-office that cannot answer all render with the build's site. So a hostile Host header never costs
 * a lookup, never grows a cache and never turns into a 5xx.
 *
 * Pure functions and a small resolver with its lookup injected: the SSR middleware (through `src/lib/api`) and the
 * outer server (`SITE_HOST_HEADER`) use them; tested in site-resolution.test.ts.
 */
import { hostName } from '@plasterwick/shop-rules/hosts';
import { AUDIENCES, type Audience } from './config.ts';
import type { Site } from './api/types.ts';

/**
 * The request header in which the outer server (scripts/server/app.ts) hands Astro the host it worked out:
 * `X-Forwarded-Host` when the peer is a trusted proxy (TRUST_PROXY), else `Host`. The server overwrites whatever a
 * visitor sent in it, as it does for X-Forwarded-For.
 */
export const SITE_HOST_HEADER = 'x-storefront-host';

/**
 * The request header in which the outer server hands Astro the back-office's content version as it last learned it
 * (scripts/server/content-version.ts), so data an on-demand page keeps between requests (the layout's menus) is
 * never older than the answer it goes into. Overwritten, or removed, whatever a visitor sent.
 */
export const CONTENT_VERSION_HEADER = 'x-storefront-content-version';

/** The host name of an origin such as SITE_URL (`http://localhost:4321` → `localhost`). */
export function originHost(origin: string): string {
  const host = hostName(new URL(origin).host);
  if (!host) throw new Error(`${origin} has no host name`);
  return host;
}

/** The hosts whose site may be looked up and cached: SITE_URL's host plus SITE_HOSTS. */
export function allowedHosts(siteUrl: string, siteHosts: readonly string[]): Set<string> {
  const hosts = new Set([originHost(siteUrl)]);
  for (const entry of siteHosts) {
    const host = hostName(entry);
    if (host) hosts.add(host);
  }
  return hosts;
}

/** The sales-plan id of an audience on a site. */
export function planIdOf(site: Site, audience: Audience): number | undefined {
  return site.plans.find((plan) => plan.audience === audience)?.id;
}

/** Audiences a site has no sales plan for: the storefront cannot render such a site (every page has both). */
export function missingAudiences(site: Site): Audience[] {
  return AUDIENCES.filter((audience) => planIdOf(site, audience) === undefined);
}

export interface SiteResolverOptions {
  /** The build's site: what every host renders with unless it is allowed and resolves. */
  buildSite: Site;
  /** Hosts that may be looked up (`allowedHosts`); nothing else is ever asked for or stored. */
  allowed: ReadonlySet<string>;
  /** `GET /site?url=<host>`; throws when the host resolves to no site or the back-office cannot answer. */
  lookup: (host: string) => Promise<Site>;
  /** After a failed lookup the host renders with the build's site for this long before it is asked again. */
  retryAfterMs?: number;
  now?: () => number;
  /** Told about each failed lookup (logged by the server). */
  onError?: (host: string, error: unknown) => void;
}

export interface SiteResolver {
  /** The site of a request's host (a raw Host value, normalised here); never throws. */
  siteFor(host: string | null | undefined): Promise<Site>;
  /** Hosts resolved so far (a subset of `allowed`). */
  readonly cachedHosts: () => string[];
}

/**
 * The SSR side of the lookup: allowed hosts are looked up once (concurrent requests share the call) and kept while
 * the build is served (sites are fixed reference data in the back-office); a failure is not cached, but is not
 * retried for `retryAfterMs` either, so a back-office that says "no site" is not asked on every request.
 */
export function createSiteResolver(options: SiteResolverOptions): SiteResolver {
  const { buildSite, allowed, lookup, retryAfterMs = 60_000, now = Date.now, onError } = options;
  const resolved = new Map<string, Site>();
  const pending = new Map<string, Promise<Site | undefined>>();
  const failedAt = new Map<string, number>();

  const resolve = async (host: string): Promise<Site> => {
    const site = await lookup(host);
    const missing = missingAudiences(site);
    if (missing.length > 0) throw new Error(`site ${site.id} has no sales plan for ${missing.join(', ')}`);
    resolved.set(host, site);
    failedAt.delete(host);
    return site;
  };

  return {
    cachedHosts: () => [...resolved.keys()],
    async siteFor(raw) {
      const host = hostName(raw);
      if (host === undefined || !allowed.has(host)) return buildSite;
      const known = resolved.get(host);
      if (known) return known;
      const failed = failedAt.get(host);
      if (failed !== undefined && now() - failed < retryAfterMs) return buildSite;
      let call = pending.get(host);
      if (!call) {
        call = resolve(host)
          .catch((error: unknown): undefined => {
            failedAt.set(host, now());
            onError?.(host, error);
          })
          .finally(() => pending.delete(host));
        pending.set(host, call);
      }
      return (await call) ?? buildSite;
    },
  };
}
