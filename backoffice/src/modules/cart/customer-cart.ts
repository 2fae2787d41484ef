/**
 * Customers' baskets (api-contract.md "Baskets of customers"): with a session, every cart and checkout call works
 * on the customer's open basket (at most one: the unique index `cart_customer_open`), whatever token it carries.
 * This is decided in one place, the resolver of `request.shop.cartToken`: with a session it gives the token of
 * the customer's basket, so the cart and checkout code that opens a cart by its token needs no other change.
 *
 * The token of a customer's basket is derived (HMAC) from the customer and the token's expiry, under a key the
 * back-office derives from its API key (the preview token where production runs without one): the server can give
 * it again to a browser whose storage was cleared, two calls at the same time get the same token (no rotation
 * race), and the database still holds only its SHA-256.
 * A customer's basket opens only with that customer's session: its token alone (after a logout, on a shared
 * computer) opens nothing, so it never shows someone's basket and checkout address to the next visitor.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { CART_QUANTITY, CART_TOKEN_DAYS } from '@plasterwick/shop-rules/constants';
import { CART_MAX_LINES } from '@plasterwick/shop-rules/checkout';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cartLines, carts } from '../../db/schema.ts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { cartTokenResolver } from '../../lib/context.ts';
import type { Executor } from '../../db/types.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { CartRow } from './tables.ts';

/** Makes the tokens of one customer's basket; given to `addItems` when a logged-in call opens a basket. */
export interface BasketOwner {
  customerId: number;
  tokenFor(expiresAt: Date): string;
}

/** A customer's basket token and when it expires: what a login gives the browser. */
export interface BasketToken {
  token: string;
  expiresAt: Date;
}

const keys = new Map<string, Buffer>();

/**
 * The HMAC key of customers' basket tokens: HKDF of the configuration's `basketSecret` (the API key, or the preview
 * token where production runs without a key), so no other secret needs setting.
 */
function basketKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'plasterwick', 'customer basket token', 32));
    keys.set(secret, key);
  }
  return key;
}

export function basketOwner(secret: string, customerId: number): BasketOwner {
  const key = basketKey(secret);
  return {
    customerId,
    tokenFor: (expiresAt) =>
      createHmac('sha256', key).update(`${customerId}.${expiresAt.getTime()}`).digest('base64url'),
  };
}

const newExpiry = (now: Date) => new Date(now.getTime() + CART_TOKEN_DAYS * DAY_MS);

/** The customer's open basket, if any (locked when asked, for the rest of the transaction). */
export async function customerBasket(
  db: Executor,
  customerId: number,
  lock = false,
): Promise<CartRow | undefined> {
  const query = db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, customerId), isNull(carts.completedAt)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * The token of the customer's basket, valid now: its token while it has not expired, else a new one valid
 * 3 days. A conditional update (on the old hash) lets two calls at the same time agree on one token.
 */
export async function basketToken(
  db: Executor,
  owner: BasketOwner,
  cart: CartRow,
  now: Date,
): Promise<BasketToken> {
  const token = owner.tokenFor(cart.tokenExpiresAt);
  if (cart.tokenExpiresAt > now && cart.tokenHash === hashToken(token)) {
    return { token, expiresAt: cart.tokenExpiresAt };
  }
  const expiresAt = newExpiry(now);
  const fresh = owner.tokenFor(expiresAt);
  const [updated] = await db
    .update(carts)
    .set({ tokenHash: hashToken(fresh), tokenExpiresAt: expiresAt })
    .where(and(eq(carts.id, cart.id), eq(carts.tokenHash, cart.tokenHash)))
    .returning({ id: carts.id });
  if (updated) return { token: fresh, expiresAt };
  // Another call renewed it first: its token is the one.
  const [row] = await db.select().from(carts).where(eq(carts.id, cart.id));
  if (!row) throw new Error('the basket went away while its token was renewed');
  return { token: owner.tokenFor(row.tokenExpiresAt), expiresAt: row.tokenExpiresAt };
}

/**
 * Makes an open guest basket the customer's (who has none): its token is replaced by the customer's kind. Does
 * nothing when it is no longer an open guest basket, or when the customer gained a basket meanwhile (the caller
 * then reads the customer's basket again).
 */
