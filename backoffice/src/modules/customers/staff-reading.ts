/**
 * The staff's read side of customer accounts (issue 24): the list, searched, filtered, paged and sorted in SQL, and
 * the customer page (profile, saved addresses, orders, wishlist, sessions, the account's state). Other modules'
 * tables (addresses, wishlist, orders, catalogue) are only read here, through db/schema.ts. No token or password
 * hash ever leaves: sessions are shown by their dates only.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { customerAddresses, orders, products, wishlistItems } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import { notFound } from '../../lib/errors.ts';
import type { CustomerRow } from './sessions.ts';
import type { StaffCustomerItem, StaffCustomerListQuery, StaffCustomerPage } from './staff-schemas.ts';
import { customers, customerSessions } from './tables.ts';

/** A LIKE pattern for the rows containing `words` (its wildcards and escape typed by the person escaped). */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(siteId: number, query: StaffCustomerListQuery): SQL | undefined {
  const pattern = query.q === undefined ? undefined : likePattern(query.q);
  return and(
    eq(customers.siteId, siteId),
    pattern === undefined
      ? undefined
      : or(
          sql`${customers.email} ilike ${pattern}`,
          sql`${customers.firstName} ilike ${pattern}`,
          sql`${customers.lastName} ilike ${pattern}`,
          sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${pattern}`,
          sql`${customers.company} ilike ${pattern}`,
          sql`${customers.phone} ilike ${pattern}`,
        ),
    query.audience === undefined ? undefined : eq(customers.audience, query.audience),
    query.trade_approved === undefined ? undefined : eq(customers.tradeApproved, query.trade_approved),
    query.disabled === undefined
      ? undefined
      : query.disabled
        ? isNotNull(customers.disabledAt)
        : isNull(customers.disabledAt),
  );
}

const sortColumns = {
  created_at: customers.createdAt,
  email: customers.email,
  last_name: customers.lastName,
  company: customers.company,
} as const;

export function customerItemOf(row: CustomerRow): StaffCustomerItem {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    phone: row.phone,
    audience: row.audience,
    trade_approved: row.tradeApproved,
    email_verified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /staff/customers`: a page of the site's accounts, filtered and sorted, and how many match. */
export async function listStaffCustomers(
  db: Executor,
  siteId: number,
  query: StaffCustomerListQuery,
): Promise<{ items: StaffCustomerItem[]; total: number }> {
  const where = whereOf(siteId, query);
  const direction = query.order === 'ASC' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), direction(customers.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { items: rows.map(customerItemOf), total: total?.n ?? 0 };
}

/** The site's account `id`, or a 404. `lock`: held for the rest of the caller's transaction. */
export async function staffCustomerRow(
  db: Executor,
  siteId: number,
  id: number,
  lock = false,
): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.siteId, siteId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Customer ${id}`);
  return row;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** `GET /staff/customers/{id}`: the whole account as staff see it; another site's account, or none, is a 404. */
export async function staffCustomerPage(
  db: Executor,
  siteId: number,
  id: number,
  now: Date,
): Promise<StaffCustomerPage> {
  const row = await staffCustomerRow(db, siteId, id);
  const { addresses, placed, wished, sessions } = await sectionsOf(db, id, now);
  return {
    ...customerItemOf(row),
    civility: row.civility,
    company_number: row.companyNumber,
    newsletter: row.newsletter,
    email_verified_at: iso(row.emailVerifiedAt),
    disabled_at: iso(row.disabledAt),
    updated_at: row.updatedAt.toISOString(),
    trade: {
      approved: row.tradeApproved,
      payment_terms_days: row.paymentTermsDays,
      credit_limit_pence: row.creditLimitPence,
      po_required: row.poRequired,
    },
    addresses: addresses.map((address) => ({
      id: address.id,
      label: address.label,
      first_name: address.firstName,
      last_name: address.lastName,
      company: address.company,
      address: address.address,
      address_2: address.address2,
      town: address.town,
      postcode: address.postcode,
      country: address.country,
      phone: address.phone,
      is_default_delivery: address.isDefaultDelivery,
      is_default_billing: address.isDefaultBilling,
    })),
    orders: placed.map((order) => ({
      id: order.id,
      number: order.number,
      placed_at: order.placedAt.toISOString(),
      status: order.status,
      fulfilment_status: order.fulfilmentStatus,
      total_ex_pence: order.totalExPence,
      total_inc_pence: order.totalIncPence,
      currency: order.currency,
    })),
    wishlist: wished.map((item) => ({
      product_id: item.productId,
      name: item.name,
      added_at: item.addedAt.toISOString(),
    })),
    sessions: sessions.map((session) => ({
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })),
  };
}

/** The page's lists: saved addresses, orders (newest first), wishlist, sessions not yet expired. */
async function sectionsOf(db: Executor, id: number, now: Date) {
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, id))
    .orderBy(asc(customerAddresses.id));
  const placed = await db
    .select({
      id: orders.id,
      number: orders.number,
      placedAt: orders.placedAt,
      status: orders.status,
      fulfilmentStatus: orders.fulfilmentStatus,
      totalExPence: orders.totalExPence,
      totalIncPence: orders.totalIncPence,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.customerId, id))
    .orderBy(desc(orders.placedAt), desc(orders.id));
  const wished = await db
    .select({ productId: wishlistItems.productId, name: products.name, addedAt: wishlistItems.addedAt })
    .from(wishlistItems)
    .leftJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.customerId, id))
    .orderBy(desc(wishlistItems.addedAt));
  const sessions = await db
    .select({
      createdAt: customerSessions.createdAt,
      lastSeenAt: customerSessions.lastSeenAt,
      expiresAt: customerSessions.expiresAt,
    })
    .from(customerSessions)
    .where(and(eq(customerSessions.customerId, id), gt(customerSessions.expiresAt, now)))
    .orderBy(desc(customerSessions.lastSeenAt));
  return { addresses, placed, wished, sessions };
}
