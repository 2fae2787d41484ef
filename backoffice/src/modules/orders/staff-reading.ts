/**
 * The staff's read side of orders (issue 23): the list, paged, sorted and filtered in SQL (and the same filtered
 * list whole, for the CSV export), the order page with everything that happened to the order, the dashboard's
 * counts and the open and overdue on-account invoices. Other modules' tables (payments, documents, mail, audit)
 * are only read here, through db/schema.ts.
 */
import {
  fulfilmentMovesFrom,
  SHIPPING_CARRIERS,
  trackingUrl,
  type ShippingCarrier,
} from '@plasterwick/shop-rules/fulfilment';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  auditEvents,
  mailAttachments,
  mailOutbox,
  orderDocuments,
  paymentEvents,
  payments,
} from '../../db/schema.ts';
import type { Database, Executor } from '../../db/types.ts';
import { notFound } from '../../lib/errors.ts';
import { nextDay, ukDay, ukDayStart } from '../../lib/uk-time.ts';
import { invoiceAvailable } from '../documents/index.ts';
import { refundsOfPayment, type RefundRow } from '../payments/index.ts';
import type { OrderRow } from './service.ts';
import type {
  Dashboard,
  InvoiceListQuery,
  OpenInvoice,
  StaffOrderFilters,
  StaffOrderItem,
  StaffOrderListQuery,
  StaffOrderPage,
} from './staff-schemas.ts';
import { orderLines, orderNotes, orders } from './tables.ts';

/** The status of the order's latest card payment (the one the order page shows). */
const latestPaymentStatusSql = sql<string | null>`(
  select ${payments.status} from ${payments} where ${payments.orderId} = ${orders.id}
  order by ${payments.createdAt} desc limit 1)`;

// ---- the list ------------------------------------------------------------------------------------------------

const sortColumns = {
  placed_at: orders.placedAt,
  number: orders.number,
  email: orders.email,
  total_inc_pence: orders.totalIncPence,
  status: orders.status,
  fulfilment_status: orders.fulfilmentStatus,
} as const;

/** A LIKE pattern for the rows containing `words` (its wildcards and escape typed by the person escaped). */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `q`: the number, e-mail, name or postcode contains it, in any case. `list_search` holds all four, lower-cased,
 * one per line: its trigram index answers, and as no filter holds a line break no match spans two fields.
 */
function anyFieldContaining(words: string | undefined): SQL | undefined {
  if (words === undefined) return undefined;
  return sql`${orders.listSearch} like lower(${likePattern(words)})`;
}

/**
 * One field containing `words`: `list_search` contains them whenever the field does, so that test goes first for
 * its index, and the field's own test keeps the match to that field.
 */
function fieldContaining(column: AnyPgColumn, words: string | undefined): SQL | undefined {
  if (words === undefined) return undefined;
  const pattern = likePattern(words);
  return and(sql`${orders.listSearch} like lower(${pattern})`, sql`${column} ilike ${pattern}`);
}

function whereOf(siteId: number, filters: StaffOrderFilters): SQL | undefined {
  return and(
    eq(orders.siteId, siteId),
    anyFieldContaining(filters.q),
    fieldContaining(orders.number, filters.number),
    fieldContaining(orders.email, filters.email),
    fieldContaining(orders.customerName, filters.name),
    fieldContaining(orders.customerPostcode, filters.postcode),
    filters.status === undefined ? undefined : eq(orders.status, filters.status),
    filters.payment_status === undefined
      ? undefined
      : sql`${latestPaymentStatusSql} = ${filters.payment_status}`,
    filters.fulfilment_status === undefined
      ? undefined
      : eq(orders.fulfilmentStatus, filters.fulfilment_status),
    filters.placed_from === undefined ? undefined : gte(orders.placedAt, ukDayStart(filters.placed_from)),
    filters.placed_to === undefined ? undefined : lt(orders.placedAt, ukDayStart(nextDay(filters.placed_to))),
    filters.audience === undefined ? undefined : eq(orders.audience, filters.audience),
    filters.payment_method === undefined ? undefined : eq(orders.paymentMethod, filters.payment_method),
  );
}

