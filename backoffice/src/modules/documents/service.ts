/**
 * Issuing the accounting documents and drawing them. A number is issued once, the first time its document is asked
 * for (docs/decisions.md "Accounting documents' numbers"), and the PDF is drawn again at each request from the
 * order's snapshot, the refund and the company's configured details.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { orderLines, orders, paymentRefunds, payments } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { billingView, deliveryView, type DeliveryView } from '../cart/index.ts';
import { renderCreditNote, type CreditLine } from './credit-note.ts';
import { renderInvoice } from './invoice.ts';
import { renderPackingSlip } from './packing-slip.ts';
import type { Company, Party } from './render.ts';
import { orderDocuments } from './tables.ts';

/** What drawing a document needs besides the database. */
export interface DocumentDeps {
  company: Company;
  clock: Clock;
}

/** A PDF ready for a download or an e-mail attachment. */
export interface PdfFile {
  filename: string;
  contentType: 'application/pdf';
  content: Uint8Array;
}

export interface IssuedDocument {
  number: string;
  issuedAt: Date;
}

type OrderRow = typeof orders.$inferSelect;

// The first key of the two-key advisory locks that serialise issuing per order (invoices) or per refund (credit
// notes): arbitrary, only distinct from each other.
const INVOICE_LOCK = 2301;
const CREDIT_NOTE_LOCK = 2302;

const pdf = (filename: string, content: Uint8Array): PdfFile => ({
  filename,
  contentType: 'application/pdf',
  content,
});

/**
 * Whether the order has (or may have) a VAT invoice: it is paid or on account, or was paid before being cancelled
 * (the payment made a supply, which the credit note of its refund then corrects).
 */
export const invoiceAvailable = (order: Pick<OrderRow, 'status' | 'paidAt'>): boolean =>
  order.status === 'paid' || order.status === 'on_account' || order.paidAt !== null;

const invoiceNotAvailable = (order: Pick<OrderRow, 'number' | 'status'>) =>
  new DomainError(
    'invoice_not_available',
    `Order ${order.number} has no VAT invoice: it is ${order.status.replace('_', ' ')}, neither paid nor on account`,
    { conflict: true, details: { order_status: order.status } },
  );

/** The invoice already issued for the order, if any. */
export async function findInvoice(db: Executor, orderId: number): Promise<IssuedDocument | undefined> {
  const [row] = await db
    .select({ number: orderDocuments.number, issuedAt: orderDocuments.issuedAt })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, 'invoice')));
  return row;
}

async function findCreditNote(db: Executor, refundId: number): Promise<IssuedDocument | undefined> {
  const [row] = await db
    .select({ number: orderDocuments.number, issuedAt: orderDocuments.issuedAt })
    .from(orderDocuments)
    .where(eq(orderDocuments.refundId, refundId));
  return row;
}

/**
 * The order's invoice number, issued now from `invoice_number_seq` if it has none yet; 409 `invoice_not_available`
 * for an order neither paid nor on account. Call it in a transaction: the advisory lock lasts until it ends.
 */
