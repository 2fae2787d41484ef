/** Sites and their plans as the API answers them: by id, by the host a request names, and the subsidiaries. */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { salesPlans, sites } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import { notFound } from '../../lib/errors.ts';
import type { SiteItem, Subsidiary } from './schemas.ts';

export type SiteRow = typeof sites.$inferSelect;
export type PlanRow = typeof salesPlans.$inferSelect;

/** Every site and plan (a handful of rows of reference data), cached. */
function loadSites(db: Database, cache: ReadCache) {
  return cache.get('sites:all', async () => {
    const siteRows: SiteRow[] = await db.select().from(sites).orderBy(asc(sites.id));
    const planRows: PlanRow[] = await db.select().from(salesPlans).orderBy(asc(salesPlans.id));
    return { siteRows, planRows };
  });
}

export function toSite(site: SiteRow, plans: PlanRow[]): SiteItem {
  return {
    id: site.id,
    code: site.code,
    label: site.label,
    url: site.url,
    languages: [...site.languages].sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
    salesplan: plans
      .filter((p) => p.siteId === site.id)
      .map((p) => ({
        id: p.id,
        target: p.target,
        label: p.label,
        currency: { code: p.currencyCode, symbol: p.currencySymbol },
        vat_rate: p.vatRateBp / 100,
      })),
  };
}

/** One site by id, whether or not it is this back-office's shop. */
export async function findSite(db: Database, cache: ReadCache, id: number): Promise<SiteItem> {
  const { siteRows, planRows } = await loadSites(db, cache);
  const site = siteRows.find((s) => s.id === id);
  if (!site) throw notFound(`Site ${id}`);
  return toSite(site, planRows);
}

/**
 * The site a request's host belongs to: a site naming the host, or this back-office's own shop for the extra
 * `localHosts` (SITE_HOSTS).
 */
export async function findSiteForHost(
  db: Database,
  cache: ReadCache,
  url: string,
  localHosts: string[],
): Promise<SiteItem> {
  const { siteRows, planRows } = await loadSites(db, cache);
  const host = hostOf(url);
  const site = siteRows.find(
    (s) => s.hosts.some((h) => h.toLowerCase() === host) || (s.isLocal && localHosts.includes(host)),
  );
  if (!site) throw notFound(`Site for host ${host || url}`);
  return toSite(site, planRows);
}

/** The sites of the header's dropdown; `siteId`, when given, must be this back-office's shop. */
export async function listSubsidiaries(
  db: Database,
  cache: ReadCache,
  siteId: number | undefined,
): Promise<Subsidiary[]> {
  const { siteRows } = await loadSites(db, cache);
  if (siteId !== undefined && !siteRows.some((s) => s.id === siteId && s.isLocal)) {
    throw notFound(`Site ${siteId}`);
  }
  return siteRows.map((s) => ({ code: s.code, label: s.label, url: s.url }));
}

/**
 * The host name of a lookup value: the first entry of a forwarded list (`a.example, proxy`), without scheme,
 * path, port or trailing dot, lower-cased. IPv6 literals keep their brackets.
 */
export function hostOf(value: string): string {
  let host = (value.split(',')[0] ?? '').trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.replace(/[/?#].*$/, '');
  host = host.replace(/^[^@]*@/, '');
  if (host.startsWith('[')) return host.replace(/^(\[[^\]]*\]).*$/, '$1');
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}
