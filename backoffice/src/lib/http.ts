/**
 * The HTTP kit every back-office module uses: the error body and its `response` map, the staff access options,
 * per-visitor rate limits, the delete-by-id route, the 405 of read-only resources, cached JSON answers and the
 * `no-store` header of personal answers. `installHttpKit` (called once by the app factory) sets up what the pieces need.
 */
import rateLimit from '@fastify/rate-limit';
import { sameSecret } from '@plasterwick/shop-rules/secrets';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, unauthorized, type DomainError } from './errors.ts';
import { requireLocalConnection } from './exposure.ts';
import { commonQuery } from './params.ts';
import { SecretGuesses } from './secret-guard.ts';
import { SharedCounter } from './shared-counter.ts';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks an API key a request presents (401 unless it is the configured one); failures are braked. */
    requireApiKey(request: FastifyRequest, presented: string): Promise<void>;
    /** Checks the preview token a request presents; failures count towards the same guessing brake. */
    requirePreviewToken(request: FastifyRequest, presented: string | undefined): Promise<void>;
    /**
     * The brake on guessed secrets (API key, preview token, machine tokens): 10 wrong guesses a minute per client,
     * counted in the database for every back-office.
     */
    secretGuesses: SecretGuesses;
  }
}

// ---- error body ------------------------------------------------------------------------------------------

/** Every error answer: `{ status, message, errors? }`, plus `exist_in` on the plan error of spec §4. */
export const errorBody = z.object({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  exist_in: z.array(z.number().int()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * A 409 of a versioned staff write (docs/api-contract.md, "Writes that never lose data"): a duplicate
 * (`conflict`) or a stale version (`version_conflict`), which names the stored version to read again from.
 */
export const versionConflictBody = errorBody.extend({ current_version: z.number().int().optional() });

/** The answer of a versioned staff write: the row's id and its version after the write. */
export const versionedWriteResponse = z.object({
  data: z.object({ id: z.number().int(), version: z.number().int() }),
});

/** The version a staff write was made from (the `version` of the row as last read). */
export const writeVersion = z.number().int().positive().max(2_147_483_647);

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 502;

/** The `response` entries of a route's error statuses: `response: { 200: item, ...errorResponses(400, 404) }`. */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBody> {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
}

// ---- domain errors --------------------------------------------------------------------------------------

/**
 * The HTTP status of each domain error code that is not a plain 400: the one table where the domain's refusals
 * meet HTTP. A code missing here answers 400.
 */
const domainErrorStatus: Record<string, number> = {
  unauthorized: 401,
  invalid_credentials: 401,
  not_signed_in: 401,
  forbidden: 403,
  email_not_verified: 403,
  account_disabled: 403,
  not_found: 404,
  setup_not_found: 404,
  invitation_not_found: 404,
  enrolment_not_found: 404,
  cart_not_found: 404,
  postcode_not_found: 404,
  town_not_found: 404,
  conflict: 409,
  version_conflict: 409,
  last_owner: 409,
  already_staff: 409,
  credit_limit_exceeded: 402,
  payment_declined: 402,
  price_changed: 409,
  payment_pending: 409,
  nothing_to_reorder: 409,
  too_many_addresses: 409,
  order_not_on_account: 409,
  trade_application_pending: 409,
  trade_already_approved: 409,
  application_decided: 409,
  file_too_large: 413,
  too_many_attempts: 429,
  payment_error: 502,
};

/**
 * Where a field a service names is in the request, as the validation errors name it: a path of the body (services
 * are given the parsed body), unless it says `query.` (answered as `querystring.`), `params.` or `headers.`.
 */
function requestFieldPath(field: string): string {
  if (field.startsWith('query.')) return `querystring.${field.slice('query.'.length)}`;
  return /^(body|querystring|params|headers)\./.test(field) ? field : `body.${field}`;
}

/**
 * The answer of a domain error: its status from the table above (409 for a conflict), its fields as paths of the
 * request (`requestFieldPath`; a field naming stored state, such as a checkout step, as it is), its details as
 * extra fields of the body, `Retry-After` when it says when to try again.
 */
export function domainErrorAnswer(error: DomainError): ApiError {
  const errors = error.fields.map(({ field, message }) => ({
    field: error.fieldsOf === 'state' ? field : requestFieldPath(field),
    message,
  }));
  const status = error.conflict ? 409 : (domainErrorStatus[error.code] ?? 400);
  return new ApiError(status, error.code, error.message, {
    errors: errors.length > 0 ? errors : undefined,
    extra: error.details,
    headers: error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) },
  });
}

// ---- staff access ----------------------------------------------------------------------------------------

/**
 * Route options a module's access rule gives a route: the staff module's `staffRoute('catalogue:write')` checks
 * the caller and the permission before the body is read, and names the permission in the OpenAPI document
 * (`x-permission`). Spread both levels: `{ ...access, schema: { ...access.schema, tags, summary, … } }`.
 */
export interface RouteAccess {
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  schema: { security: Record<string, string[]>[]; 'x-permission': string };
}

/** The API key and preview token checks, sharing one brake on guessing (lib/secret-guard.ts). */
function secretChecks(
  secretGuesses: SecretGuesses,
  secrets: { apiKey: string | undefined; previewToken: string },
) {
  async function requireSecret(
    request: FastifyRequest,
    presented: unknown,
    expected: string | undefined,
    message: string,
  ) {
    const right = await secretGuesses.check(
      request.ip,
      () => typeof presented === 'string' && expected !== undefined && sameSecret(presented, expected),
    );
    if (!right) throw unauthorized(message);
  }
  return {
    // No key configured (a production back-office without one): every key is refused.
    requireApiKey: (request: FastifyRequest, presented: string) =>
      requireSecret(request, presented, secrets.apiKey, 'A valid API key is required for this operation'),
    requirePreviewToken: async (request: FastifyRequest, presented: string | undefined) => {
      requireLocalConnection(request);
      await requireSecret(request, presented, secrets.previewToken, 'A valid preview token is required');
    },
  };
}

// ---- per-visitor rate limits -----------------------------------------------------------------------------

/**
 * The named per-visitor limits. Each limited route counts on its own, per client address, in the database: every
 * back-office on it shares the count (lib/shared-rate-limit-store.ts).
 */
export const rateLimits = {
  /** Public form posts. Generous: a person filling a form never meets it; a script posting in a loop does. */
  form: { max: 100, timeWindow: '1 minute' },
  /** Adding to the basket and applying codes: far above a shopper's pace, a brake on scripted cart creation. */
  cart: { max: 300, timeWindow: '1 minute' },
  /** Completing a checkout (each one may charge a card). */
  checkout: { max: 60, timeWindow: '1 minute' },
} as const;

/** Route options of a rate-limited call: `{ ...limitedBy('form'), schema: … }` (answers 429 beyond the limit). */
export const limitedBy = (name: keyof typeof rateLimits) => ({ config: { rateLimit: rateLimits[name] } });

// ---- personal answers ------------------------------------------------------------------------------------

/**
 * Route options of an answer about one person (cart, checkout, account, order, wishlist): `Cache-Control:
 * no-store`, so neither the browser nor a CDN keeps it (api-contract.md principle 5: nothing personal is cached).
 */
export const personal = {
  onSend: async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  },
};

