/**
 * What every fuzz response must satisfy: a status below 500, no internal text in the body (stack traces, file
 * paths, SQL and driver messages, error class names), the storefront's security headers, redirects that stay on
 * the site, no injected headers and no hostile markup echoed into HTML. Pure functions of request and response.
 */
import type { FuzzRequest } from './cases.ts';

export interface FuzzResponse {
  status: number;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (decompressed; the first megabyte at most). */
  body: string;
}

export type FailureKind =
  | 'server error'
  | 'internal text'
  | 'missing security headers'
  | 'unexpected status'
  | 'no response'
  | 'open redirect'
  | 'header injection'
  | 'connection header'
  | 'desync'
  | 'reflected markup';

export interface Failure {
  kind: FailureKind;
  detail: string;
}

/** Text that only an unhandled error puts in a body. Each pattern is named in the failure. */
export const INTERNAL_TEXT: readonly { name: string; pattern: RegExp }[] = [
  // A stack frame: "    at fn (/path/file.ts:12:5)", "    at async x", "    at node:internal/…".
  {
    name: 'stack trace',
    pattern: /\n\s{2,}at (?:async )?\S.*(?::\d+:\d+\)?|<anonymous>\)?|\(index \d+\)|\(native\))\s*(?:\n|$)/,
  },
  { name: 'stack trace', pattern: /\s{4}at (?:node:|file:|\/)/ },
  { name: 'socket error code', pattern: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)\b/ },
  { name: 'Unmergable', pattern: /Unmergable/i },
  { name: 'file path', pattern: /\/work\/|node_modules[\\/]|file:\/\/\/|[\w-]\.(?:ts|mts|mjs|cjs):\d/ },
  {
    name: 'SQL or driver message',
    pattern:
      /syntax error at|invalid byte sequence|PostgresError|unsupported Unicode escape|SQLSTATE|Failed query:|duplicate key value|violates (?:foreign key|not-null|unique|check) constraint|relation "[^"]+" does not exist|column "[^"]+" (?:does not exist|of relation)|\bpglite\b|drizzle/i,
  },
  {
    name: 'error class name',
    pattern:
      /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|EvalError|URIError|AggregateError|ZodError)\b/,
  },
  {
    name: 'runtime message',
    pattern:
      /Maximum call stack size exceeded|Cannot read propert(?:y|ies) of|is not a function|is not iterable|Unexpected token .* in JSON|\[object Object\]/,
  },
  // Fastify's and Node's own error bodies: the central error handler did not see the error.
  { name: 'framework error code', pattern: /\bFST_[A-Z_]+\b|\bERR_[A-Z_]{4,}\b/ },
];

export const SECURITY_HEADERS = [
  'x-frame-options',
  'x-content-type-options',
  'content-security-policy',
] as const;

/** The markup the fuzzer's `markup` values carry; seen unescaped in HTML, it would run. */
const INJECTED_MARKUP = /<svg onload=fuzz\(\)>/i;

function header(response: FuzzResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Text of `body` without the contents of <script> and <style> elements: the site's own scripts may name error
 * classes (`catch (e) { if (e instanceof TypeError) … }`), which is not a leak.
 */
export function visibleText(body: string, contentType: string | undefined): string {
  if (!contentType?.includes('html')) return body;
  return body.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '<$1></$1>');
}

/**
 * HTML with script and style contents and quoted attribute values emptied: what is left is markup and text. The
 * fuzzer's value `"><svg onload=fuzz()>` inside a properly escaped attribute (`value="&quot;><svg …>"`) is
 * harmless and disappears here; one that broke out of its quotes, or sits in text unescaped, stays.
 */
export function markupOutsideValues(html: string): string {
  return visibleText(html, 'text/html')
    .replace(/=\s*"[^"]*"/g, '=""')
    .replace(/=\s*'[^']*'/g, "=''");
}

/** The internal-text patterns found in `body` (their names, once each). */
export function findInternalText(body: string): string[] {
  const found = INTERNAL_TEXT.filter(({ pattern }) => pattern.test(body)).map(({ name }) => name);
  return [...new Set(found)];
}

/** A Location that leaves the site: another host, or a path a browser reads as one (`//host`, `/\host`). */
export function isOffsiteRedirect(location: string, origin: string): boolean {
  const trimmed = location.trim();
  if (/^[/\\]{2}|^\/\\|^\\/.test(trimmed)) return true;
  try {
    return new URL(trimmed, origin).host !== new URL(origin).host;
  } catch {
    return false;
  }
}

