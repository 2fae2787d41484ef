/**
 * The answers of on-demand pages (filtered listings, search results, selector-guide results), kept in memory so a
 * popular search or a shared filter link is rendered once, not once per visitor.
 *
 * - Keyed by the content version, the site's host, the audience and the full URL with its query: a content change
 *   moves every key at once, so no page rendered from older content is served after it.
 * - Bounded in bytes (each body with its compressed forms) and in entries; the least recently used goes first.
 * - Entries also expire after a while, for what changes without a content version (nothing today: a bound, not a
 *   mechanism).
 * - Only answers that are the same for everyone: never a request carrying a session, the login indicator, a cart
 *   token, an API key, a preview token or any Authorization; never a non-GET; never an answer that sets a cookie or
 *   says private / no-store.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { AUTH_INDICATOR_COOKIE, SESSION_COOKIE } from '@plasterwick/shop-rules/accounts';
import { DYNAMIC_BROTLI_QUALITY, EncodedBody } from './encoding.ts';

export const ANSWER_CACHE_DEFAULTS = {
  maxBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  maxAgeMs: 5 * 60_000,
} as const;

/** Cookies that make a request someone's (spec §6): their pages are never taken from or put in the cache. */
const CREDENTIAL_COOKIES = [SESSION_COOKIE, AUTH_INDICATOR_COOKIE.name];
const CREDENTIAL_HEADERS = ['authorization', 'x-cart-token', 'x-api-key', 'x-preview-token'];
/** Pages that are personal by their URL (a preview shows unpublished content to its token's holder). */
const PERSONAL_PATH = /^\/preview(?:\/|$)/;
const CACHEABLE_STATUS = new Set([200, 404]);
/** Headers of one answer on one connection, not of the page: never stored. */
const CONNECTION_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
]);

export interface CachedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: EncodedBody;
  storedAt: number;
}

/** Whether a request may be answered from (and its answer put in) the cache. */
export function isCacheableRequest(method: string, pathname: string, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (PERSONAL_PATH.test(pathname)) return false;
  if (CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined)) return false;
  const cookie = headers.cookie;
  if (!cookie) return true;
  return !cookie.split(';').some((pair) => {
    const name = pair.slice(0, pair.indexOf('=')).trim();
    return CREDENTIAL_COOKIES.includes(name);
  });
}

function headerText(value: OutgoingHttpHeaders[string]): string {
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

/** Whether an answer is the same for everyone: a page (200 or 404) that sets no cookie and is not private. */
export function isCacheableAnswer(status: number, headers: OutgoingHttpHeaders): boolean {
  if (!CACHEABLE_STATUS.has(status)) return false;
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  if (lower.has('set-cookie')) return false;
  if (!headerText(lower.get('content-type')).startsWith('text/html')) return false;
  return !/\b(?:no-store|private)\b/i.test(headerText(lower.get('cache-control')));
}

/** The headers of an answer that describe the page, not the connection (nor its length and encoding as sent). */
export function pageHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())),
  );
}

export function answerKey(parts: {
  contentVersion: number | string;
  host: string;
  audience: string;
  url: string;
}): string {
  return `${parts.contentVersion}\n${parts.host.toLowerCase()}\n${parts.audience}\n${parts.url}`;
}

interface Entry {
  answer: CachedAnswer;
  bytes: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private totalBytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    options: { maxBytes?: number; maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.maxBytes = options.maxBytes ?? ANSWER_CACHE_DEFAULTS.maxBytes;
    this.maxEntries = options.maxEntries ?? ANSWER_CACHE_DEFAULTS.maxEntries;
    this.maxAgeMs = options.maxAgeMs ?? ANSWER_CACHE_DEFAULTS.maxAgeMs;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.answer.storedAt > this.maxAgeMs) {
      if (entry) this.remove(key, entry);
      this.misses += 1;
      return undefined;
    }
    // Map order is insertion order: moving the entry to the end makes the first one the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.answer;
  }

  /** Keeps an answer; one larger than the whole budget is not kept. Returns the stored answer, if any. */
  set(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer): CachedAnswer | undefined {
    const existing = this.entries.get(key);
    if (existing) this.remove(key, existing);
    if (body.length > this.maxBytes) return undefined;
    const entry: Entry = { bytes: body.length, answer: undefined as unknown as CachedAnswer };
    const encoded = new EncodedBody(body, DYNAMIC_BROTLI_QUALITY, (grown) => {
      // A compressed form made after the entry left the cache is not counted against it.
      if (this.entries.get(key) !== entry) return;
      entry.bytes += grown;
      this.totalBytes += grown;
      this.evict();
    });
    entry.answer = { status, headers: pageHeaders(headers), body: encoded, storedAt: this.now() };
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evict();
    return this.entries.get(key) === entry ? entry.answer : undefined;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes <= this.maxBytes && this.entries.size <= this.maxEntries) return;
      this.remove(key, entry);
    }
  }
}