const listColumns = {
  id: orders.id,
  number: orders.number,
  placedAt: orders.placedAt,
  audience: orders.audience,
  email: orders.email,
  name: orders.customerName,
  postcode: orders.customerPostcode,
  status: orders.status,
  fulfilmentStatus: orders.fulfilmentStatus,
  fulfilmentMethod: orders.fulfilmentMethod,
  paymentMethod: orders.paymentMethod,
  totalExPence: orders.totalExPence,
  totalIncPence: orders.totalIncPence,
  currency: orders.currency,
  erasedAt: orders.customerErasedAt,
};

/** The list's sort keys, as the fields of the page's query. */
const sortFields = {
  placed_at: 'placedAt',
  number: 'number',
  email: 'email',
  total_inc_pence: 'totalIncPence',
  status: 'status',
  fulfilment_status: 'fulfilmentStatus',
} as const satisfies Record<keyof typeof sortColumns, keyof typeof listColumns>;

/**
 * The matching orders in the list's order (a page of them, or all), each with its payments' side (the latest
 * payment's status, what all its payments refunded) from a lateral join on the page's rows only: one statement, as
 * every statement counts on the embedded database. `counted`: each row also carries how many orders match in all
 * (a window over the same scan).
 */
async function ordersWithPayments(
  db: Executor,
  siteId: number,
  filters: StaffOrderFilters,
  { page, counted = false }: { page?: { limit: number; offset: number }; counted?: boolean } = {},
) {
  const direction = filters.order === 'ASC' ? asc : desc;
  const matching = db
    .select({
      ...listColumns,
      matching: (counted ? sql<number>`(count(*) over ())::int` : sql<number>`0`).as('matching'),
    })
    .from(orders)
    .where(whereOf(siteId, filters))
    .orderBy(direction(sortColumns[filters.sort]), direction(orders.id));
  const listed = (page ? matching.limit(page.limit).offset(page.offset) : matching).as('listed');
  const paid = db
    .select({
      status: sql<StaffOrderItem['payment_status']>`(array_agg(${payments.status}
        order by ${payments.createdAt} desc))[1]`.as('payment_status'),
      refunded: sql<number>`coalesce(sum(${payments.refundedPence}), 0)::int`.as('refunded_pence'),
    })
    .from(payments)
    .where(eq(payments.orderId, listed.id))
    .as('paid');
  const rows = await db
    .select()
    .from(listed)
    .leftJoinLateral(paid, sql`true`)
    .orderBy(direction(listed[sortFields[filters.sort]]), direction(listed.id));
  return rows.map(({ listed: row, paid: payment }) => ({
    matching: row.matching,
    item: {
      id: row.id,
      number: row.number,
      placed_at: row.placedAt.toISOString(),
      audience: row.audience,
      email: row.email,
      name: row.name,
      postcode: row.postcode,
      status: row.status,
      fulfilment_status: row.fulfilmentStatus,
      fulfilment_method: row.fulfilmentMethod,
      payment_method: row.paymentMethod,
      payment_status: payment?.status ?? null,
      total_ex_pence: row.totalExPence,
      total_inc_pence: row.totalIncPence,
      refunded_pence: payment?.refunded ?? 0,
      currency: row.currency,
      erased: row.erasedAt !== null,
    } satisfies StaffOrderItem,
  }));
}

const FILTERS = [
  'q',
  'number',
  'email',
  'name',
  'postcode',
  'status',
  'payment_status',
  'fulfilment_status',
  'placed_from',
  'placed_to',
  'audience',
  'payment_method',
] as const satisfies readonly (keyof StaffOrderFilters)[];

/**
 * `GET /staff/orders`: a page of the site's orders, filtered and sorted, and how many match. A filtered list counts
 * its matches in the scan that finds its page (the search index is read once, not twice); the whole list is
 * counted apart (numbering every order to answer 25 costs more than a count), and so is a page past the end, which
 * has no row to carry the count.
 */
