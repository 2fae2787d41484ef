/**
 * Errors. Services throw a `DomainError`: a code, a message for the person, and the fields it concerns, named as
 * the service knows them (`postcode`, `lines.0.quantity`), with no HTTP in sight; `lib/http.ts` maps it to the
 * answer (status, `body.`-prefixed field paths, headers). The HTTP layer itself (routes, hooks, the app) throws
 * `ApiError`, which is already an answer. Every error body is `{ status, message, errors? }` (plus extra fields such
 * as `exist_in`).
 */
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

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const badRequest = (message: string, errors?: FieldError[]) =>
  new ApiError(400, 'invalid_request', message, { errors });
export const unauthorized = (message = 'Authentication required') =>
  new ApiError(401, 'unauthorized', message);

/** Spec §4: the entity exists, but in other sales plans; the storefront switches plan and retries once. */
export const notInPlan = (what: string, existIn: number[]) =>
  new DomainError('not_available_in_this_saleplan', `${what} is not available in this sales plan`, {
    details: { exist_in: existIn },
  });

/** A rule of the domain refused the operation. `code` becomes the answer's `status`; its HTTP status is `lib/http.ts`'s. */
export class DomainError extends Error {
  readonly code: string;
  /** The fields at fault: by their path in the input the service was given, or (`fieldsOf: 'state'`) by the name of
   * the stored part that is missing or wrong, such as a checkout step. */
  readonly fields: FieldError[];
  readonly fieldsOf: 'input' | 'state';
  /** What the caller needs to recover (the re-priced basket, the plans a product exists in…). */
  readonly details: Record<string, unknown>;
  /** Seconds after which trying again can succeed (a limit reached). */
  readonly retryAfterSeconds?: number;
  /**
   * The caller acted on a state that changed under it (a code used up since it was applied): the same code is a
   * plain refusal elsewhere, a conflict here.
   */
  readonly conflict: boolean;

  constructor(
    code: string,
    message: string,
    options: {
      fields?: FieldError[];
      fieldsOf?: 'input' | 'state';
      details?: Record<string, unknown>;
      retryAfterSeconds?: number;
      conflict?: boolean;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.fields = options.fields ?? [];
    this.fieldsOf = options.fieldsOf ?? 'input';
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.conflict = options.conflict ?? false;
  }
}

/** A write made from `expected`, a version the row (`what`, such as `Category 4`) has moved past to `current`. */
export const versionConflict = (what: string, expected: number | undefined, current: number) =>
  new DomainError(
    'version_conflict',
    `${what} changed since version ${expected} (it is now at version ${current}): read it again and redo the change`,
    { details: { current_version: current } },
  );

/** A refusal about one field of the input: its message is shown beside that field. */
export const fieldError = (code: string, field: string, message: string, fieldMessage = message) =>
  new DomainError(code, message, { fields: [{ field, message: fieldMessage }] });
