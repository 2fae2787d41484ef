/**
 * Compression of the HTML this server answers from memory (built pages and the answers of on-demand pages), done
 * once per body and kept beside it: a page asked a thousand times is compressed once, not a thousand times.
 * Brotli at quality 5 for answers made per request (fast enough to pay for itself on one request), at the highest
 * quality for built pages (compressed once per build, off the event loop).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli quality of answers rendered per request (the bound: dynamic brotli at quality ≤ 5). */
export const DYNAMIC_BROTLI_QUALITY = 5;
export const STATIC_BROTLI_QUALITY = 11;
/** Below this, compressing costs more than the bytes it saves (the same threshold as @fastify/compress). */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli when accepted, else gzip, else none. A coding
 * with `q=0` is refused; `*` accepts both.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name) accepted.set(name, Number.isFinite(q) ? q : 0);
  }
  const weight = (name: ContentEncoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** One body and its compressed forms, each made on first demand (concurrent demands share one compression). */
export class EncodedBody {
  readonly identity: Buffer;
  private readonly brotliQuality: number;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  /** Told the size of each compressed form once made (for caches bounded in bytes). */
  private readonly onEncoded: ((bytes: number) => void) | undefined;

  constructor(identity: Buffer, brotliQuality: number, onEncoded?: (bytes: number) => void) {
    this.identity = identity;
    this.brotliQuality = brotliQuality;
    this.onEncoded = onEncoded;
  }

  /** Whether compressing this body is worth it at all. */
  get compressible(): boolean {
    return this.identity.length >= MIN_COMPRESS_BYTES;
  }

  /** The body in `encoding`; a failed compression is forgotten (the next demand tries again). */
  get(encoding: ContentEncoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.identity, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipAsync(this.identity, { level: 6 });
      this.encoded.set(encoding, body);
      body.then(
        (done) => this.onEncoded?.(done.length),
        () => this.encoded.delete(encoding),
      );
    }
    return body;
  }
}
