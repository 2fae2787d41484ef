/**
 * A UK GDPR subject access export (issue 24): everything held about a customer, one JSON document with a key per
 * section. Each section is one line of `EXPORT_SECTIONS`, read by the module that owns the data: a new kind of
 * personal data is one more line here.
 */
import type { Database, Executor } from '../db/types.ts';
import {
  accountOf,
  addressesOf,
  auditEventsAbout,
  sessionsOf,
  staffCustomerRow,
  wishlistOf,
  type CustomerRow,
} from '../modules/customers/index.ts';
import { submissionsOfPerson } from '../modules/forms/index.ts';
import { ordersOfPerson } from '../modules/orders/index.ts';
import { tradeDataOf } from '../modules/trade/index.ts';

/** A section of the export: its key, and how its owner reads it for the account. */
export interface ExportSection {
  name: string;
  read(db: Executor, customer: CustomerRow): unknown;
}

const person = (customer: CustomerRow) => ({
  siteId: customer.siteId,
  customerId: customer.id,
  email: customer.email,
});

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  { name: 'account', read: (_db, customer) => accountOf(customer) },
  { name: 'addresses', read: addressesOf },
  { name: 'sessions', read: sessionsOf },
  { name: 'wishlist', read: wishlistOf },
  { name: 'orders', read: (db, customer) => ordersOfPerson(db, person(customer)) },
  {
    name: 'form_submissions',
    read: (db, customer) => submissionsOfPerson(db, customer.siteId, customer.email),
  },
  { name: 'trade', read: (db, customer) => tradeDataOf(db, customer.id) },
  { name: 'audit_events', read: auditEventsAbout },
];

/** The export of the site's account `id` (404 when none), every section read in one transaction. */
export async function exportCustomer(
  db: Database,
  siteId: number,
  id: number,
  now: Date,
): Promise<Record<string, unknown> & { exported_at: string; customer_id: number }> {
  return db.transaction(async (tx) => {
    const customer = await staffCustomerRow(tx, siteId, id);
    const document: Record<string, unknown> & { exported_at: string; customer_id: number } = {
      exported_at: now.toISOString(),
      customer_id: customer.id,
    };
    for (const section of EXPORT_SECTIONS) document[section.name] = await section.read(tx, customer);
    return document;
  });
}
