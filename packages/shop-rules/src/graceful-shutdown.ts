/**
 * Graceful shutdown of an HTTP server (issue 27), the same on the storefront server and the back-office: on SIGTERM
 * or SIGINT the server stops accepting connections, finishes the requests in flight (and whatever its close
 * hooks wait for, such as the back-office's job runs), then the process exits 0; past a bound it exits 1 anyway.
 * Node-only.
 */
import type { Server, ServerResponse } from 'node:http';

/** How long the requests in flight and the close hooks may take after the signal before the process exits anyway. */
export const SHUTDOWN_BOUND_MS = 10_000;

/** While draining, how often the keep-alive connections that have fallen idle are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * The connections of a closing server. Node's `server.close()` stops accepting and closes the idle keep-alive
 * connections once: a connection whose request was in flight stays open after its answer until its keep-alive
 * timeout, and holds the close that long. So, once draining, the answers in flight that have not begun say
 * `Connection: close` (Fastify says it on requests that arrive meanwhile), and connections that fall idle are
 * closed every IDLE_SWEEP_MS until the server has closed.
 */
export class ConnectionDrain {
  readonly #server: Server;
  readonly #inFlight = new Set<ServerResponse>();
  #sweep: NodeJS.Timeout | undefined;
  #draining = false;

  constructor(server: Server) {
    this.#server = server;
    server.on('request', (_request, response: ServerResponse) => {
      this.#inFlight.add(response);
      response.once('close', () => this.#inFlight.delete(response));
    });
  }

  /** Whether the server is closing: its readiness probe answers 503 so load balancers send traffic elsewhere. */
  get draining(): boolean {
    return this.#draining;
  }

  start(): void {
    if (this.#draining) return;
    this.#draining = true;
    for (const response of this.#inFlight) {
      if (!response.headersSent) response.setHeader('connection', 'close');
    }
    this.#sweep = setInterval(() => this.#server.closeIdleConnections(), IDLE_SWEEP_MS);
    this.#sweep.unref();
  }

  stop(): void {
    clearInterval(this.#sweep);
  }
}

export interface ShutdownOptions {
  /** Closes the server and what it holds; the process exits 0 once it resolves. */
  close: () => Promise<void>;
  log: { info(message: string): void; error(message: string): void };
  boundMs?: number;
}

/** Closes gracefully on the first SIGTERM or SIGINT (a second one changes nothing: the bound still holds). */
export function closeOnSignals({ close, log, boundMs = SHUTDOWN_BOUND_MS }: ShutdownOptions): void {
  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info(`${signal}: finishing the requests in flight, then exiting`);
    const forceExit = setTimeout(() => {
      log.error(`still closing after ${boundMs} ms: exiting now`);
      process.exit(1);
    }, boundMs);
    forceExit.unref();
    try {
      await close();
    } catch (error) {
      log.error(`closing failed: ${(error as Error).message}`);
      process.exit(1);
    }
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
