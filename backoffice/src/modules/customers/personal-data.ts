/**
 * The account's sections of a subject access export (issue 24, flows/export-customer.ts): the account itself
 * (never its password hash), its saved addresses, its sessions (dates only, never a token), its wishlist and the
 * audit trail's events about it. Other modules' tables are only read here, through db/schema.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { auditEvents, customerAddresses, products, wishlistItems } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import type { CustomerRow } from './sessions.ts';
import { customerSessions } from './tables.ts';

export function accountOf(customer: CustomerRow) {
  const { passwordHash: _hash, ...account } = customer;
  return account;
}

export function addressesOf(db: Executor, customer: CustomerRow) {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customer.id))
    .orderBy(asc(customerAddresses.id));
}

export function sessionsOf(db: Executor, customer: CustomerRow) {
  return db
    .select({
      createdAt: customerSessions.createdAt,
      lastSeenAt: customerSessions.lastSeenAt,
      expiresAt: customerSessions.expiresAt,
    })
    .from(customerSessions)
    .where(eq(customerSessions.customerId, customer.id))
    .orderBy(asc(customerSessions.createdAt));
}

export function wishlistOf(db: Executor, customer: CustomerRow) {
  return db
    .select({ productId: wishlistItems.productId, name: products.name, addedAt: wishlistItems.addedAt })
    .from(wishlistItems)
    .leftJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.customerId, customer.id))
    .orderBy(asc(wishlistItems.addedAt));
}

/** What staff did about the account: the audit trail's events naming it (who acted, what, when, the outcome). */
export function auditEventsAbout(db: Executor, customer: CustomerRow) {
  return db
    .select({
      at: auditEvents.at,
      action: auditEvents.action,
      outcome: auditEvents.outcome,
      actorType: auditEvents.actorType,
      actorName: auditEvents.actorName,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'customer'), eq(auditEvents.entityId, String(customer.id))))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
}
