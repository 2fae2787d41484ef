/**
 * Old-URL redirects: the seed's old-site addresses, and a 301 from each old address of a product, a category or a
 * page whose slug changed (moves.ts). Staff with `content:write` list and edit them (staff-routes.ts), from their
 * `version`. Re-exported by db/schema.ts, the one list drizzle-kit and the rest of the code read.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const redirects = pgTable(
  'redirect',
  {
    id: serial('id').primaryKey(),
    fromPath: text('from_path').notNull().unique(),
    toPath: text('to_path').notNull(),
    status: integer('status').notNull().default(301),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('redirect_status', sql`${t.status} in (301, 302)`),
    check('redirect_not_to_itself', sql`${t.fromPath} <> ${t.toPath}`),
  ],
);