// ---- same-origin writes ----------------------------------------------------------------------------------

const crossSite = () =>
  new ApiError(403, 'cross_site_request', 'This call is only accepted from the shop’s own pages');

/** `scheme://host[:port]` of the request as the shop's visitor sent it (trusted proxy headers applied). */
function ownOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Route options of a browser write about one person (basket, checkout): refused with 403 unless it comes from a
 * page of the shop's own origin (api-contract.md principle 6). A browser's `Sec-Fetch-Site` must say
 * `same-origin`: `same-site` is a sibling host (another subdomain, possibly someone else's), `cross-site` and
 * `none` (a typed address, a bookmark) never write. An `Origin` must be one of the shop's origins, scheme
 * included (an `http:` page cannot write for the `https:` shop): the request's own (the storefront forwards it),
 * `SITE_URL`'s, and the `SITE_HOSTS` on `SITE_URL`'s scheme. Calls without these headers (servers, tests) pass:
 * the cart token or the session is what authorises them.
 */
export const sameOriginWrites = {
  onRequest: async (request: FastifyRequest) => {
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin') throw crossSite();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw crossSite();
    }
    const { config } = request.server;
    const site = new URL(config.mail.siteUrl);
    if (url.origin === site.origin || url.origin === ownOrigin(request)) return;
    if (url.protocol === site.protocol && config.siteHosts.includes(url.hostname)) return;
    throw crossSite();
  },
};

/** The answer naming the id of the entity a write created, changed or deleted: `{ data: { id } }`. */
export const idResponse = z.object({ data: z.object({ id: z.number().int() }) });

// ---- delete by id ----------------------------------------------------------------------------------------

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** The delete's query: the common parameters and, when the body has none, the `id`. */
export const deleteQuery = commonQuery.extend({ id: id.optional() });
/** No body at all arrives as null (id in the query). */
export const deleteBody = z.object({ id }).nullish();

