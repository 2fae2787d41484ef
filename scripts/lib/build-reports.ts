/**
 * The launcher's side of the build records (issue 26): it reports each build to the back-office
 * (`/api/v1/staff/builds`, with BUILD_REPORT_TOKEN, a machine token of scope `builds:write`, or else the API key)
 * and reads the current-build pointer there, which names the build the storefront must serve. The pure decisions
 * (rebuild or not, the message of a failure) are here, beside their tests; scripts/start.ts wires them.
 */
import type { BuildManifest } from './builds.ts';

/** How many good builds the launcher keeps on disk for a rollback (besides the one the pointer names). */
export const KEEP_BUILDS = 5;
/** The launcher reads the pointer this often, so a rollback is served within seconds. */
export const POINTER_CHECK_MS = 2_000;

export interface BuildContents {
  products: number;
  categories: number;
  pages: number;
  redirects: number;
}

/** A build record as the back-office answers it (the fields the launcher reads). */
export interface BuildRecord {
  id: string;
  content_version: number;
  status: 'building' | 'succeeded' | 'failed';
}

/** `GET /staff/builds/current`. */
export interface BuildStatus {
  state: 'none' | 'queued' | 'building' | 'live' | 'failed';
  content_version: number;
  build_id: string | null;
  live_since: string | null;
  newest: BuildRecord | null;
}

export interface BuildReport {
  outcome?: 'succeeded' | 'failed';
  message?: string;
  log_tail?: string;
  content_version?: number;
  contents?: BuildContents;
  served?: true;
  pruned?: true;
}

/** The credential the launcher reports with: the token when set, else the API key; none without either. */
export function reportHeaders(env: {
  BUILD_REPORT_TOKEN?: string;
  BACKOFFICE_API_KEY?: string;
}): Record<string, string> | undefined {
  if (env.BUILD_REPORT_TOKEN) return { authorization: `Bearer ${env.BUILD_REPORT_TOKEN}` };
  if (env.BACKOFFICE_API_KEY) return { 'x-api-key': env.BACKOFFICE_API_KEY };
  return undefined;
}

/** Calls of `/api/v1/staff/builds` on the back-office at `origin`. */
export class BuildReporter {
  private readonly origin: string;
  private readonly headers: Record<string, string>;

  constructor(origin: string, headers: Record<string, string>) {
    this.origin = origin;
    this.headers = headers;
  }

  private async call<T>(method: string, path: string, body?: object): Promise<T> {
    const response = await fetch(`${this.origin}/api/v1/staff/builds${path}`, {
      method,
      headers: { ...this.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /staff/builds${path} answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  status(): Promise<BuildStatus> {
    return this.call('GET', '/current');
  }

  start(id: string, contentVersion: number): Promise<BuildRecord> {
    return this.call('POST', '', { id, content_version: contentVersion });
  }

  report(id: string, report: BuildReport): Promise<BuildRecord> {
    return this.call('PATCH', `/${id}`, report);
  }
}

/**
 * What the launcher does about the content: `build` when the content version is ahead of the newest build record
 * (not of the served build: a rollback serves an older one and must stay), or when nothing is served; `adopt` the
 * served build when the back-office knows no build yet and it has the content version (a new database beside an
 * old builds folder); else `none`.
 */
export function nextStep(
  status: Pick<BuildStatus, 'content_version' | 'newest'>,
  served: { contentVersion: number } | undefined,
): 'build' | 'adopt' | 'none' {
  if (!served) return 'build';
  if (!status.newest) return served.contentVersion === status.content_version ? 'adopt' : 'build';
  return status.content_version > status.newest.content_version ? 'build' : 'none';
}

const FAILED_LINE = /\[build\] FAILED after [\d.]+ s: (.*)$/;

/** The line of a failed build's output that says why (the build's own FAILED line), at most 2,000 characters. */
export function failureMessage(output: string): string {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const failed = lines.map((line) => FAILED_LINE.exec(line)?.[1]).findLast((why) => why !== undefined);
  const why = failed ?? lines.findLast((line) => /error/i.test(line)) ?? lines.at(-1) ?? 'The build failed';
  return why.slice(0, 2_000);
}

/** What a build holds, from its manifest. */
export function contentsOf(manifest: BuildManifest): BuildContents {
  return {
    products: manifest.productCount,
    categories: manifest.categoryCount,
    pages: manifest.pageCount,
    redirects: manifest.redirectCount,
  };
}

/** One line about a good build. */
export function successMessage(manifest: BuildManifest): string {
  return (
    `${manifest.pageCount} pages, ${manifest.productCount} products and ${manifest.categoryCount} categories ` +
    `in ${(manifest.durationMs / 1000).toFixed(1)} s`
  );
}

const SERVING_LINE = /\[server\] now serving build (\S+)/;

/** The build a storefront server's output line says it now serves, if it says so. */
export function servedBuildIn(line: string): string | undefined {
  return SERVING_LINE.exec(line)?.[1];
}
