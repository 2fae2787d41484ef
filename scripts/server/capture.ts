/**
 * Holds what Astro's handler writes to a Node response instead of sending it, so this server can compress the
 * whole answer once, keep it in the answer cache and send it in one write (like a compression middleware, which
 * works the same way). The handler sees a response whose head is not sent yet; nothing reaches the socket until
 * `restore()` gives the response its own methods back.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface CapturedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

type WriteHeadArgs = [number, ...unknown[]];

export interface ResponseCapture {
  /** Settles when the handler ends the response. */
  done: Promise<CapturedAnswer>;
  /** Whether the handler has ended the response. */
  readonly ended: boolean;
  /** Gives the response its own writeHead, write and end back. */
  restore(): void;
}

function chunkBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}

export function captureResponse(res: ServerResponse): ResponseCapture {
  const own = { writeHead: res.writeHead, write: res.write, end: res.end };
  const chunks: Buffer[] = [];
  let headers: OutgoingHttpHeaders = {};
  let status: number | undefined;
  let ended = false;
  let settle: (answer: CapturedAnswer) => void = () => {};
  const done = new Promise<CapturedAnswer>((resolve) => (settle = resolve));

  res.writeHead = function (...args: WriteHeadArgs) {
    status = args[0];
    const given = args.slice(1).find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(given)) {
      // The raw form [name, value, name, value…].
      for (let at = 0; at + 1 < given.length; at += 2) headers[String(given[at])] = given[at + 1] as string;
    } else if (given) {
      headers = { ...headers, ...(given as OutgoingHttpHeaders) };
    }
    return res;
  } as ServerResponse['writeHead'];

  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    const buffer = chunkBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
    const cb = [encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (cb) queueMicrotask(cb);
    return true;
  } as ServerResponse['write'];

  res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const buffer = chunkBuffer(chunk, encoding);
    if (buffer) chunks.push(buffer);
    ended = true;
    settle({ status: status ?? res.statusCode, headers, body: Buffer.concat(chunks) });
    const cb = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as
      (() => void) | undefined;
    if (cb) queueMicrotask(cb);
    return res;
  } as ServerResponse['end'];

  return {
    done,
    get ended() {
      return ended;
    },
    restore() {
      res.writeHead = own.writeHead;
      res.write = own.write;
      res.end = own.end;
    },
  };
}