async function claimGuestBasket(db: Executor, owner: BasketOwner, cartId: number, now: Date): Promise<void> {
  const expiresAt = newExpiry(now);
  try {
    // In a savepoint when `db` is a transaction: a refused claim must not abort the caller's transaction.
    await db.transaction(async (inner) => {
      await inner
        .update(carts)
        .set({
          customerId: owner.customerId,
          tokenHash: hashToken(owner.tokenFor(expiresAt)),
          tokenExpiresAt: expiresAt,
          updatedAt: now,
        })
        .where(
          and(
            eq(carts.id, cartId),
            isNull(carts.customerId),
            isNull(carts.completedAt),
            gt(carts.tokenExpiresAt, now),
          ),
        );
    });
  } catch (error) {
    // `cart_customer_open`: a call at the same time gave the customer a basket; that one wins.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** PostgreSQL's unique_violation (23505), on the error or on the error it wraps (drizzle's query error). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The resolver of `request.shop.cartToken`. Without a session: the token carried, unless it is a customer's
 * basket (then none). With one: the token of the customer's open basket; without an open basket, an open guest
 * basket carried becomes the customer's, and a paid basket of the customer's (or a guest's) still answers
 * completion with its order; anything else is no token (`POST /cart/items` then opens the customer's basket).
 */
export async function customerCartTokenResolver(request: FastifyRequest): Promise<string | null> {
  const carried = cartTokenResolver(request);
  const session = await request.shop.session;
  const { db, clock, config } = request.server;
  const carriedCart = async () => {
    if (!carried) return undefined;
    const [row] = await db
      .select({ id: carts.id, customerId: carts.customerId, completedAt: carts.completedAt })
      .from(carts)
      .where(eq(carts.tokenHash, hashToken(carried)));
    return row;
  };
  if (!session) {
    const cart = await carriedCart();
    return cart && cart.customerId !== null ? null : carried;
  }
  const owner = basketOwner(config.basketSecret, session.customer.id);
  const now = clock.now();
  const own = await customerBasket(db, owner.customerId);
  if (own) return (await basketToken(db, owner, own, now)).token;
  const cart = await carriedCart();
  if (!cart || (cart.customerId !== null && cart.customerId !== owner.customerId)) return null;
  if (cart.completedAt) return carried;
  if (cart.customerId === null) await claimGuestBasket(db, owner, cart.id, now);
  const basket = await customerBasket(db, owner.customerId);
  return basket ? (await basketToken(db, owner, basket, now)).token : null;
}

/** Whether the call carried the token it works with (else `GET /cart` and `POST /cart/items` give it back). */
export async function carriedItsToken(request: FastifyRequest): Promise<boolean> {
  return (await request.shop.cartToken) === cartTokenResolver(request);
}

/**
 * Login's first basket step: the open guest basket of `guestToken` on the site, locked for the rest of the
 * transaction, or undefined. Checkout places a basket's order only while holding this same lock, so what the
 * caller then learns about the basket's order stays true until it commits.
 */
export async function lockGuestBasket(
  tx: Executor,
  siteId: number,
  guestToken: string | null,
  now: Date,
): Promise<CartRow | undefined> {
  if (!guestToken) return undefined;
  const [guest] = await tx
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.tokenHash, hashToken(guestToken)),
        eq(carts.siteId, siteId),
        isNull(carts.customerId),
        isNull(carts.completedAt),
        gt(carts.tokenExpiresAt, now),
      ),
    )
    .for('update');
  return guest;
}

/**
 * Login: merges the guest basket (locked by `lockGuestBasket`) into the customer's open basket, once. Quantities
 * of the same pack are summed (999 at most), the guest's other lines added (up to the basket's line limit), its
 * code kept when the customer's basket has none, and the guest basket deleted, so a repeat merges nothing.
 * Without an open basket the guest one becomes the customer's. `guest` is undefined when there is nothing to
 * merge: no guest basket, or one whose order waits for its payment (the caller asks the orders module).
 * Returns the customer's basket token, or null when the customer has no basket.
 */
export async function mergeGuestBasket(
  tx: Executor,
  owner: BasketOwner,
  guest: CartRow | undefined,
  now: Date,
): Promise<BasketToken | null> {
  const own = await customerBasket(tx, owner.customerId, true);
  if (guest && !own) {
    await claimGuestBasket(tx, owner, guest.id, now);
  } else if (guest && own) {
    const [lines] = await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, own.id));
    const room = CART_MAX_LINES - (lines?.n ?? 0);
    // Same pack: summed and capped; new packs: as many as the basket has room for, oldest first.
    await tx.execute(sql`
      insert into cart_line (cart_id, variant_reference, name, quantity, created_at)
      select ${own.id}, g.variant_reference, g.name, g.quantity, g.created_at
      from cart_line g
      where g.cart_id = ${guest.id}
        and (exists (select 1 from cart_line o where o.cart_id = ${own.id} and o.variant_reference = g.variant_reference)
          or g.id in (select n.id from cart_line n
                      where n.cart_id = ${guest.id}
                        and not exists (select 1 from cart_line o where o.cart_id = ${own.id} and o.variant_reference = n.variant_reference)
                      order by n.id limit ${Math.max(room, 0)}))
      on conflict (cart_id, variant_reference)
      do update set quantity = least(cart_line.quantity + excluded.quantity, ${CART_QUANTITY.max})`);
    await tx
      .update(carts)
      .set({ discountId: own.discountId ?? guest.discountId, updatedAt: now })
      .where(eq(carts.id, own.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
  }
  const basket = await customerBasket(tx, owner.customerId);
  return basket ? basketToken(tx, owner, basket, now) : null;
}
