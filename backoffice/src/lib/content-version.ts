/**
 * The content version: one counter the storefront's launcher polls (`GET /content-version`) and rebuilds on when
 * it moves. Infrastructure rather than a module's data: the app bumps it after any catalogue or CMS write
 * (`app.contentChanged`) and the data-migration runner after a migration that changed rows.
 */
import { sql } from 'drizzle-orm';
import { contentVersion } from '../db/schema.ts';
import type { Executor } from '../db/types.ts';

/** One step up after any write the storefront must rebuild for; the version it moved to. */
export async function bumpContentVersion(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .insert(contentVersion)
    .values({ id: 1, version: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { version: sql`${contentVersion.version} + 1`, updatedAt: now },
    })
    .returning({ version: contentVersion.version });
  return row!.version;
}

/** The content version now (0 until the first write). */
export async function currentContentVersion(db: Executor): Promise<number> {
  const [row] = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(sql`${contentVersion.id} = 1`);
  return row?.version ?? 0;
}