/** The failures of one answered request; `origin` is where it was sent (`http://127.0.0.1:4321`). */
export function checkResponse(request: FuzzRequest, response: FuzzResponse, origin: string): Failure[] {
  const failures: Failure[] = [];
  if (response.status >= 500) {
    const retryAfter = header(response, 'retry-after');
    failures.push({
      kind: 'server error',
      detail: `${response.status}${retryAfter ? ` (Retry-After: ${retryAfter})` : ''}`,
    });
  }
  if (request.expectStatus && !request.expectStatus.includes(response.status) && response.status < 500) {
    failures.push({
      kind: 'unexpected status',
      detail: `${response.status}, expected ${request.expectStatus.join(' or ')}`,
    });
  }
  const contentType = header(response, 'content-type');
  const internal = findInternalText(visibleText(response.body, contentType));
  if (internal.length) failures.push({ kind: 'internal text', detail: internal.join(', ') });

  if (isProxied(request) && !request.raw && PARSER_REJECTION.test(response.body)) {
    failures.push({
      kind: 'desync',
      detail:
        'the back-office could not parse what the proxy sent it (an earlier request left the connection out of step)',
    });
  }
  if (request.target === 'storefront') {
    const missing = SECURITY_HEADERS.filter((name) => !header(response, name));
    if (missing.length) failures.push({ kind: 'missing security headers', detail: missing.join(', ') });
  }
  const location = header(response, 'location');
  if (location && isOffsiteRedirect(location, origin)) {
    failures.push({ kind: 'open redirect', detail: `Location: ${location.slice(0, 200)}` });
  }
  // The `crlf` values carry `\r\nSet-Cookie: fuzz=1`: seen as a header, the server split its own header.
  const cookie = header(response, 'set-cookie') ?? '';
  const injected = Object.keys(response.headers).find((name) => name.startsWith('fuzz'));
  if (injected || /(?:^|[\s,;])fuzz=1/.test(cookie)) {
    failures.push({ kind: 'header injection', detail: injected ?? `Set-Cookie: ${cookie.slice(0, 200)}` });
  }
  // Connection is hop-by-hop: a proxy that copies its upstream's `keep-alive` onto the answer to a client that
  // asked to close says one thing and does another (node closes, and rejects the next request on that socket).
  const connection = header(response, 'connection') ?? '';
  if (/close/i.test(request.headers.connection ?? '') && /keep-alive/i.test(connection)) {
    failures.push({
      kind: 'connection header',
      detail: `Connection: ${connection} to a request with Connection: close`,
    });
  }
  if (contentType?.includes('html') && INJECTED_MARKUP.test(markupOutsideValues(response.body))) {
    failures.push({
      kind: 'reflected markup',
      detail: 'the <svg onload> of the request is in the HTML unescaped',
    });
  }
  return failures;
}

/** Node's answer to bytes it cannot parse as HTTP: on a proxied call, what the proxy sent upstream was garbled. */
const PARSER_REJECTION = /"message":"Client Error"/;

/** A request through the storefront's /api/v1 proxy (the same operation routes as the back-office's). */
export function isProxied(request: FuzzRequest): boolean {
  return request.target === 'storefront' && request.route.includes(' /api/v1');
}

/**
 * Protocol cases through the proxy are followed by a plain call (`FOLLOW_UP_PATH`): a case that leaves the
 * proxy's upstream connection out of step (a body the back-office did not expect) breaks the NEXT visitor's call.
 */
export function needsFollowUp(request: FuzzRequest): boolean {
  return isProxied(request) && request.name.startsWith('protocol:') && !request.raw;
}

export const FOLLOW_UP_PATH = '/api/v1/health';

/** The failure, if any, of the plain call that followed `request` (see needsFollowUp). */
export function checkFollowUp(response: FuzzResponse | undefined, error?: string): Failure | undefined {
  if (response && response.status === 200 && !PARSER_REJECTION.test(response.body)) return undefined;
  const answer = response ? `${response.status} ${response.body.slice(0, 120)}` : `no answer (${error})`;
  return {
    kind: 'desync',
    detail: `the next plain GET ${FOLLOW_UP_PATH} through the proxy got ${answer}: this request left the upstream connection out of step`,
  };
}

/** The failure of a request that got no answer (reset, timeout, refused). */
export function checkNoResponse(error: string): Failure {
  return { kind: 'no response', detail: error };
}
