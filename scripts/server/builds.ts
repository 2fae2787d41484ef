/**
 * The build the server answers from: follows BUILDS_DIR/current, re-resolving it at most once a second so a build
 * swapped in by scripts/build.ts is picked up without a restart (requests already running finish on the old one).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TARGET_SEGMENTS } from '../../src/lib/config.ts';
import { CURRENT_LINK, currentBuild, readManifest } from '../lib/builds.ts';
import { parseRedirects, RedirectTable } from '../lib/redirects.ts';
import { EncodedBody, STATIC_BROTLI_QUALITY } from './encoding.ts';

/** Astro's handler in @astrojs/node middleware mode. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals?: object,
) => Promise<void>;

const RESOLVE_EVERY_MS = 1000;
const STATIC_CACHE_LIMIT = 20_000;
/** Pages up to this size are answered from memory (with an ETag); the rest and all assets go through send. */
const PAGE_CACHE_MAX_BYTES = 512 * 1024;
const PAGE_CACHE_LIMIT = 5_000;

export interface CachedPage {
  /** The page and its compressed forms (made once per build, on first demand). */
  body: EncodedBody;
  /** The ETag of the uncompressed page; a compressed form's is this one with the encoding inside the quotes. */
  etag: string;
}

function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Every file of a build's client dir, relative to it with `/` separators: listed once, a build never changes. */
function listFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      files.add(path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }
  return files;
}

export class LoadedBuild {
  readonly id: string;
  readonly dir: string;
  readonly clientDir: string;
  readonly csp: string;
  /** The back-office site the build was made for (its manifest), when it names one. */
  readonly siteId: number | undefined;
  readonly redirects: RedirectTable;
  readonly notFoundPage: Buffer | undefined;
  /** The 404 page of each audience, by its URL segment (`404/{segment}/index.html`). */
  private readonly notFoundPages = new Map<string, Buffer>();
  readonly errorPage: Buffer | undefined;
  /** Plain HTML with a link home, for when the error page itself cannot be sent. */
  readonly fallbackPage: Buffer | undefined;
  private handlerPromise: Promise<AstroHandler> | undefined;
  /** URL path → file relative to clientDir (or null): a build's files never change. */
  private readonly staticFiles = new Map<string, string | null>();
  /**
   * The client dir's files, listed when the build loads: an on-demand URL (a new search term each time) is known
   * not to be a file without three stat calls.
   */
  private readonly clientFiles: Set<string>;
  private readonly pages = new Map<string, CachedPage | null>();

  constructor(id: string, dir: string) {
    this.id = id;
    this.dir = dir;
    this.clientDir = path.join(dir, 'client');
    this.csp = readFileSync(path.join(dir, 'csp.txt'), 'utf8').trim();
    this.siteId = readManifest(dir)?.siteId;
    this.redirects = new RedirectTable(
      parseRedirects(readOptional(path.join(this.clientDir, '_redirects'))?.toString() ?? ''),
    );
    this.notFoundPage =
      readOptional(path.join(this.clientDir, '404.html')) ??
      readOptional(path.join(this.clientDir, '404/index.html'));
    for (const segment of Object.values(TARGET_SEGMENTS)) {
      const page = readOptional(path.join(this.clientDir, '404', segment, 'index.html'));
      if (page) this.notFoundPages.set(segment, page);
    }
    this.errorPage =
      readOptional(path.join(this.clientDir, '500.html')) ??
      readOptional(path.join(this.clientDir, '500/index.html'));
    this.fallbackPage = readOptional(path.join(this.clientDir, 'error-fallback.html'));
    this.clientFiles = listFiles(this.clientDir);
  }

  /** The 404 page for a missing `pathname`: its audience's under an audience segment, else the default one. */
  notFoundPageFor(pathname: string): Buffer | undefined {
    const segment = pathname.split('/')[1] ?? '';
    return this.notFoundPages.get(segment) ?? this.notFoundPage;
  }

  /** Astro's SSR handler, imported on first use. */
  handler(): Promise<AstroHandler> {
    this.handlerPromise ??= import(pathToFileURL(path.join(this.dir, 'server/entry.mjs')).href).then(
      (module: { handler: AstroHandler }) => module.handler,
    );
    return this.handlerPromise;
  }

  /** A built HTML page held in memory: a build never changes, so it is read once. Undefined when too big. */
  page(file: string): CachedPage | undefined {
    if (!file.endsWith('.html')) return undefined;
    const cached = this.pages.get(file);
    if (cached !== undefined) return cached ?? undefined;
    const full = path.join(this.clientDir, file);
    let page: CachedPage | null = null;
    if (statSync(full).size <= PAGE_CACHE_MAX_BYTES) {
      const body = readFileSync(full);
      page = {
        body: new EncodedBody(body, STATIC_BROTLI_QUALITY),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
    }
    if (this.pages.size >= PAGE_CACHE_LIMIT) this.pages.clear();
    this.pages.set(file, page);
    return page ?? undefined;
  }

  /**
   * The file of the client dir that answers `pathname` (already decoded), relative to it: the file itself, or the
   * page `x/index.html` / `x.html` for a path `x` (Astro's directory build format).
   */
  staticFile(pathname: string): string | undefined {
    const cached = this.staticFiles.get(pathname);
    if (cached !== undefined) return cached ?? undefined;
    const normalized = path.posix.normalize(pathname);
    let found: string | undefined;
    if (
      !normalized.includes('\0') &&
      !normalized.split('/').some((part) => part.startsWith('.') && part !== '.well-known')
    ) {
      const relative = normalized.replace(/^\/+/, '');
      const candidates = normalized.endsWith('/')
        ? [`${relative}index.html`]
        : [relative, `${relative}/index.html`, `${relative}.html`];
      found = candidates.find((candidate) => candidate !== '' && this.clientFiles.has(candidate));
    }
    if (this.staticFiles.size >= STATIC_CACHE_LIMIT) this.staticFiles.clear();
    this.staticFiles.set(pathname, found ?? null);
    return found;
  }
}

export class BuildRegistry {
  private readonly buildsDir: string;
  private loaded: LoadedBuild | undefined;
  private checkedAt = 0;

  constructor(buildsDir: string) {
    this.buildsDir = buildsDir;
  }

  /** Loads the current build; throws when there is none (the server cannot start without one). */
  init(): LoadedBuild {
    const build = currentBuild(this.buildsDir);
    if (!build) throw new Error(`no build in ${this.buildsDir}: run \`npm run build\` first`);
    this.loaded = new LoadedBuild(build.id, build.dir);
    this.checkedAt = Date.now();
    return this.loaded;
  }

  /** The current build; a pointer that vanished or points at a broken build keeps the last good one. */
  current(): LoadedBuild {
    const loaded = this.loaded ?? this.init();
    const now = Date.now();
    if (now - this.checkedAt < RESOLVE_EVERY_MS) return loaded;
    this.checkedAt = now;
    let id: string;
    try {
      id = readlinkSync(path.join(this.buildsDir, CURRENT_LINK));
    } catch {
      return loaded;
    }
    if (id === loaded.id) return loaded;
    try {
      this.loaded = new LoadedBuild(id, path.join(this.buildsDir, id));
      console.log(`[server] now serving build ${id} (was ${loaded.id})`);
    } catch (error) {
      console.error(
        `[server] build ${id} is unreadable, still serving ${loaded.id}: ${(error as Error).message}`,
      );
    }
    return this.loaded ?? loaded;
  }
}
