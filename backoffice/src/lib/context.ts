/**
 * The request context: the site and sales plan named by the common query parameters (with clear 400/404 errors),
 * and the extension point for every other per-request value (`request.shop`, below).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/types.ts';
import { salesPlans, sites } from '../db/schema.ts';
import type { ReadCache } from './cache.ts';
import { ApiError, badRequest, notFound } from './errors.ts';
import { commonQuery, type CommonQuery } from './params.ts';

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

// ---- per-request values ----------------------------------------------------------------------------------

/**
 * The values a request can ask for, each resolved on first use and then shared by every later use in the same
 * request: `const { site, plan } = await request.shop.context`. A value nobody asks for is never computed; one
 * that failed fails every use in that request with the same error.
 *
 * A later module adds its own (the checkout issue the cart token from its cookie or header, the accounts issue
 * the customer from the session cookie) in two steps:
 * 1. declare its type from the module, by declaration merging:
 *    `declare module '../../lib/context.ts' { interface ShopValues { cartToken: string | null } }`
 * 2. give its resolver to `installRequestValues` in app.ts (TypeScript asks for one resolver per value).
 */
export interface ShopValues {
  /** Site and plan of the request's common query parameters (spec §7). */
  context: RequestContext;
}

export type RequestResolvers = {
  [K in keyof ShopValues]: (request: FastifyRequest) => ShopValues[K] | Promise<ShopValues[K]>;
};

/** `request.shop`: one promise per value, created on first read. */
export type ShopRequest = { readonly [K in keyof ShopValues]: Promise<ShopValues[K]> };

declare module 'fastify' {
  interface FastifyRequest {
    /** The per-request values of `ShopValues`, resolved lazily and once per request. */
    readonly shop: ShopRequest;
  }
}

/** Decorates every request with `shop`, whose values come from `resolvers`. Called once by the app factory. */
export function installRequestValues(app: FastifyInstance, resolvers: RequestResolvers): void {
  const perRequest = new WeakMap<FastifyRequest, ShopRequest>();
  const names = Object.keys(resolvers) as (keyof ShopValues)[];
  function shopOf(request: FastifyRequest): ShopRequest {
    const resolved = new Map<keyof ShopValues, Promise<unknown>>();
    const shop = {};
    for (const name of names) {
      Object.defineProperty(shop, name, {
        enumerable: true,
        get() {
          let value = resolved.get(name);
          if (!value) {
            // Inside the executor, a resolver that throws at once gives a rejected promise like an async one.
            value = new Promise((resolve) => resolve(resolvers[name](request)));
            resolved.set(name, value);
          }
          return value;
        },
      });
    }
    return shop as ShopRequest;
  }
  app.decorateRequest('shop', {
    getter(this: FastifyRequest) {
      let shop = perRequest.get(this);
      if (!shop) {
        shop = shopOf(this);
        perRequest.set(this, shop);
      }
      return shop;
    },
  });
}

/** The resolver of `context`: the route's query schema extends `commonQuery`, so its common part is read again. */
export function contextResolver(db: Database, cache: ReadCache) {
  return (request: FastifyRequest): Promise<RequestContext> => {
    const parsed = commonQuery.safeParse(request.query);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        field: ['querystring', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
    }
    return resolveContext(db, cache, parsed.data);
  };
}

/**
 * The resolver of `cartToken` (api-contract.md "Cart"): the `X-Cart-Token` header, else a `cart_token` field of
 * the query or the JSON body (spec §7 sends `cart_token`); null when none is given. The token is only read here:
 * the cart module looks it up (hashed) and decides whether it is valid.
 */
export function cartTokenResolver(request: FastifyRequest): string | null {
  const fromHeader = request.headers['x-cart-token'];
  const candidates = [
    Array.isArray(fromHeader) ? fromHeader[0] : fromHeader,
    (request.query as { cart_token?: unknown } | undefined)?.cart_token,
    (request.body as { cart_token?: unknown } | null | undefined)?.cart_token,
  ];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '' && candidate.length <= 100)
      return candidate.trim();
  }
  return null;
}
