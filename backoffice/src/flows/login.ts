/**
 * Logging in (api-contract.md "Accounts") across the modules it touches: a login, a password reset (which logs
 * this browser in as well) and an e-mail verification (which brings the address's earlier guest orders into the
 * account). Each flow is its list of steps; every write is a function of the module that owns the table, and the
 * writes of one flow share one transaction.
 */
import type { LoginBody } from '@plasterwick/shop-rules/accounts';
import type { Config } from '../config.ts';
import type { Database, Executor } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { Site } from '../lib/context.ts';
import { basketOwner, lockGuestBasket, mergeGuestBasket, type BasketToken } from '../modules/cart/index.ts';
import {
  checkCredentials,
  hashPassword,
  meOf,
  openSession,
  resetPasswordWithLink,
  revokeSession,
  verifyEmailWithLink,
  type CustomerRow,
  type Me,
} from '../modules/customers/index.ts';
import { claimGuestOrders, orderOfCart } from '../modules/orders/index.ts';

export interface LoginDeps {
  db: Database;
  clock: Clock;
  config: Config;
}

/** What the browser brings: its guest basket's token, and the session it may hold already (replaced). */
export interface Browser {
  guestToken: string | null;
  previousSessionHash: string | null;
}

/** A logged-in browser: the customer as `Me`, the new session's token and the customer's basket token. */
export interface LoggedIn {
  me: Me;
  sessionToken: string;
  cart: BasketToken | null;
}

/** `POST /auth/login`. */
export async function logIn(
  deps: LoginDeps,
  site: Site,
  body: LoginBody,
  clientIp: string,
  browser: Browser,
): Promise<LoggedIn> {
  // 1. customers: the visitor's and the address's limits, then the password (failures are counted).
  const customer = await checkCredentials(deps, site, body, clientIp);
  const now = deps.clock.now();
  // 2. the session and the basket, together.
  return deps.db.transaction((tx) => startSession(tx, deps, customer, browser, now));
}

/** `POST /auth/password/reset`: the new password, every session revoked, then this browser logged in. */
export async function resetPasswordAndLogIn(
  deps: LoginDeps,
  token: string,
  password: string,
  browser: Browser,
): Promise<LoggedIn> {
  // 1. customers: the hash, before the transaction (Argon2id takes its time on purpose).
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // 2. customers: the link used once, the password set, every session of the account revoked.
    const customer = await resetPasswordWithLink(tx, token, passwordHash, now);
    // 3. the session and the basket, like a login.
    return startSession(tx, deps, customer, browser, now);
  });
}

/** `POST /auth/verify`: the address verified, and the guest orders placed with it attached to the account. */
export async function verifyEmailAddress(
  deps: LoginDeps,
  token: string,
): Promise<{ me: Me; attachedOrders: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // 1. customers: the link used once, the address verified while it is still the account's.
    const customer = await verifyEmailWithLink(tx, token, now);
    // 2. orders: the site's guest orders of that address join the account.
    const attachedOrders = await claimGuestOrders(tx, {
      siteId: customer.siteId,
      email: customer.email,
      customerId: customer.id,
      now,
    });
    // 3. customers: the answer, with the credit the attached orders leave.
    return { me: await meOf(tx, customer), attachedOrders };
  });
}

/** The steps every login ends with, in the caller's transaction. */
async function startSession(
  tx: Executor,
  deps: LoginDeps,
  customer: CustomerRow,
  browser: Browser,
  now: Date,
): Promise<LoggedIn> {
  // customers: the browser's previous session, if any, gives way to the new one.
  if (browser.previousSessionHash) await revokeSession(tx, browser.previousSessionHash);
  // customers: the new session; the address's login failures are forgotten.
  const sessionToken = await openSession(tx, customer, now);
  // cart (asking orders): the guest basket joins the customer's.
  const cart = await takeInGuestBasket(tx, deps, customer, browser.guestToken, now);
  // customers: the answer.
  return { me: await meOf(tx, customer), sessionToken, cart };
}

/** The guest basket merged into the customer's, once; never one whose order waits for its payment. */
async function takeInGuestBasket(
  tx: Executor,
  deps: LoginDeps,
  customer: CustomerRow,
  guestToken: string | null,
  now: Date,
): Promise<BasketToken | null> {
  // cart: the guest basket, locked until the transaction ends.
  const guest = await lockGuestBasket(tx, customer.siteId, guestToken, now);
  // orders: has it an order? Asked after the lock and in the same transaction, this is as safe as asking in the
  // locking query: checkout inserts a basket's order only while holding that basket's row lock, so an order
  // placed before the lock was taken is committed and seen here, and none can be placed until this commits.
  const hasOrder = guest !== undefined && (await orderOfCart(tx, guest.id)) !== undefined;
  // cart: merge it (or let it become the customer's basket), and give the customer's basket token.
  const owner = basketOwner(deps.config.basketSecret, customer.id);
  return mergeGuestBasket(tx, owner, hasOrder ? undefined : guest, now);
}
