/** Readiness: the database answers a query (throws, so a 500, when it does not). */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';

export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
