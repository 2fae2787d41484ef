/**
 * The `fetch` the build and the SSR server give the API client (`apiFor`, src/lib/api/index.ts): a plain
 * `node:http` request over a keep-alive agent, answered as a standard `Response`. Node's own fetch (undici) spent
 * about a tenth of an on-demand page's CPU on its WHATWG machinery for two small loopback calls; ky, its retries,
 * timeouts and errors stay as they are. Never imported by islands: it is node-only.
 */
import http from 'node:http';
import https from 'node:https';
import { currentRequestId, REQUEST_ID_HEADER } from '@plasterwick/shop-rules/request-scope';

/** Sockets kept open to the back-office; past that, requests wait for a free one (the agent's queue). */
const MAX_SOCKETS = 64;

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
};

/** Statuses whose answer has no body (a `Response` refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** Failures reach ky as undici's do (`TypeError('fetch failed')`), so ky still calls them network errors. */
function networkError(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** `fetch(input, init)` over node:http: what ky calls, with a `Request` carrying method, headers, body, signal. */
export async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // ky passes its own `Request` (and only options a standard fetch ignores): no copy of it is needed.
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) throw networkError(new Error(`unsupported protocol ${url.protocol}`));
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  // A call made while the server serves a visitor's request carries that request's id (scripts/server/app.ts).
  const requestId = currentRequestId();
  if (requestId !== undefined) headers[REQUEST_ID_HEADER] ??= requestId;
  if (body) headers['content-length'] = String(body.length);
  const signal = request.signal;
  signal.throwIfAborted();

  return new Promise<Response>((resolve, reject) => {
    const outgoing = (url.protocol === 'https:' ? https : http).request(url, {
      method: request.method,
      headers,
      agent,
    });
    const abort = () =>
      outgoing.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);
    outgoing.on('error', (error) => {
      settle();
      reject(signal.aborted ? signal.reason : networkError(error));
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', (error) => {
        settle();
        reject(signal.aborted ? signal.reason : networkError(error));
      });
      incoming.on('end', () => {
        settle();
        const status = incoming.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
        }
        resolve(
          new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: incoming.statusMessage,
            headers: responseHeaders,
          }),
        );
      });
    });
    outgoing.end(body);
  });
}
