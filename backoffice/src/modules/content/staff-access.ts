/** Who may write CMS entries, and the context of a write made by a staff or tooling call. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { resources, type ContentRow, type Lookup, type ResourceName } from './resources.ts';
import { loadLookup } from './service.ts';
import type { WriteContext } from './write-service.ts';

export const contentAccess = staffRoute('content:write');

/** The write context of a staff route's request: its caller's audit recorder, the app's clock and content hook. */
export function writeContextOf(request: FastifyRequest): WriteContext {
  const app = request.server;
  return {
    db: app.db,
    cache: app.cache,
    recorder: staffCaller(request).audit,
    now: app.clock.now(),
    contentChanged: () => app.contentChanged(),
  };
}

/** An entry's row as the resource's API item. */
export async function itemOf<N extends ResourceName>(
  app: FastifyInstance,
  name: N,
  siteId: number,
  row: ContentRow | null,
): Promise<ReturnType<(typeof resources)[N]['toItem']>> {
  if (!row) throw new Error(`${name} entry vanished in its own write`);
  const toItem = resources[name].toItem as (row: ContentRow, lookup: Lookup) => unknown;
  return toItem(row, await loadLookup(app.db, app.cache, siteId)) as ReturnType<
    (typeof resources)[N]['toItem']
  >;
}