export async function listStaffOrders(
  db: Database,
  siteId: number,
  query: StaffOrderListQuery,
): Promise<{ items: StaffOrderItem[]; total: number }> {
  const page = { limit: query.perPage, offset: (query.page - 1) * query.perPage };
  if (FILTERS.some((filter) => query[filter] !== undefined)) {
    const rows = await ordersWithPayments(db, siteId, query, { page, counted: true });
    if (rows.length > 0 || query.page === 1) {
      return { items: rows.map((row) => row.item), total: rows[0]?.matching ?? 0 };
    }
  }
  const [total] = await db.select({ n: count() }).from(orders).where(whereOf(siteId, query));
  const rows = await ordersWithPayments(db, siteId, query, { page });
  return { items: rows.map((row) => row.item), total: total?.n ?? 0 };
}

/** `GET /staff/orders/export.csv`: every order the filters match, in the list's order. */
export async function exportStaffOrders(
  db: Database,
  siteId: number,
  filters: StaffOrderFilters,
): Promise<StaffOrderItem[]> {
  return (await ordersWithPayments(db, siteId, filters)).map((row) => row.item);
}

// ---- the order page ------------------------------------------------------------------------------------------

/** What each audited action on an order reads like in its timeline. */
const AUDIT_SUMMARIES: Record<string, string> = {
  'order.resend_confirmation': 'Confirmation e-mail sent again',
  'order.invoice_paid': 'Invoice recorded as paid',
  'order.ready_for_collection': 'Marked ready for collection',
  'order.collected': 'Marked collected',
  'order.dispatch': 'Marked dispatched',
  'order.delivered': 'Marked delivered',
  'order.cancel': 'Cancelled',
  'order.refund': 'Refunded',
};

type TimelineEntry = StaffOrderPage['timeline'][number];
type Refund = RefundRow;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** How many of each line the refunds still standing (pending or succeeded) gave back. */
function refundedQuantities(refunds: Refund[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const refund of refunds) {
    if (refund.status === 'failed') continue;
    for (const line of refund.lines ?? []) {
      quantities.set(line.order_line_id, (quantities.get(line.order_line_id) ?? 0) + line.quantity);
    }
  }
  return quantities;
}

async function paymentSection(db: Executor, orderId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) return { payment: null, refunds: [] as Refund[], events: [] };
  const events = await db
    .select({
      type: paymentEvents.type,
      outcome: paymentEvents.outcome,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, payment.id))
    .orderBy(asc(paymentEvents.receivedAt));
  const refunds = await refundsOfPayment(db, payment.id);
  const creditNotes = refunds.length
    ? await db
        .select({ refundId: orderDocuments.refundId, number: orderDocuments.number })
        .from(orderDocuments)
        .where(
          inArray(
            orderDocuments.refundId,
            refunds.map((refund) => refund.id),
          ),
        )
    : [];
  const creditNoteOf = new Map(creditNotes.map((note) => [note.refundId, note.number]));
  return {
    refunds,
    events,
    payment: {
      id: payment.id,
      status: payment.status,
      provider: payment.provider,
      captured_pence: payment.capturedPence,
      refunded_pence: payment.refundedPence,
      refundable_pence: payment.capturedPence - payment.refundedPence,
      events: events.map((event) => ({
        type: event.type,
        outcome: event.outcome,
        received_at: event.receivedAt.toISOString(),
      })),
      refunds: refunds.map((refund) => ({
        id: refund.id,
        amount_pence: refund.amountPence,
        status: refund.status,
        reason: refund.reason,
        lines: refund.lines,
        created_at: refund.createdAt.toISOString(),
        credit_note_number: creditNoteOf.get(refund.id) ?? null,
      })),
    },
  };
}

async function mailSection(db: Executor, orderId: number) {
  const mails = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  const files = mails.length
    ? await db
        .select({ mailId: mailAttachments.mailId, filename: mailAttachments.filename })
        .from(mailAttachments)
        .where(
          inArray(
            mailAttachments.mailId,
            mails.map((mail) => mail.id),
          ),
        )
        .orderBy(asc(mailAttachments.id))
    : [];
  return mails.map((mail) => ({
    id: mail.id,
    kind: mail.kind,
    recipient: mail.recipient,
    subject: mail.subject,
    created_at: mail.createdAt.toISOString(),
    sent_at: iso(mail.sentAt),
    attachments: files.filter((file) => file.mailId === mail.id).map((file) => file.filename),
  }));
}