export async function issueInvoice(tx: Executor, order: OrderRow, now: Date): Promise<IssuedDocument> {
  const existing = await findInvoice(tx, order.id);
  if (existing) return existing;
  if (!invoiceAvailable(order)) throw invoiceNotAvailable(order);
  // Concurrent requests wait here, then find the first one's number: no sequence value is drawn and lost.
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_LOCK}, ${order.id})`);
  const issuedMeanwhile = await findInvoice(tx, order.id);
  if (issuedMeanwhile) return issuedMeanwhile;
  await tx
    .insert(orderDocuments)
    .values({
      orderId: order.id,
      kind: 'invoice',
      number: sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
      issuedAt: now,
    })
    .onConflictDoNothing();
  const issued = await findInvoice(tx, order.id);
  if (!issued) throw new Error(`the invoice of order ${order.id} was neither issued nor found`);
  return issued;
}

/** The order `orderId` (of the site `siteId` when given); else 404. */
export async function loadOrderRow(db: Executor, orderId: number, siteId?: number): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), siteId === undefined ? undefined : eq(orders.siteId, siteId)));
  if (!order) throw notFound(`Order ${orderId}`);
  return order;
}

const loadLines = (db: Executor, orderId: number) =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

const regionNames = new Intl.DisplayNames('en-GB', { type: 'region' });
/** `uk` → `United Kingdom`; other codes are ISO 3166 ones. */
const countryName = (code: string) => regionNames.of(code === 'uk' ? 'GB' : code.toUpperCase()) ?? code;

/** The customer as documents name them: the billing address, else the delivery's, else the collector. */
function customerOf(order: OrderRow): Party {
  const delivery = deliveryView.safeParse(order.delivery);
  const billing = billingView.safeParse(order.billing);
  const address =
    (billing.success ? billing.data.address : null) ??
    (delivery.success && delivery.data.method === 'delivery' ? delivery.data.address : null);
  if (address) {
    return {
      name: `${address.first_name} ${address.last_name}`,
      lines: [
        address.company,
        address.address,
        address.address_2,
        address.town,
        address.postcode,
        countryName(address.country),
      ].filter((line): line is string => Boolean(line)),
    };
  }
  if (delivery.success && delivery.data.method === 'collect') {
    return { name: `${delivery.data.first_name} ${delivery.data.last_name}`, lines: [order.email] };
  }
  return { name: order.email, lines: [] };
}

const amounts = (ex: number, vat: number, inc: number) => ({ ex, vat, inc });
const lineDescription = (line: { name: string; variantLabel: string }) =>
  line.variantLabel ? `${line.name}, ${line.variantLabel}` : line.name;

function carrierLabel(delivery: DeliveryView | undefined): string {
  if (!delivery) return 'delivery';
  return delivery.method === 'delivery' ? delivery.carrier_label : `collect from ${delivery.stockist.name}`;
}

/** The order's VAT invoice as a PDF, issuing its number if needed (`INV-000123.pdf`). */
export async function invoicePdf(tx: Executor, deps: DocumentDeps, order: OrderRow): Promise<PdfFile> {
  const issued = await issueInvoice(tx, order, deps.clock.now());
  const lines = await loadLines(tx, order.id);
  const delivery = deliveryView.safeParse(order.delivery);
  const content = await renderInvoice({
    company: deps.company,
    number: issued.number,
    issuedAt: issued.issuedAt,
    // A card payment is taken before the goods go, so it fixes the tax point; on account the goods go first and
    // the later payment does not move it.
    timeOfSupply: order.paymentMethod === 'on_account' ? order.placedAt : (order.paidAt ?? order.placedAt),
    orderNumber: order.number,
    poNumber: order.poNumber,
    customer: customerOf(order),
    lines: lines.map((line) => ({
      reference: line.variantReference,
      description: lineDescription(line) + (line.free ? ' (free)' : ''),
      quantity: line.quantity,
      unitExPence: line.unitExPence,
      vatRateBp: line.vatRateBp,
      line: amounts(line.lineExPence, line.lineVatPence, line.lineIncPence),
    })),
    subtotal: amounts(order.subtotalExPence, order.subtotalVatPence, order.subtotalIncPence),
    discount:
      order.discountIncPence > 0
        ? {
            label: order.discountCode ?? 'discount',
            amounts: amounts(order.discountExPence, order.discountVatPence, order.discountIncPence),
          }
        : null,
    shipping: {
      label: carrierLabel(delivery.success ? delivery.data : undefined),
      amounts: amounts(order.shippingExPence, order.shippingVatPence, order.shippingIncPence),
    },
    total: amounts(order.totalExPence, order.totalVatPence, order.totalIncPence),
    payment:
      order.paymentMethod === 'on_account'
        ? { method: 'on_account', dueAt: order.paymentDueAt ?? order.placedAt, paidAt: order.paidAt }
        : { method: 'card', paidAt: order.paidAt },
  });
  return pdf(`${issued.number}.pdf`, content);
}

/** A refund with its order: 404 unless it exists (and, with `orderId`, belongs to that order). */
async function loadRefund(db: Executor, refundId: number, orderId?: number) {
  const [row] = await db
    .select({ refund: paymentRefunds, orderId: payments.orderId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(eq(paymentRefunds.id, refundId), orderId === undefined ? undefined : eq(payments.orderId, orderId)),
    );
  if (!row) throw notFound(`Refund ${refundId}`);
  return row;
}

/**
 * The refund's credit note number, issued now from `credit_note_number_seq` if it has none yet (the order's
 * invoice, which it corrects, is issued first); 409 `credit_note_not_available` while the refund has not
 * succeeded. Call it in a transaction.
 */
export async function issueCreditNote(tx: Executor, refundId: number, now: Date): Promise<IssuedDocument> {
  const existing = await findCreditNote(tx, refundId);
  if (existing) return existing;
  const { refund, orderId } = await loadRefund(tx, refundId);
  if (refund.status !== 'succeeded') {
    throw new DomainError(
      'credit_note_not_available',
      `Refund ${refundId} is ${refund.status}: a credit note is issued once it has succeeded`,
      { conflict: true, details: { refund_status: refund.status } },
    );
  }
  await issueInvoice(tx, await loadOrderRow(tx, orderId), now);
  await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_NOTE_LOCK}, ${refundId})`);
  const issuedMeanwhile = await findCreditNote(tx, refundId);
  if (issuedMeanwhile) return issuedMeanwhile;
  await tx
    .insert(orderDocuments)
    .values({
      orderId,
      kind: 'credit_note',
      number: sql`'CN-' || lpad(nextval('credit_note_number_seq')::text, 6, '0')`,
      refundId,
      issuedAt: now,
    })
    .onConflictDoNothing();
  const issued = await findCreditNote(tx, refundId);
  if (!issued) throw new Error(`the credit note of refund ${refundId} was neither issued nor found`);
  return issued;
}

