/**
 * The wishlist (api-contract.md "Accounts"): the account's copy of the device favourites. Only ids of products of
 * the site's catalogue are kept (unknown ids are dropped, not refused: the device may remember a product that has
 * since left the catalogue), and reading it leaves out products removed later. `merge` is the union the device
 * sends at login; `replace` sets the list; either way it holds MAX_WISHLIST_ITEMS at most. Sending it by e-mail is
 * limited to AUTH_LIMITS.wishlistSendPerCustomer, counted as the customers module's attempts under the customer
 * row's lock, in the transaction that queues the message.
 */
import {
  ACCOUNT_MESSAGES,
  AUTH_LIMITS,
  MAX_WISHLIST_ITEMS,
  type WishlistSendBody,
} from '@plasterwick/shop-rules/accounts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { products } from '../../db/schema.ts';
import type { ReadCache } from '../../lib/cache.ts';
import type { RequestContext } from '../../lib/context.ts';
import { DomainError } from '../../lib/errors.ts';
import { loadPlanCatalogue } from '../catalogue/index.ts';
import { attemptsWithin, lockCustomer, recordAttempt, type CustomerRow } from '../customers/index.ts';
import { enqueueMail, senderDomain } from '../mail/index.ts';
import { wishlistMail, type WishlistMailProduct } from './mails.ts';
import { wishlistItems } from './tables.ts';

/** What the customers' counted attempts count the wishlist e-mails under (the subject is the customer id). */
const WISHLIST_SEND_SCOPE = 'wishlist_send';

/** `GET /wishlist`: the ids still in the site's catalogue, the oldest addition first. */
export async function wishlistOf(db: Database, siteId: number, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .innerJoin(products, and(eq(products.id, wishlistItems.productId), eq(products.siteId, siteId)))
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(asc(wishlistItems.addedAt), asc(wishlistItems.productId));
  return rows.map((row) => row.id);
}

/** `PUT /wishlist`: `replace` sets the list, `merge` adds to it; ids of no product of the site are dropped. */
export async function putWishlist(
  db: Database,
  siteId: number,
  customerId: number,
  productIds: number[],
  mode: 'replace' | 'merge',
  now: Date,
): Promise<number[]> {
  const wanted = [...new Set(productIds)];
  const known = wanted.length
    ? new Set(
        (
          await db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.siteId, siteId), inArray(products.id, wanted)))
        ).map((row) => row.id),
      )
    : new Set<number>();
  const kept = wanted.filter((id) => known.has(id));
  await db.transaction(async (tx) => {
    // The customer row's lock serialises a customer's writes, so the list's limit holds.
    await lockCustomer(tx, customerId);
    if (mode === 'replace') await tx.delete(wishlistItems).where(eq(wishlistItems.customerId, customerId));
    const held = new Set(
      (
        await tx
          .select({ id: wishlistItems.productId })
          .from(wishlistItems)
          .where(eq(wishlistItems.customerId, customerId))
      ).map((row) => row.id),
    );
    // A merge beyond the limit keeps what the list held and adds while there is room.
    const added = kept.filter((id) => !held.has(id)).slice(0, Math.max(0, MAX_WISHLIST_ITEMS - held.size));
    if (added.length) {
      await tx
        .insert(wishlistItems)
        .values(added.map((productId) => ({ customerId, productId, addedAt: now })));
    }
  });
  return wishlistOf(db, siteId, customerId);
}

/** Each product with its packs and the audience whose page shows it: the customer's plan first. */
async function mailProducts(
  db: Database,
  cache: ReadCache,
  context: RequestContext,
  audience: CustomerRow['audience'],
  ids: number[],
): Promise<WishlistMailProduct[]> {
  const plans = [...context.plans].sort(
    (a, b) => Number(b.target === audience) - Number(a.target === audience),
  );
  const catalogues = await Promise.all(plans.map((plan) => loadPlanCatalogue(db, cache, plan)));
  return ids.flatMap((id) => {
    for (const catalogue of catalogues) {
      const product = catalogue.byId.get(id);
      if (product) {
        return [
          {
            name: product.summary.name,
            slug: product.summary.slug,
            audience: catalogue.plan.target,
            packs: product.summary.variants.map((variant) => variant.label),
          },
        ];
      }
    }
    // In the catalogue but sold in no plan right now: nothing to link to.
    return [];
  });
}

export interface WishlistSendDeps {
  db: Database;
  cache: ReadCache;
  mail: MailConfig;
  now: Date;
}

/**
 * `POST /wishlist/send` (after the bot check): the fixed template to the customer's address or `to`, queued in
 * the transaction that counts it. 403 `email_not_verified` until the account has confirmed its address (the mail
 * goes to any address, so it must come from someone who can be found), 400 `wishlist_empty` with nothing to send,
 * 429 beyond the limit.
 */
export async function sendWishlist(
  deps: WishlistSendDeps,
  context: RequestContext,
  customer: CustomerRow,
  body: WishlistSendBody,
): Promise<string> {
  if (customer.emailVerifiedAt === null) {
    throw new DomainError('email_not_verified', ACCOUNT_MESSAGES.verifyEmailFirst);
  }
  const items = await mailProducts(
    deps.db,
    deps.cache,
    context,
    customer.audience,
    await wishlistOf(deps.db, context.site.id, customer.id),
  );
  if (items.length === 0) {
    throw new DomainError('wishlist_empty', 'Your wishlist is empty: add products to it first');
  }
  const to = body.to?.toLowerCase() ?? customer.email;
  const toSelf = to === customer.email;
  const content = wishlistMail(
    {
      sender: { name: `${customer.firstName} ${customer.lastName}`, email: customer.email },
      toSelf,
      note: body.message,
      products: items,
    },
    deps.mail.siteUrl,
  );
  const limit = AUTH_LIMITS.wishlistSendPerCustomer;
  const subject = String(customer.id);
  await deps.db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    if ((await attemptsWithin(tx, WISHLIST_SEND_SCOPE, subject, limit, deps.now)) >= limit.max) {
      throw new DomainError(
        'too_many_attempts',
        `You can send your wishlist ${limit.max} times an hour: please try again later`,
        { retryAfterSeconds: limit.windowMinutes * 60 },
      );
    }
    await recordAttempt(tx, WISHLIST_SEND_SCOPE, subject, deps.now);
    await enqueueMail(tx, {
      kind: 'wishlist.send',
      to,
      ...(toSelf ? {} : { replyTo: customer.email }),
      ...content,
      messageIdDomain: senderDomain(deps.mail.from),
    });
  });
  return to;
}
