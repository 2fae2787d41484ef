/**
 * The one HTTP client for the back-office, used by the build, SSR and islands, for reads and writes. Every call
 * carries the common parameters of spec §7; every answer is parsed with a zod schema; errors become
 * `BackofficeError` (`form-errors.ts` turns one into what a form shows). The automatic sales-plan switch (spec §4)
 * lives here: one retry with the plan the back-office names.
 */
import ky, { HTTPError, NetworkError, TimeoutError, type KyInstance } from 'ky';
import { z } from 'zod';
import { CLIENT, FALLBACK_LANG, SITE_ID } from '../config.ts';
import type { AnswerMemo } from './answer-memo.ts';

/** The back-office's error body; what else a refusal carries (a fresh cart, the order to wait for) is kept too. */
export const errorBodySchema = z.looseObject({
  status: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  exist_in: z.array(z.number()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export class BackofficeError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody | undefined;
  readonly endpoint: string;

  constructor(endpoint: string, statusCode: number, body: ErrorBody | undefined, message?: string) {
    super(message ?? `${endpoint} answered ${statusCode}${body ? `: ${body.message}` : ''}`);
    this.endpoint = endpoint;
    this.statusCode = statusCode;
    this.body = body;
  }

  /** The back-office could not be reached, or is restarting: the caller should answer 503 and retry later. */
  get unavailable(): boolean {
    return this.statusCode === 502 || this.statusCode === 503 || this.statusCode === 504;
  }

  /** Of those, a back-office that is up but did not answer in time: the shop is busy rather than restarting. */
  get busy(): boolean {
    return this.statusCode === 504;
  }

  /** Spec §4: the entity exists, in the plans listed by `exist_in`. */
  get notInPlan(): number[] | undefined {
    return this.statusCode === 400 && this.body?.status === 'not_available_in_this_saleplan'
      ? this.body.exist_in
      : undefined;
  }
}

export type QueryValue = string | number | boolean | undefined | null;

/** What a write may send: JSON values (`undefined` members are left out, as JSON.stringify does). */
export type JsonBody =
  string | number | boolean | null | JsonBody[] | { [key: string]: JsonBody | undefined };

/** A write's body: JSON, or a `FormData` sent as multipart/form-data (a file upload; fetch sets the boundary). */
export type WriteBody = JsonBody | FormData;

const isFormData = (body: WriteBody | undefined): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiClientOptions {
  /** Back-office origin without /api/v1; '' in the browser (same origin). */
  origin: string;
  /**
   * The site every call names in `site_id` (spec §7 site lookup): the build's or the request's site on the server,
   * the page's in islands; a function so islands read the page shown at each call (`undefined` leaves it out).
   * Without it, the UK site of spec §9 (`SITE_ID`), for tools and tests that did not look one up.
   */
  siteId?: () => number | undefined;
  /** Current plan id; a function so islands read the live store value at each call. */
  planId: () => number | undefined;
  /**
   * Called when the back-office says the entity lives in another plan. `false` gives up; a function retries once
   * and is called when the retry has settled, so a navigation it starts cannot cut the retried call short.
   */
  onPlanSwitch?: (planId: number) => false | (() => void);
  lang?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The build's memo of GET answers (src/lib/api/index.ts): each distinct read is made once per build. */
  memo?: AnswerMemo<RawAnswer>;
  /**
   * Answers of calls marked `trusted` are taken as the back-office sent them, without zod: only for the build's
   * and the SSR server's clients, whose back-office checks those answers against the same shapes before sending
   * them (its response schemas). Islands never set it.
   */
  trustAnswers?: boolean;
}

/** An answer as received, before parsing: what the build's memo keeps. */
export interface RawAnswer {
  status: number;
  text: string;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Omit the plan even when one is known (calls that must not depend on it). */
  withoutPlan?: boolean;
  /** The site lookup is the one call without site_id. */
  withoutSite?: boolean;
  /** Disable the plan switch and retry for this call. */
  noPlanSwitch?: boolean;
  /**
   * A large answer whose shape the back-office guarantees and that `schema` passes unchanged (no transform, no
   * default): not parsed again where the client trusts answers (`trustAnswers`).
   */
  trusted?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** An answer's JSON: no content (204, a 202 without body) reads as `{}`; text that is not JSON as `undefined`. */
function readJson(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export class ApiClient {
  private readonly http: KyInstance;
  private readonly options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.options = options;
    this.http = ky.create({
      prefix: `${options.origin}/api/v1`,
      baseUrl: typeof window === 'undefined' ? undefined : window.location.origin,
      timeout: options.timeoutMs ?? 15_000,
      retry: { limit: 2, methods: ['get'], statusCodes: [502, 503, 504] },
      fetch: options.fetch,
      throwHttpErrors: true,
    });
  }

  private searchParams(options: RequestOptions, planId: number | undefined): URLSearchParams {
    const params = new URLSearchParams();
    const siteId = options.withoutSite ? undefined : (this.options.siteId ?? (() => SITE_ID))();
    if (siteId !== undefined) params.set('site_id', String(siteId));
    params.set('lang', this.options.lang ?? FALLBACK_LANG);
    if (planId !== undefined && !options.withoutPlan) {
      params.set('sales_plan_id', String(planId));
      params.set('saleplan_id', String(planId));
    }
    params.set('client', CLIENT);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    return params;
  }

  /** Sends a request (with `body` as JSON or multipart when given) and parses the answer with `schema`. */
  private async request<T extends z.ZodType>(
    method: Method,
    path: string,
    schema: T,
    options: RequestOptions = {},
    body?: WriteBody,
  ): Promise<z.output<T>> {
    const attempt = async (planId: number | undefined) => {
      try {
        const searchParams = this.searchParams(options, planId);
        const send = async (): Promise<RawAnswer> => {
          const response = await this.http(path.replace(/^\//, ''), {
            method,
            searchParams,
            ...(isFormData(body) ? { body } : { json: body }),
            headers: options.headers,
            signal: options.signal,
          });
          return { status: response.status, text: await response.text() };
        };
        // Reads with headers of their own (a preview token) are never shared.
        const memo = method === 'get' && !options.headers && !options.signal ? this.options.memo : undefined;
        const answer = memo ? await memo.get(`${path}?${searchParams.toString()}`, send) : await send();
        const json = readJson(answer.text);
        if (options.trusted && this.options.trustAnswers && json !== undefined) return json as z.output<T>;
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new BackofficeError(
            path,
            answer.status,
            undefined,
            `${path}: unexpected answer (${z.prettifyError(parsed.error)})`,
          );
        }
        return parsed.data;
      } catch (error) {
        if (error instanceof HTTPError) {
          const answer = errorBodySchema.safeParse(error.data);
          throw new BackofficeError(path, error.response.status, answer.success ? answer.data : undefined);
        }
        // The connection failed (refused, reset): the back-office is down or restarting.
        if (error instanceof NetworkError) {
          throw new BackofficeError(path, 503, {
            status: 'service_unavailable',
            message: 'The back-office could not be reached',
          });
        }
        // No answer in time: the back-office is up but busy (a gateway timeout, told apart by `busy`).
        if (error instanceof TimeoutError) {
          throw new BackofficeError(path, 504, {
            status: 'service_unavailable',
            message: 'The back-office did not answer in time',
          });
        }
        throw error;
      }
    };

    const planId = this.options.planId();
    try {
      return await attempt(planId);
    } catch (error) {
      const existIn = error instanceof BackofficeError ? error.notInPlan : undefined;
      const nextPlan = existIn?.[0];
      if (options.noPlanSwitch || nextPlan === undefined || nextPlan === planId || !this.options.onPlanSwitch)
        throw error;
      const afterRetry = this.options.onPlanSwitch(nextPlan);
      if (!afterRetry) throw error;
      try {
        return await attempt(nextPlan);
      } finally {
        afterRetry();
      }
    }
  }

  get<T extends z.ZodType>(path: string, schema: T, options?: RequestOptions) {
    return this.request('get', path, schema, options);
  }

  /**
   * POSTs `body` as JSON, or as multipart/form-data when it is a `FormData` (a file upload); the answer is parsed
   * with `schema`. Writes are never retried on a 5xx.
   */
  post<T extends z.ZodType>(path: string, body: WriteBody, schema: T, options?: RequestOptions) {
    return this.request('post', path, schema, options, body);
  }

  put<T extends z.ZodType>(path: string, body: WriteBody, schema: T, options?: RequestOptions) {
    return this.request('put', path, schema, options, body);
  }

  patch<T extends z.ZodType>(path: string, body: WriteBody, schema: T, options?: RequestOptions) {
    return this.request('patch', path, schema, options, body);
  }

  /** DELETE: the resource is named by the path, so there is no body. */
  delete<T extends z.ZodType>(path: string, schema: T, options?: RequestOptions) {
    return this.request('delete', path, schema, options);
  }
}