/** What a refund gave back, as credit note rows: its lines and the delivery charge, or its amount. */
function creditLines(
  refund: typeof paymentRefunds.$inferSelect,
  order: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
): CreditLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const credited: CreditLine[] = (refund.lines ?? []).map((given) => {
    const line = byId.get(given.order_line_id);
    return {
      description: line
        ? `${lineDescription(line)} (${line.variantReference})`
        : `Order line ${given.order_line_id}`,
      quantity: given.quantity,
      incPence: given.amount_pence,
      vatRateBp: line?.vatRateBp ?? order.vatRateBp,
    };
  });
  const rest = refund.amountPence - credited.reduce((sum, line) => sum + line.incPence, 0);
  if (rest > 0) {
    credited.push({
      // By line, what the lines do not account for is the delivery charge given back with them.
      description: refund.lines?.length ? 'Delivery charge' : `Refund on order ${order.number}`,
      quantity: null,
      incPence: rest,
      vatRateBp: order.vatRateBp,
    });
  }
  return credited;
}

/**
 * The refund's credit note as a PDF, issuing its number if needed (`CN-000045.pdf`); with `orderId`, a refund of
 * another order is a 404.
 */
export async function creditNotePdf(
  tx: Executor,
  deps: DocumentDeps,
  refundId: number,
  orderId?: number,
): Promise<PdfFile> {
  const { refund, orderId: ownerId } = await loadRefund(tx, refundId, orderId);
  const issued = await issueCreditNote(tx, refund.id, deps.clock.now());
  const order = await loadOrderRow(tx, ownerId);
  const invoice = await findInvoice(tx, order.id);
  if (!invoice) throw new Error(`order ${order.id} has a credit note but no invoice`);
  const content = await renderCreditNote({
    company: deps.company,
    number: issued.number,
    issuedAt: issued.issuedAt,
    invoice,
    orderNumber: order.number,
    customer: customerOf(order),
    reason: refund.reason,
    lines: creditLines(refund, order, await loadLines(tx, order.id)),
  });
  return pdf(`${issued.number}.pdf`, content);
}