/** The audit trail's events about the order, by its id (staff calls) or its number (the keyed invoice call). */
async function auditSection(db: Executor, order: OrderRow) {
  return db
    .select({
      at: auditEvents.at,
      action: auditEvents.action,
      outcome: auditEvents.outcome,
      actorName: auditEvents.actorName,
    })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.entity, 'order'), inArray(auditEvents.entityId, [String(order.id), order.number])),
    );
}

type PaymentSection = Awaited<ReturnType<typeof paymentSection>>['payment'];
type NoteRow = typeof orderNotes.$inferSelect;

/** Everything that happened to the order, newest first. */
function timelineOf(
  order: OrderRow,
  payment: PaymentSection,
  audits: Awaited<ReturnType<typeof auditSection>>,
  notes: NoteRow[],
  mails: StaffOrderPage['mails'],
): TimelineEntry[] {
  const timeline: TimelineEntry[] = [
    {
      at: order.placedAt.toISOString(),
      kind: 'placed',
      summary: `Order ${order.number} placed`,
      actor: null,
    },
    ...(order.paidAt
      ? [{ at: order.paidAt.toISOString(), kind: 'paid' as const, summary: 'Paid', actor: null }]
      : []),
    ...(payment?.events ?? []).map((event) => ({
      at: event.received_at,
      kind: 'payment' as const,
      summary: `Payment ${event.type} (${event.outcome})`,
      actor: null,
    })),
    // A note shows as itself: its audit record would only repeat it.
    ...audits
      .filter((event) => event.action !== 'order.note')
      .map((event) => ({
        at: event.at.toISOString(),
        kind: 'audit' as const,
        summary: `${AUDIT_SUMMARIES[event.action] ?? event.action}${event.outcome === 'ok' ? '' : ` (${event.outcome})`}`,
        actor: event.actorName,
      })),
    ...notes.map((note) => ({
      at: note.createdAt.toISOString(),
      kind: 'note' as const,
      summary: note.body,
      actor: note.staffName,
    })),
    ...mails.map((mail) => ({
      at: mail.created_at,
      kind: 'mail' as const,
      summary: `E-mail "${mail.subject}" to ${mail.recipient}`,
      actor: null,
    })),
  ];
  // Newest first. ISO strings of one format sort as their instants; entries of one instant (placed, paid and the
  // confirmation together) keep their order of events above, reversed with the rest.
  return timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).reverse();
}

function fulfilmentOf(order: OrderRow): StaffOrderPage['fulfilment'] {
  const carrier = order.shippingCarrier as ShippingCarrier | null;
  return {
    status: order.fulfilmentStatus,
    method: order.fulfilmentMethod,
    carrier,
    carrier_name: carrier ? SHIPPING_CARRIERS[carrier].name : null,
    tracking_number: order.trackingNumber,
    tracking_url: carrier && order.trackingNumber ? trackingUrl(carrier, order.trackingNumber) : null,
    ready_at: iso(order.readyAt),
    collected_at: iso(order.collectedAt),
    dispatched_at: iso(order.dispatchedAt),
    delivered_at: iso(order.deliveredAt),
    cancelled_at: iso(order.cancelledAt),
    cancel_reason: order.cancelReason,
    // A move needs the order paid or on account (the database's orders_fulfilment_paid_check).
    next:
      order.status === 'paid' || order.status === 'on_account'
        ? [...fulfilmentMovesFrom(order.fulfilmentMethod, order.fulfilmentStatus)]
        : [],
  };
}

