/**
 * A person's e-mails, for an erasure (issue 24): the outbox keeps what was sent, and a letter to the person (or a
 * staff notice replying to them, or a message about one of their orders) holds their name, address and words.
 */
import { inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { mailOutbox } from './tables.ts';

/**
 * Deletes the messages sent to `email` or replying to it (any case), and those about the orders `orderIds` (their
 * attachments go with them); returns how many went.
 */
export async function deleteMailsOfPerson(db: Executor, email: string, orderIds: number[]): Promise<number> {
  const address = email.trim().toLowerCase();
  const deleted = await db
    .delete(mailOutbox)
    .where(
      or(
        sql`lower(${mailOutbox.recipient}) = ${address}`,
        sql`lower(${mailOutbox.replyTo}) = ${address}`,
        orderIds.length > 0 ? inArray(mailOutbox.orderId, orderIds) : undefined,
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
