/** Typed API errors: every error body is `{ status, message, errors? }` (plus extra fields such as `exist_in`). */
export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  readonly status: string;
  readonly errors?: FieldError[];
  readonly extra: Record<string, unknown>;
  /** Response headers that belong to the error, such as `retry-after` on a 429. */
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    status: string,
    message: string,
    options: {
      errors?: FieldError[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.status = status;
    this.errors = options.errors;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const badRequest = (message: string, errors?: FieldError[]) =>
  new ApiError(400, 'invalid_request', message, { errors });
export const unauthorized = (message = 'Authentication required') =>
  new ApiError(401, 'unauthorized', message);

/** Spec §4: the entity exists, but in other sales plans; the storefront switches plan and retries once. */
export const notInPlan = (what: string, existIn: number[]) =>
  new ApiError(400, 'not_available_in_this_saleplan', `${what} is not available in this sales plan`, {
    extra: { exist_in: existIn },
  });