function linesOf(lines: (typeof orderLines.$inferSelect)[], refunds: Refund[]): StaffOrderPage['lines'] {
  const refunded = refundedQuantities(refunds);
  return lines.map((line) => ({
    id: line.id,
    reference: line.variantReference,
    name: line.name,
    variant_label: line.variantLabel,
    quantity: line.quantity,
    unit_ex_pence: line.unitExPence,
    unit_inc_pence: line.unitIncPence,
    line_ex_pence: line.lineExPence,
    line_vat_pence: line.lineVatPence,
    line_inc_pence: line.lineIncPence,
    vat_rate_bp: line.vatRateBp,
    free: line.free,
    refunded_quantity: refunded.get(line.id) ?? 0,
  }));
}

function invoiceOf(order: OrderRow, number: string | null, now: Date): StaffOrderPage['invoice'] {
  return {
    number,
    // The documents module's rule: an order paid or on account, or paid before it was cancelled; an issued
    // invoice stays available.
    available: number !== null || invoiceAvailable(order),
    due_at: iso(order.paymentDueAt),
    overdue: order.status === 'on_account' && order.paymentDueAt !== null && order.paymentDueAt < now,
  };
}

/**
 * `GET /staff/orders/{id}`: the whole order as staff see it (docs/api-contract.md "Staff: orders"); another site's
 * order, or none, is a 404. `now` decides whether an invoice is overdue (the app's clock).
 */
export async function staffOrderPage(
  db: Executor,
  siteId: number,
  id: number,
  now: Date = new Date(),
): Promise<StaffOrderPage> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.siteId, siteId)));
  if (!order) throw notFound(`Order ${id}`);
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.position));
  const { payment, refunds } = await paymentSection(db, id);
  const [invoice] = await db
    .select({ number: orderDocuments.number })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, id), eq(orderDocuments.kind, 'invoice')));
  const mails = await mailSection(db, id);
  const notes = await db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, id))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
  const audits = await auditSection(db, order);
  return {
    id: order.id,
    number: order.number,
    placed_at: order.placedAt.toISOString(),
    audience: order.audience,
    email: order.email,
    name: order.customerName,
    postcode: order.customerPostcode,
    status: order.status,
    fulfilment_status: order.fulfilmentStatus,
    fulfilment_method: order.fulfilmentMethod,
    payment_method: order.paymentMethod,
    payment_status: payment?.status ?? null,
    total_ex_pence: order.totalExPence,
    total_inc_pence: order.totalIncPence,
    refunded_pence: payment?.refunded_pence ?? 0,
    currency: order.currency,
    erased: order.customerErasedAt !== null,
    phone: order.phone,
    po_number: order.poNumber,
    customer_id: order.customerId,
    lines: linesOf(lines, refunds),
    totals: {
      subtotal: { ex: order.subtotalExPence, vat: order.subtotalVatPence, inc: order.subtotalIncPence },
      discount: { ex: order.discountExPence, vat: order.discountVatPence, inc: order.discountIncPence },
      shipping: { ex: order.shippingExPence, vat: order.shippingVatPence, inc: order.shippingIncPence },
      total: { ex: order.totalExPence, vat: order.totalVatPence, inc: order.totalIncPence },
    },
    discount:
      order.discountCode === null
        ? null
        : { code: order.discountCode, description: order.discountDescription ?? order.discountCode },
    delivery: order.delivery,
    billing: order.billing,
    fulfilment: fulfilmentOf(order),
    payment,
    invoice: invoiceOf(order, invoice?.number ?? null, now),
    mails,
    notes: notes.map((note) => ({
      id: note.id,
      staff_name: note.staffName,
      body: note.body,
      created_at: note.createdAt.toISOString(),
    })),
    timeline: timelineOf(order, payment, audits, notes, mails),
    paid_at: iso(order.paidAt),
    payment_due_at: iso(order.paymentDueAt),
  };
}

// ---- dashboard and invoices -------------------------------------------------------------------------------------

const settled = sql`${orders.status} in ('paid', 'on_account')`;

/**
 * `GET /staff/dashboard`'s order figures: what needs doing now, and today's takings (the UK day of `now`). The
 * route adds the other modules' counts the caller may see.
 */
