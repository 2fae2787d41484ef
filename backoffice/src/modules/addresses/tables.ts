/**
 * The address book (api-contract.md "Accounts"): a customer's saved addresses. Invariants live here: at most one
 * default delivery and one default billing address per customer (partial unique indexes), a default delivery
 * address in the UK. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.ts';

export const customerAddresses = pgTable(
  'customer_address',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    address: text('address').notNull(),
    address2: text('address_2'),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    isDefaultDelivery: boolean('is_default_delivery').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('customer_address_customer').on(t.customerId),
    uniqueIndex('customer_address_default_delivery')
      .on(t.customerId)
      .where(sql`${t.isDefaultDelivery}`),
    uniqueIndex('customer_address_default_billing')
      .on(t.customerId)
      .where(sql`${t.isDefaultBilling}`),
    check('customer_address_delivery_uk_check', sql`not ${t.isDefaultDelivery} or ${t.country} = 'uk'`),
  ],
);
