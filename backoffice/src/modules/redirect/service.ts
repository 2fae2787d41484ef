/** The old-URL redirects, by old path (cached: they change only with the seed or a migration). */
import { asc } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { redirects } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { redirectItem } from './schemas.ts';

export function listRedirects(db: Database, cache: ReadCache): Promise<z.infer<typeof redirectItem>[]> {
  return cache.get('redirects', async () => {
    const rows = await db.select().from(redirects).orderBy(asc(redirects.fromPath));
    return rows.map((r) => ({ from: r.fromPath, to: r.toPath, status: r.status }));
  });
}