export interface DeleteByIdRoute {
  path: string;
  tags: string[];
  summary: string;
  /** Who may delete (`staffRoute(permission)` of the staff module). */
  access: RouteAccess;
  /** Deletes (and records) the entity `id` of the site; throws the 404 (or 409) when it cannot. */
  remove(request: FastifyRequest, siteId: number, id: number): Promise<void>;
  /** Whether the storefront shows what is deleted: then read caches are cleared and the content version bumped. */
  changesContent: boolean;
  /** Error statuses besides 400, 401 and 404. */
  moreErrors?: ErrorStatus[];
}

/** A staff `DELETE path`: the `id` in the JSON body or the query, a 400 naming `id` when neither has it. */
export function deleteByIdRoute(plugin: FastifyInstance, route: DeleteByIdRoute): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.delete(
    route.path,
    {
      ...route.access,
      schema: {
        ...route.access.schema,
        tags: route.tags,
        summary: route.summary,
        querystring: deleteQuery,
        body: deleteBody,
        response: { 200: idResponse, ...errorResponses(400, 401, 403, 404, ...(route.moreErrors ?? [])) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const entityId = request.body?.id ?? request.query.id;
      if (entityId === undefined) {
        throw badRequest('id is required (in the body or the query)', [{ field: 'id', message: 'Required' }]);
      }
      await route.remove(request, site.id, entityId);
      if (route.changesContent) await app.contentChanged();
      return { data: { id: entityId } };
    },
  );
}

// ---- read-only resources ---------------------------------------------------------------------------------

/**
 * Read-only resources of the generic helper (spec §7): sites are fixed reference data in this build, the sitemap
 * is built from published content, and cities are derived from stockists' postcodes. Calls that would change
 * them, or read an item that cannot exist, answer an honest 405 with the `Allow` header rather than a fake success.
 */
export const methodNotAllowedBody = z.object({
  status: z.literal('method_not_allowed'),
  message: z.string(),
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RefusedCalls {
  path: string;
  methods: Method[];
  /** Methods the path does answer (the `Allow` header); empty when nothing can be done at this path. */
  allow: string[];
  tags: string[];
  /** Why, and what to call instead; sent as the error message and shown as the OpenAPI summary. */
  message: string;
}

/** Registers `methods` on `path`, each answering 405 `{ status: 'method_not_allowed', message }`. */
export function refuseCalls(plugin: FastifyInstance, calls: RefusedCalls): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  for (const method of calls.methods) {
    app.route({
      method,
      url: calls.path,
      schema: {
        tags: calls.tags,
        summary: `Not allowed (405): ${calls.message}`,
        response: { 405: methodNotAllowedBody },
      },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', calls.allow.join(', '))
          .send({ status: 'method_not_allowed' as const, message: calls.message }),
    });
  }
}

// ---- cached JSON answers ---------------------------------------------------------------------------------

/**
 * Sends a cached JSON answer. The body is checked against the route's response schema and serialised once, when
 * the cache is filled; later hits send the stored string as is, so a cached read costs no validation or
 * serialisation (Fastify sends a string with a JSON content type unchanged).
 */
export async function sendCached<T extends z.ZodType>(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  schema: T,
  load: () => Promise<z.input<T>>,
): Promise<FastifyReply> {
  const body = await app.cache.get(`json:${key}`, async () => JSON.stringify(schema.parse(await load())));
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Cache key of a request: the route plus every query parameter, in a stable order. */
export const cacheKey = (route: string, query: object) =>
  `${route}?${JSON.stringify(Object.entries(query).toSorted(([a], [b]) => a.localeCompare(b)))}`;

// ---- set-up ----------------------------------------------------------------------------------------------

/** Called once by the app factory, before the modules: the secret checks and the rate-limit plugin. */
export async function installHttpKit(
  app: FastifyInstance,
  secrets: { apiKey: string | undefined; previewToken: string },
): Promise<void> {
  // One counter for the limits and the secret guesses: its in-process memory of refused keys is shared too.
  const counter = new SharedCounter(app.db);
  const secretGuesses = new SecretGuesses(counter);
  const checks = secretChecks(secretGuesses, secrets);
  app.decorate('requireApiKey', checks.requireApiKey);
  app.decorate('requirePreviewToken', checks.requirePreviewToken);
  app.decorate('secretGuesses', secretGuesses);
  // Registered once, with no global limit: only routes naming one of `rateLimits` are limited. A request over a
  // limit is a 429 `too_many_requests` in the one error body (the plugin has set `Retry-After` already).
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(counter),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        context.statusCode,
        'too_many_requests',
        `Too many requests: please try again in ${context.after}`,
      ),
  });
}
