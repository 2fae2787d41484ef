/**
 * Content change → live: the time from a staff write to the storefront serving the new text (issue 14).
 * `measureChangeToLive` renames one product through the staff API (`PATCH /api/v1/product/{id}`), polls the product's
 * static page on the storefront until the new name is served, then restores the name and waits until that is
 * live too, so the shop is left as it was. It measures whatever rebuild path the shop has: the content hook of
 * `npm start`, or its polling alone.
 *
 * Alone: `node scripts/bench/change-to-live.ts [--url http://127.0.0.1:4321] [--backoffice http://127.0.0.1:4000]`
 * against a running `npm start`; the API key is BACKOFFICE_API_KEY, else the one in DATA_DIR/secrets.json.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SECRETS_FILE, staffApiKey } from '../lib/secrets-file.ts';

export interface ChangeToLiveOptions {
  /** The storefront origin that serves the pages, e.g. http://127.0.0.1:4321. */
  siteUrl: string;
  /** The back-office origin (without /api/v1) that takes the staff write, e.g. http://127.0.0.1:4000. */
  backofficeUrl: string;
  /** BACKOFFICE_API_KEY of that back-office. */
  apiKey: string;
  /** Give up after this long for either the change or the restore (default 180 s). */
  timeoutMs?: number;
  /** Time between two page requests (default 100 ms). */
  pollMs?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

const DEFAULT_TIMEOUT_MS = 180_000;
const DEFAULT_POLL_MS = 100;

const urlList = z.object({
  data: z.object({
    items: z.array(
      z.object({ entity_type: z.string(), id: z.number(), slug: z.string(), exist_in: z.array(z.number()) }),
    ),
  }),
});
const productAnswer = z.object({
  data: z.object({ items: z.array(z.object({ name: z.string(), version: z.number() })).min(1) }),
});
const writeAnswer = z.object({ data: z.object({ version: z.number() }) });

async function json<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.output<T>> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

/** The site the storefront's pages are built for: `<html data-site-id>` of its home page. */
async function servedSiteId(siteUrl: string): Promise<number> {
  const html = await (await fetch(`${siteUrl}/`)).text();
  const match = /<html[^>]*\sdata-site-id="(\d+)"/.exec(html);
  if (!match) throw new Error(`${siteUrl}/ names no data-site-id: is it the storefront?`);
  return Number(match[1]);
}

/** Renames the product from its `version`; returns the version the rename gave it. */
async function renameProduct(
  options: ChangeToLiveOptions,
  siteId: number,
  product: { id: number; version: number },
  name: string,
): Promise<number> {
  const url = `${options.backofficeUrl}/api/v1/product/${product.id}`;
  const response = await fetch(`${url}?site_id=${siteId}`, {
    method: 'PATCH',
    headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ version: product.version, name }),
  });
  return (await json(response, writeAnswer, `PATCH ${url}`)).data.version;
}

/** Polls `pageUrl` until `done(body)`; the milliseconds since `since`. */
async function waitUntil(
  pageUrl: string,
  done: (body: string) => boolean,
  since: number,
  options: ChangeToLiveOptions,
): Promise<number> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(pageUrl);
    if (response.ok && done(await response.text())) return performance.now() - since;
    if (performance.now() - since > timeoutMs)
      throw new Error(`${pageUrl} did not change within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? DEFAULT_POLL_MS));
  }
}

/**
 * Makes a real change (a product's name) and returns the milliseconds from the write to the storefront serving
 * it. Restores the name before returning, waiting until the restore is served as well.
 */
export async function measureChangeToLive(options: ChangeToLiveOptions): Promise<number> {
  const log = options.log ?? (() => {});
  const siteId = await servedSiteId(options.siteUrl);
  const urls = await json(
    await fetch(`${options.backofficeUrl}/api/v1/url?site_id=${siteId}`),
    urlList,
    'GET /api/v1/url',
  );
  const product = urls.data.items.find((item) => item.entity_type === 'product' && item.exist_in.length > 0);
  if (!product) throw new Error('the back-office lists no product');
  const planId = product.exist_in[0]!;
  const [original] = (
    await json(
      await fetch(
        `${options.backofficeUrl}/api/v1/product/${product.id}?site_id=${siteId}&saleplan_id=${planId}`,
      ),
      productAnswer,
      `GET /api/v1/product/${product.id}`,
    )
  ).data.items;
  // The pro URL redirects (301) to the audience that sells the product when pro does not.
  const pageUrl = (await fetch(`${options.siteUrl}/professional-filler/product/${product.slug}`)).url;
  const marker = `Live check ${Math.random().toString(36).slice(2, 8)}`;
  log(`renaming product ${product.id} to "${original!.name} ${marker}", watching ${pageUrl}`);

  const written = performance.now();
  const renamedVersion = await renameProduct(
    options,
    siteId,
    { id: product.id, version: original!.version },
    `${original!.name} ${marker}`,
  );
  let ms: number;
  try {
    ms = await waitUntil(pageUrl, (body) => body.includes(marker), written, options);
    log(`live after ${(ms / 1000).toFixed(1)} s`);
  } finally {
    const restored = performance.now();
    await renameProduct(options, siteId, { id: product.id, version: renamedVersion }, original!.name);
    const restoreMs = await waitUntil(pageUrl, (body) => !body.includes(marker), restored, options);
    log(`restored, live after ${(restoreMs / 1000).toFixed(1)} s`);
  }
  return ms;
}

/** The API key for the CLI: BACKOFFICE_API_KEY, else `npm start`'s secrets file. */
function apiKeyFromEnvironment(): string {
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const apiKey = staffApiKey(process.env, dataDir);
  if (!apiKey) throw new Error(`no BACKOFFICE_API_KEY in the environment or in ${dataDir}/${SECRETS_FILE}`);
  return apiKey;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: `http://127.0.0.1:${process.env.PORT || 4321}` },
      backoffice: { type: 'string', default: process.env.BACKOFFICE_URL || 'http://127.0.0.1:4000' },
    },
  });
  try {
    const ms = await measureChangeToLive({
      siteUrl: values.url.replace(/\/+$/, ''),
      backofficeUrl: values.backoffice.replace(/\/+$/, ''),
      apiKey: apiKeyFromEnvironment(),
      log: (line) => console.log(`[change-to-live] ${line}`),
    });
    console.log(`[change-to-live] content change → live: ${(ms / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(`[change-to-live] ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
