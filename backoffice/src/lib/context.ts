/** Resolves the site and sales plan named by the common query parameters, with clear 400/404 errors. */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { salesPlans, sites } from '../db/schema.ts';
import type { ReadCache } from './cache.ts';
import { ApiError, notFound } from './errors.ts';
import type { CommonQuery } from './params.ts';

export type Site = typeof sites.$inferSelect;
export type SalesPlan = typeof salesPlans.$inferSelect;

export interface RequestContext {
  site: Site;
  plans: SalesPlan[];
  /** The plan named by sales_plan_id / saleplan_id, when one was given. */
  plan: SalesPlan | undefined;
  lang: string;
}

export async function resolveContext(
  db: Database,
  cache: ReadCache,
  query: CommonQuery,
): Promise<RequestContext> {
  const site = await cache.get(`site:${query.site_id}`, async () => {
    const [row] = await db.select().from(sites).where(eq(sites.id, query.site_id));
    return row ?? null;
  });
  if (!site || !site.isLocal) throw notFound(`Site ${query.site_id}`);
  const plans = await cache.get(`plans:${site.id}`, () =>
    db.select().from(salesPlans).where(eq(salesPlans.siteId, site.id)).orderBy(salesPlans.id),
  );
  const planId = query.saleplan_id ?? query.sales_plan_id;
  if (query.saleplan_id && query.sales_plan_id && query.saleplan_id !== query.sales_plan_id) {
    throw new ApiError(400, 'invalid_request', 'sales_plan_id and saleplan_id must name the same plan', {
      errors: [{ field: 'saleplan_id', message: 'differs from sales_plan_id' }],
    });
  }
  const plan = planId === undefined ? undefined : plans.find((p) => p.id === planId);
  if (planId !== undefined && !plan) throw notFound(`Sales plan ${planId}`);
  return { site, plans, plan, lang: query.lang };
}

/** The plan of a catalogue call; the call is meaningless without one. */
export function requirePlan(context: RequestContext): SalesPlan {
  if (!context.plan) {
    throw new ApiError(400, 'invalid_request', 'saleplan_id (or sales_plan_id) is required', {
      errors: [{ field: 'saleplan_id', message: 'Required' }],
    });
  }
  return context.plan;
}
