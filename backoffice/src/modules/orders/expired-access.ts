/** Guests' order access tokens past their 2 hours: they open nothing any more (findOrderForGuest checks the time). */
import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { orderAccess } from './tables.ts';

export async function sweepExpiredOrderAccess(db: Executor, now: Date): Promise<void> {
  await db.delete(orderAccess).where(lt(orderAccess.expiresAt, now));
}
