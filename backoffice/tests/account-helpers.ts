/**
 * Customers for API tests that are not about registration or login: a row written straight into `customer`, with
 * a session, so a test of addresses, orders or the wishlist starts logged in. Registration and login themselves
 * are tested through their calls (auth.test.ts).
 */
import { SESSION_COOKIE } from '@plasterwick/shop-rules/accounts';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { customers } from '../src/db/schema.ts';
import { createSession, type CustomerRow } from '../src/modules/customers/sessions.ts';
import { SITE_ID } from './helpers.ts';

export const TEST_PASSWORD = 'Plaster2026';
let passwordHash: Promise<string> | undefined;
let counter = 0;

export interface TestCustomer {
  customer: CustomerRow;
  /** The `Cookie` header of a logged-in browser. */
  cookie: string;
  /** The headers of a same-origin browser call with that session. */
  headers: Record<string, string>;
}

export async function createCustomer(
  app: FastifyInstance,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<TestCustomer> {
  passwordHash ??= hash(TEST_PASSWORD);
  counter += 1;
  const now = app.clock.now();
  const [customer] = await app.db
    .insert(customers)
    .values({
      siteId: SITE_ID,
      email: `customer${counter}.${Date.now()}@example.co.uk`,
      passwordHash: await passwordHash,
      firstName: 'Sam',
      lastName: 'Plasterer',
      audience: 'pro',
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  if (!customer) throw new Error('customer not created');
  const token = await createSession(app.db, customer.id, now);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { customer, cookie, headers: { cookie } };
}
