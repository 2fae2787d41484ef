/**
 * Upkeep of the embedded database. A PostgreSQL server's autovacuum reclaims the space of updated and deleted rows
 * and keeps the planner's statistics current; PGlite has no such worker, so without this the embedded database
 * grows with every basket and session row ever swept, plans go stale, and counts cannot answer from an index (the
 * visibility map is never set). The `embedded-vacuum` job (jobs/index.ts) runs it hourly on PGlite only.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './types.ts';

export async function vacuumEmbedded(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
