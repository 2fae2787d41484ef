/**
 * The site of a build (spec §7 site lookup): SITE_URL's host resolved through `GET /site?url=<host>` once per build.
 * scripts/build.ts resolves it before anything else (its own calls name the site) and hands it to `astro build` in
 * BUILD_SITE; the integration below inlines it into the pages' code as `__BUILD_SITE__` (read by `buildSite()` of
 * src/lib/api), so every build-time call, and every on-demand page whose host is not one of the shop's, uses it.
 * `astro build` or `astro dev` run by hand look the site up themselves.
 */
import type { AstroIntegration } from 'astro';
import { ApiClient, BackofficeError } from '../../src/lib/api/client.ts';
import { lookupSite } from '../../src/lib/api/site.ts';
import type { Site } from '../../src/lib/api/types.ts';
import { missingAudiences, originHost } from '../../src/lib/site-resolution.ts';
import type { StorefrontEnv } from '../../src/lib/env.ts';

/** A build that cannot name its site: the message says what to change. */
export class BuildSiteError extends Error {}

/**
 * Looks up SITE_URL's host. A host that resolves to no site, or a site without a plan for each audience, is a
 * `BuildSiteError` saying so; a back-office that cannot answer throws the client's error (the caller names it).
 */
export async function resolveBuildSite(api: ApiClient, siteUrl: string): Promise<Site> {
  const host = originHost(siteUrl);
  let site: Site;
  try {
    site = await lookupSite(api, host);
  } catch (error) {
    if (error instanceof BackofficeError && error.statusCode === 404) {
      throw new BuildSiteError(
        `SITE_URL ${siteUrl}: the host ${host} resolves to no site (GET /api/v1/site?url=${host} answered 404). ` +
          "Set SITE_URL to the shop's public origin, or add the host to the back-office's SITE_HOSTS.",
        { cause: error },
      );
    }
    throw error;
  }
  const missing = missingAudiences(site);
  if (missing.length > 0) {
    throw new BuildSiteError(
      `SITE_URL ${siteUrl}: the site of ${host} (id ${site.id}) has no sales plan for ${missing.join(' and ')}; ` +
        'the storefront renders every audience',
    );
  }
  return site;
}

/** One line for the build log. */
export function describeSite(site: Site): string {
  const plans = site.plans.map((plan) => `${plan.audience} ${plan.id}`).join(', ');
  return `site ${site.id}${site.code ? ` (${site.code})` : ''}, plans ${plans}`;
}

/**
 * Inlines the build's site as `__BUILD_SITE__`: BUILD_SITE when scripts/build.ts resolved it, else (`astro build`
 * or `astro dev` run by hand) a lookup of its own; `null` for commands that render nothing (`astro sync`).
 */
export function buildSiteIntegration(env: StorefrontEnv): AstroIntegration {
  return {
    name: 'plasterwick:build-site',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig, logger }) => {
        let site = env.BUILD_SITE ?? null;
        if (!site && (command === 'build' || command === 'dev')) {
          const api = new ApiClient({
            origin: env.BACKOFFICE_URL,
            planId: () => undefined,
            timeoutMs: 30_000,
          });
          site = await resolveBuildSite(api, env.SITE_URL);
        }
        if (site) logger.info(`${describeSite(site)} for ${originHost(env.SITE_URL)}`);
        updateConfig({ vite: { define: { __BUILD_SITE__: JSON.stringify(site) } } });
      },
    },
  };
}
