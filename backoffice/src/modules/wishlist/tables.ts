/** The wishlist module's table (api-contract.md "Accounts"). Re-exported by db/schema.ts. */
import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.ts';

/** The wishlist: the account's copy of the device favourites (product ids; a product may leave the catalogue). */
export const wishlistItems = pgTable(
  'wishlist_item',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);
