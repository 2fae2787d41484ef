/**
 * The one client of the back-office's API, typed from its OpenAPI document (schema.d.ts, `npm run console:types`).
 * The console is served by the back-office itself, so every call goes to this origin with the `pw_staff` cookie
 * (`credentials: 'same-origin'`); the browser adds the `Origin` and `Sec-Fetch-Site` headers staff writes require.
 */
import createClient from 'openapi-fetch';
import { HttpError } from 'react-admin';
import type { paths } from './schema';

export type Api = ReturnType<typeof createApi>;

export function createApi(baseUrl = '', fetchImpl?: typeof fetch) {
  return createClient<paths>({
    baseUrl,
    credentials: 'same-origin',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

export const api = createApi();

/** The API's error body (docs/api-contract.md): `{ status, message, errors? }`, plus a conflict's current version. */
interface ErrorBody {
  status?: string;
  message?: string;
  errors?: { field: string; message: string }[];
  current_version?: number;
  current?: string;
}

/** What react-admin's forms and notifications read from a failed call (`HttpError.body`). */
export interface ApiErrorDetails {
  /** The API's error code (`invalid_credentials`, `version_conflict`, …). */
  code: string | undefined;
  /** Field errors keyed by the form's field names (react-admin shows them under the inputs). */
  errors?: Record<string, string>;
  current_version?: number;
  /** The state a refused move found (`fulfilment_not_allowed`). */
  current?: string;
  /** Seconds to wait before trying again (`Retry-After` of a 429). */
  retry_after?: number;
}

/** A field of the request as the API names it (`body.password`, `querystring.token`) → the form's name. */
function formField(field: string): string {
  return field.replace(/^(body|querystring|params)\./, '');
}

/** A failed answer as react-admin's HttpError: the API's message, its status and its details. */
export function toHttpError(response: Response, body: unknown): HttpError {
  const error = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const fieldErrors = error.errors?.length
    ? Object.fromEntries(error.errors.map(({ field, message }) => [formField(field), message]))
    : undefined;
  const retryAfter = Number(response.headers.get('retry-after'));
  const details: ApiErrorDetails = {
    code: error.status,
    ...(fieldErrors ? { errors: fieldErrors } : {}),
    ...(error.current_version !== undefined ? { current_version: error.current_version } : {}),
    ...(error.current !== undefined ? { current: error.current } : {}),
    ...(retryAfter > 0 ? { retry_after: retryAfter } : {}),
  };
  const message =
    error.message ?? `The back-office answered ${response.status} ${response.statusText}`.trim();
  return new HttpError(message, response.status, details);
}

/** The body of a successful call, or its HttpError. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toHttpError(response, error);
  return data as T;
}

/** The API code of a failed call (`version_conflict`…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.body as ApiErrorDetails | undefined)?.code : undefined;
}

/** Field errors of a failed call, for a form's `onSubmit` to return (react-admin shows them on the inputs). */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  return error instanceof HttpError ? (error.body as ApiErrorDetails | undefined)?.errors : undefined;
}