export async function staffDashboard(
  db: Database,
  siteId: number,
  now: Date,
): Promise<Omit<Dashboard, 'trade_applications' | 'unanswered_messages'>> {
  // Raw SQL parameters go to the driver as they are: instants as ISO strings, which both drivers take.
  const todayStart = ukDayStart(ukDay(now)).toISOString();
  const at = now.toISOString();
  const [counts] = await db
    .select({
      todayOrders:
        sql<number>`count(*) filter (where ${settled} and ${orders.placedAt} >= ${todayStart})`.mapWith(
          Number,
        ),
      todayInc:
        sql<number>`coalesce(sum(${orders.totalIncPence}) filter (where ${settled} and ${orders.placedAt} >= ${todayStart}), 0)`.mapWith(
          Number,
        ),
      todayEx:
        sql<number>`coalesce(sum(${orders.totalExPence}) filter (where ${settled} and ${orders.placedAt} >= ${todayStart}), 0)`.mapWith(
          Number,
        ),
      toPrepare:
        sql<number>`count(*) filter (where ${settled} and ${orders.fulfilmentStatus} = 'unfulfilled' and ${orders.fulfilmentMethod} = 'delivery')`.mapWith(
          Number,
        ),
      toCollect:
        sql<number>`count(*) filter (where ${settled} and ${orders.fulfilmentMethod} = 'collect' and ${orders.fulfilmentStatus} in ('unfulfilled', 'ready_for_collection'))`.mapWith(
          Number,
        ),
      dispatched: sql<number>`count(*) filter (where ${orders.fulfilmentStatus} = 'dispatched')`.mapWith(
        Number,
      ),
      paymentChecking:
        sql<number>`count(*) filter (where ${orders.status} = 'pending_payment' and ${latestPaymentStatusSql} in ('pending', 'requires_action'))`.mapWith(
          Number,
        ),
      invoicesOpen: sql<number>`count(*) filter (where ${orders.status} = 'on_account')`.mapWith(Number),
      invoicesOverdue:
        sql<number>`count(*) filter (where ${orders.status} = 'on_account' and ${orders.paymentDueAt} < ${at})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.siteId, siteId));
  return {
    today: {
      orders: counts?.todayOrders ?? 0,
      takings_inc_pence: counts?.todayInc ?? 0,
      takings_ex_pence: counts?.todayEx ?? 0,
    },
    to_prepare: counts?.toPrepare ?? 0,
    to_collect: counts?.toCollect ?? 0,
    dispatched: counts?.dispatched ?? 0,
    payment_checking: counts?.paymentChecking ?? 0,
    invoices: { open: counts?.invoicesOpen ?? 0, overdue: counts?.invoicesOverdue ?? 0 },
  };
}

/** `GET /staff/invoices`: on-account orders not yet paid (all, or those past their due date), soonest due first. */
export async function listOpenInvoices(
  db: Database,
  siteId: number,
  query: InvoiceListQuery,
  now: Date,
): Promise<{ items: OpenInvoice[]; total: number }> {
  const where = and(
    eq(orders.siteId, siteId),
    eq(orders.status, 'on_account'),
    query.state === 'overdue' ? lt(orders.paymentDueAt, now) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerId: orders.customerId,
      email: orders.email,
      name: orders.customerName,
      poNumber: orders.poNumber,
      placedAt: orders.placedAt,
      dueAt: orders.paymentDueAt,
      totalExPence: orders.totalExPence,
      totalIncPence: orders.totalIncPence,
      currency: orders.currency,
    })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.paymentDueAt), asc(orders.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => {
      // On-account orders always have a due date (orders_on_account_check).
      const dueAt = row.dueAt ?? row.placedAt;
      return {
        id: row.id,
        number: row.number,
        customer_id: row.customerId,
        email: row.email,
        name: row.name,
        po_number: row.poNumber,
        placed_at: row.placedAt.toISOString(),
        due_at: dueAt.toISOString(),
        overdue: dueAt < now,
        total_ex_pence: row.totalExPence,
        total_inc_pence: row.totalIncPence,
        currency: row.currency,
      };
    }),
  };
}
