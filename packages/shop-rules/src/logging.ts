/** What logs must never hold: secrets that travel in URLs (`?token=` of the page preview). */
const SECRET_QUERY_PARAMETER = /([?&](?:token|api_key|apikey|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  id?: unknown;
}

/** Pino serializer for Fastify's `req`: the request line and id, with secrets in the query redacted. */
export function requestSerializer(request: LoggedRequest): Record<string, unknown> {
  return { id: request.id, method: request.method, url: redactUrl(request.url) };
}
