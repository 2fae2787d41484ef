/**
 * The launcher's content hook: a tiny HTTP listener on the loopback interface that the back-office calls after a
 * published change (backoffice/src/lib/content-hook.ts), so `npm start` rebuilds at once rather than at its next
 * poll. It is not on the public origin (the storefront server never forwards to it) and takes one call only:
 * `POST /content-changed` with `Authorization: Bearer <secret>`, the secret being random per launcher run.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sameSecret, secretProblem } from '@plasterwick/shop-rules/secrets';

export const CONTENT_HOOK_PATH = '/content-changed';
/** The hook listens here only: the back-office runs on the same machine under `npm start`. */
export const CONTENT_HOOK_HOST = '127.0.0.1';

export interface ContentHookOptions {
  secret: string;
  /** 0 (the default) takes a free port; the URL says which. */
  port?: number;
  /** Called for each accepted call; the hook answers 202 without waiting for it. */
  onChange: () => void;
}

export interface ContentHookServer {
  /** The URL the back-office is given (CONTENT_HOOK_URL). */
  url: string;
  close(): Promise<void>;
}

function bearer(request: IncomingMessage): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
}

function answer(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-length': '0', ...headers }).end();
}

/** Starts the hook on the loopback interface; throws when the secret is not a real one. */
export async function startContentHook(options: ContentHookOptions): Promise<ContentHookServer> {
  const problem = secretProblem(options.secret);
  if (problem) throw new Error(`the content hook's secret ${problem}`);
  const server = createServer((request, response) => {
    // The body carries nothing the hook needs: drained unread.
    request.resume();
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== CONTENT_HOOK_PATH) return answer(response, 404);
    if (request.method !== 'POST') return answer(response, 405, { allow: 'POST' });
    if (!sameSecret(bearer(request), options.secret)) return answer(response, 401);
    answer(response, 202);
    options.onChange();
  });
  // Slow or idle clients (nothing but the back-office should ever call) do not hold sockets.
  server.requestTimeout = 5_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, CONTENT_HOOK_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${CONTENT_HOOK_HOST}:${port}${CONTENT_HOOK_PATH}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
