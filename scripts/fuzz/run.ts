/**
 * The fuzz run: reads the OpenAPI document and the catalogue, plans the requests, sends them with node:http
 * (raw paths and headers exactly as built, from their own loopback address) at a fixed concurrency until the
 * plan, the request limit or the duration runs out, and checks every answer. Used by scripts/fuzz.ts and by
 * tests/e2e/fuzz.spec.ts alike.
 */
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { planRequests, type FuzzRequest } from './cases.ts';
import { loadCatalogue, loadOperations } from './catalogue.ts';
import {
  checkFollowUp,
  checkNoResponse,
  checkResponse,
  FOLLOW_UP_PATH,
  needsFollowUp,
  type Failure,
  type FuzzResponse,
} from './checks.ts';

export interface FuzzOptions {
  /** Storefront origin (pages and the /api/v1 proxy), e.g. http://127.0.0.1:4321. */
  storefront: string;
  /** Back-office origin, e.g. http://127.0.0.1:4000. */
  backoffice: string;
  /** Stop sending after this many seconds. */
  durationSeconds: number;
  /** Stop after this many requests. */
  maxRequests: number;
  /** Only the quick subset (every operation and route, every protocol case). */
  quick: boolean;
  seed: number;
  concurrency: number;
  /** Sent as x-api-key on the operations that need it (creates records: use a throw-away database). */
  apiKey?: string;
  /** Loopback address the requests come from, so the fuzzer has its own rate-limit buckets. */
  localAddress?: string;
  /** Loopback address of the requests that present a wrong secret (see FuzzRequest.guessing). */
  guessAddress?: string;
  timeoutMs: number;
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
}

export const DEFAULT_OPTIONS = {
  durationSeconds: 240,
  maxRequests: 6000,
  quick: false,
  seed: 1,
  concurrency: 6,
  localAddress: '127.0.0.9',
  guessAddress: '127.0.0.10',
  timeoutMs: 20_000,
} satisfies Partial<FuzzOptions>;

export interface FailureRecord {
  request: FuzzRequest;
  origin: string;
  failure: Failure;
  status?: number;
  bodyStart: string;
}

export interface FuzzReport {
  planned: number;
  sent: number;
  /** `2xx` … `5xx`, plus `no response`. */
  byStatusClass: Record<string, number>;
  /** 429 answers (fine, but worth knowing: they hide what is behind the limit). */
  rateLimited: number;
  /** Connections the server closed while an oversized body (> 1 MB) was still being sent: not failures. */
  uploadResets: number;
  durationMs: number;
  operations: number;
  stoppedBy: 'plan' | 'requests' | 'duration';
  failures: FailureRecord[];
}

const MAX_BODY = 1024 * 1024;
/** Bodies above the servers' limit (1 MB): they may close the connection once they have answered 413. */
const OVERSIZED = 1024 * 1024;
const CONTINUE_WAIT_MS = 1000;
const CHUNK = 64 * 1024;

type Outcome =
  | { response: FuzzResponse }
  /** `uploading`: the connection broke while the body was going out. */
  | { error: string; reusedSocket?: boolean; uploading?: boolean };

function decodeBody(raw: Buffer, encoding: string | undefined): string {
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(raw, options).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(raw, options).toString('utf8');
    if (encoding === 'br')
      return zlib
        .brotliDecompressSync(raw, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
        .toString('utf8');
  } catch {
    // A body cut at MAX_BODY or labelled wrongly: check the bytes as they are.
  }
  return raw.toString('utf8');
}

function writeBody(req: http.ClientRequest, body: Buffer, chunked: boolean): void {
  if (!chunked) {
    req.end(body);
    return;
  }
  for (let offset = 0; offset < body.length; offset += CHUNK)
    req.write(body.subarray(offset, offset + CHUNK));
  req.end();
}