/** The order's packing slip (any order: staff print it before it ships). */
export async function packingSlipPdf(db: Executor, deps: DocumentDeps, order: OrderRow): Promise<PdfFile> {
  const lines = await loadLines(db, order.id);
  const delivery = deliveryView.parse(order.delivery);
  const content = await renderPackingSlip({
    company: deps.company,
    orderNumber: order.number,
    placedAt: order.placedAt,
    destination:
      delivery.method === 'delivery'
        ? {
            method: 'delivery',
            recipient: {
              name: `${delivery.address.first_name} ${delivery.address.last_name}`,
              lines: [
                delivery.address.company,
                delivery.address.address,
                delivery.address.address_2,
                delivery.address.town,
                delivery.address.postcode,
                countryName(delivery.address.country),
              ].filter((line): line is string => Boolean(line)),
            },
            carrier: delivery.carrier_label,
            phone: delivery.phone,
          }
        : {
            method: 'collect',
            stockist: {
              name: delivery.stockist.name,
              lines: [
                delivery.stockist.address,
                delivery.stockist.town,
                delivery.stockist.postcode,
                `Phone ${delivery.stockist.phone}`,
              ],
            },
            collector: `${delivery.first_name} ${delivery.last_name}`,
            phone: delivery.phone,
          },
    lines: lines.map((line) => ({
      reference: line.variantReference,
      description: lineDescription(line),
      quantity: line.quantity,
    })),
  });
  return pdf(`packing-slip-${order.number}.pdf`, content);
}

/** The e-mails' attachment of the order's VAT invoice (issuing its number if needed). */
export async function invoiceAttachment(tx: Executor, deps: DocumentDeps, orderId: number): Promise<PdfFile> {
  return invoicePdf(tx, deps, await loadOrderRow(tx, orderId));
}

/** The refund e-mail's attachment: the refund's credit note (issuing its number if needed). */
export function creditNoteAttachment(tx: Executor, deps: DocumentDeps, refundId: number): Promise<PdfFile> {
  return creditNotePdf(tx, deps, refundId);
}

/** A document the customer can open from their order. */
export interface CustomerDocument {
  kind: 'invoice' | 'credit_note';
  /** Null for an invoice not issued yet: its number is issued when it is first opened. */
  number: string | null;
  url: string;
}

/**
 * The documents of the customer's order `GET /orders/{number}` lists: the invoice once it exists or can be
 * issued, and the credit notes issued (their URL names their number).
 */
export async function customerDocuments(
  db: Executor,
  order: Pick<OrderRow, 'id' | 'number' | 'siteId' | 'status' | 'paidAt'>,
): Promise<CustomerDocument[]> {
  const issued = await db
    .select({ kind: orderDocuments.kind, number: orderDocuments.number })
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, order.id))
    .orderBy(desc(sql`${orderDocuments.kind} = 'invoice'`), asc(orderDocuments.id));
  // Complete links (with the site) for a plain <a href> on the storefront, which the browser follows same-origin.
  const url = (path: string) => `/api/v1/orders/${order.number}/${path}?site_id=${order.siteId}`;
  const invoice = issued.find((document) => document.kind === 'invoice');
  const documents: CustomerDocument[] =
    invoice || invoiceAvailable(order)
      ? [{ kind: 'invoice', number: invoice?.number ?? null, url: url('invoice.pdf') }]
      : [];
  for (const document of issued) {
    if (document.kind === 'credit_note') {
      documents.push({
        kind: 'credit_note',
        number: document.number,
        url: url(`credit-notes/${document.number}.pdf`),
      });
    }
  }
  return documents;
}

/** The refund of the order's credit note `number`; else 404. */
export async function refundOfCreditNote(db: Executor, orderId: number, number: string): Promise<number> {
  const [row] = await db
    .select({ refundId: orderDocuments.refundId })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.orderId, orderId),
        eq(orderDocuments.kind, 'credit_note'),
        eq(orderDocuments.number, number),
      ),
    );
  if (row?.refundId == null) throw notFound(`Credit note ${number}`);
  return row.refundId;
}
