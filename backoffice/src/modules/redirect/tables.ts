/**
 * Old-URL redirects.
 * Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const redirects = pgTable('redirect', {
  id: serial('id').primaryKey(),
  fromPath: text('from_path').notNull().unique(),
  toPath: text('to_path').notNull(),
  status: integer('status').notNull().default(301),
});