/** Sends one request with node:http: the path and headers go out as built. */
export function sendHttp(
  fuzz: FuzzRequest,
  origin: URL,
  agent: http.Agent,
  options: FuzzOptions,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...fuzz.headers };
    const chunked = headers['transfer-encoding'] === 'chunked';
    if (fuzz.body && !chunked) headers['content-length'] = String(fuzz.body.length);
    let settled = false;
    let bodySent = !fuzz.body;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: origin.hostname,
        port: origin.port,
        method: fuzz.method,
        path: fuzz.path,
        headers,
        agent,
        localAddress: fuzz.guessing ? options.guessAddress : options.localAddress,
      });
    } catch (error) {
      finish({ error: `the client refused the request: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    // Set once the status line and headers are in: an error after that (the server closing while we still
    // upload a body it refused) ends the request with what arrived rather than "no response".
    let answered: (() => void) | undefined;
    req.on('error', (error) => {
      if (answered) return answered();
      finish({
        error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim(),
        reusedSocket: req.reusedSocket,
        uploading: bodySent && fuzz.body !== undefined,
      });
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_BODY) chunks.push(chunk);
        size += chunk.length;
      });
      answered = () => {
        // The server answered before reading the body we held back: the socket cannot be reused.
        if (!bodySent) req.destroy();
        const raw = Buffer.concat(chunks).subarray(0, MAX_BODY);
        finish({
          response: {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decodeBody(raw, res.headers['content-encoding']),
          },
        });
      };
      res.on('end', answered);
      res.on('aborted', answered);
      res.on('error', answered);
    });
    if (!fuzz.body) {
      req.end();
    } else if (fuzz.expectContinue) {
      req.flushHeaders();
      const send = () => {
        if (bodySent || settled) return;
        bodySent = true;
        clearTimeout(wait);
        writeBody(req, fuzz.body!, chunked);
      };
      const wait = setTimeout(send, CONTINUE_WAIT_MS);
      req.on('continue', send);
    } else {
      bodySent = true;
      writeBody(req, fuzz.body, chunked);
    }
  });
}

/** Writes `raw` on a fresh socket and parses whatever comes back (the request asks the server to close). */
export function sendRaw(
  raw: Buffer,
  origin: URL,
  localAddress: string | undefined,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({
      host: origin.hostname,
      port: Number(origin.port),
      localAddress,
    });
    const finish = (error?: string) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/\d\.\d (\d{3})/.exec(text);
      if (!match) {
        resolve({
          error:
            error ??
            (text ? `not an HTTP answer: ${text.slice(0, 80)}` : 'connection closed without an answer'),
        });
        return;
      }
      const end = text.indexOf('\r\n\r\n');
      const head = text
        .slice(0, end === -1 ? text.length : end)
        .split('\r\n')
        .slice(1);
      const headers: Record<string, string> = {};
      for (const line of head) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const body = end === -1 ? '' : Buffer.from(text.slice(end + 4), 'latin1').toString('utf8');
      resolve({ response: { status: Number(match[1]), headers, body } });
    };
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    socket.on('connect', () => socket.end(raw));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(error.message));
  });
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Runs the fuzzer against running servers. Never throws for a bad answer: failures are in the report. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const storefront = new URL(options.storefront);
  const backoffice = new URL(options.backoffice);
  const operations = await loadOperations(options.backoffice);
  const catalogue = await loadCatalogue(options.backoffice, options.storefront, (message) =>
    log(`warning: ${message}`),
  );
  const plan = planRequests(operations, catalogue, {
    quick: options.quick,
    seed: options.seed,
    apiKey: options.apiKey,
  });
  log(
    `${operations.length} operations, ${catalogue.staticPaths.length} static pages; ` +
      `${plan.length} requests planned${options.quick ? ' (quick subset)' : ''}, ` +
      `limits ${options.maxRequests} requests / ${options.durationSeconds} s`,
  );

  const agents = {
    backoffice: new http.Agent({ keepAlive: true, maxSockets: options.concurrency }),
    storefront: new http.Agent({ keepAlive: true, maxSockets: options.concurrency }),
  };
  const freshAgent = new http.Agent({ keepAlive: false });
  const report: FuzzReport = {
    planned: plan.length,
    sent: 0,
    byStatusClass: {},
    rateLimited: 0,
    uploadResets: 0,
    durationMs: 0,
    operations: operations.length,
    stoppedBy: 'plan',
    failures: [],
  };
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  let next = 0;
  let lastProgress = started;
  let inFlight = 0;
  let exclusive: Promise<void> | undefined;

  async function worker(): Promise<void> {
    for (;;) {
      if (next >= plan.length) return;
      if (report.sent >= options.maxRequests) {
        report.stoppedBy = 'requests';
        return;
      }
      if (performance.now() >= deadline) {
        report.stoppedBy = 'duration';
        return;
      }
      const fuzz = plan[next++]!;
      report.sent += 1;
      // A case followed by a probe runs alone, so the probe meets the connection state that case left behind.
      while (exclusive) await exclusive;
      let release: (() => void) | undefined;
      if (needsFollowUp(fuzz)) {
        exclusive = new Promise<void>((resolve) => (release = resolve));
        while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      inFlight += 1;
      try {
        const origin = fuzz.target === 'backoffice' ? backoffice : storefront;
        let outcome = fuzz.raw
          ? await sendRaw(
              fuzz.raw,
              origin,
              fuzz.guessing ? options.guessAddress : options.localAddress,
              options.timeoutMs,
            )
          : await sendHttp(fuzz, origin, fuzz.fresh ? freshAgent : agents[fuzz.target], options);
        // A kept-alive socket the server closed just as it was reused: the request never reached it. Send it again
        // on a new connection, as browsers do; a reset on a fresh connection is the server's doing and counts.
        if ('error' in outcome && outcome.reusedSocket)
          outcome = await sendHttp(fuzz, origin, freshAgent, options);
        const originText = origin.origin;
        if ('error' in outcome && outcome.uploading && (fuzz.body?.length ?? 0) > OVERSIZED) {
          // The server refused an oversized body and closed while it was still coming (curl reads its 413; node's
          // client cannot once the write fails). Not a failure, but counted.
          report.byStatusClass['no response'] = (report.byStatusClass['no response'] ?? 0) + 1;
          report.uploadResets += 1;
        } else if ('error' in outcome) {
          report.byStatusClass['no response'] = (report.byStatusClass['no response'] ?? 0) + 1;
          report.failures.push({
            request: fuzz,
            origin: originText,
            failure: checkNoResponse(outcome.error),
            bodyStart: '',
          });
        } else {
          const { response } = outcome;
          const key = statusClass(response.status);
          report.byStatusClass[key] = (report.byStatusClass[key] ?? 0) + 1;
          if (response.status === 429) report.rateLimited += 1;
          for (const failure of checkResponse(fuzz, response, originText)) {
            report.failures.push({
              request: fuzz,
              origin: originText,
              failure,
              status: response.status,
              bodyStart: response.body.slice(0, 300),
            });
          }
        }
        if (needsFollowUp(fuzz)) {
          const probe: FuzzRequest = {
            ...fuzz,
            method: 'GET',
            path: FOLLOW_UP_PATH,
            headers: {},
            body: undefined,
          };
          const after = await sendHttp(probe, storefront, freshAgent, options);
          const failure = checkFollowUp(
            'response' in after ? after.response : undefined,
            'error' in after ? after.error : undefined,
          );
          if (failure)
            report.failures.push({ request: fuzz, origin: storefront.origin, failure, bodyStart: '' });
        }
      } finally {
        inFlight -= 1;
        if (release) {
          exclusive = undefined;
          release();
        }
      }
      const now = performance.now();
      if (now - lastProgress >= 5000) {
        lastProgress = now;
        const seconds = (now - started) / 1000;
        log(
          `${report.sent} requests in ${seconds.toFixed(0)} s (${(report.sent / seconds).toFixed(0)}/s), ` +
            `${report.failures.length} failures`,
        );
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  } finally {
    agents.backoffice.destroy();
    agents.storefront.destroy();
    freshAgent.destroy();
  }
  report.durationMs = performance.now() - started;
  return report;
}
