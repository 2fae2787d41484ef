/** Internal notes on an order (issue 23): written by staff, kept with the name they had, never shown to customers. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { notFound } from '../../lib/errors.ts';
import type { StaffNote } from './staff-schemas.ts';
import { orderNotes, orders } from './tables.ts';

export interface NoteAuthor {
  /** The staff person's id; null for a machine token or the API key, which have no person. */
  staffId: number | null;
  name: string;
}

/** Adds a note to the site's order `orderId` (404 when it has no such order); `body` is already trimmed. */
export async function addOrderNote(
  tx: Executor,
  note: { siteId: number; orderId: number; author: NoteAuthor; body: string; now: Date },
): Promise<StaffNote> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, note.orderId), eq(orders.siteId, note.siteId)));
  if (!order) throw notFound(`Order ${note.orderId}`);
  const [row] = await tx
    .insert(orderNotes)
    .values({
      orderId: order.id,
      staffId: note.author.staffId,
      staffName: note.author.name,
      body: note.body,
      createdAt: note.now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { id: row.id, staff_name: row.staffName, body: row.body, created_at: row.createdAt.toISOString() };
}

/** The site's order `orderId`, or a 404. */
export async function staffOrderRow(db: Executor, siteId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.siteId, siteId)));
  if (!order) throw notFound(`Order ${orderId}`);
  return order;
}
