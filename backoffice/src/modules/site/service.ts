/** Site shape of the API and host matching for the site lookup. */
import { z } from 'zod';
import type { salesPlans, sites } from '../../db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;
export type PlanRow = typeof salesPlans.$inferSelect;

export const siteSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  url: z.string(),
  languages: z.array(z.object({ code: z.string(), label: z.string() })),
  salesplan: z.array(
    z.object({
      id: z.number().int(),
      target: z.enum(['pro', 'part']),
      label: z.string(),
      currency: z.object({ code: z.string(), symbol: z.string() }),
      vat_rate: z.number(),
    }),
  ),
});

export function toSite(site: SiteRow, plans: PlanRow[]): z.infer<typeof siteSchema> {
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
