/**
 * Queries, bodies and answers of the staff's order calls (`/api/v1/staff/orders…`, `/staff/invoices`,
 * `/staff/dashboard`; docs/api-contract.md "Staff: orders"). Lists take react-admin's `page`, `perPage`, `sort`,
 * `order` and answer `{ data: { items, total } }`, as the other staff lists do.
 */
import { FULFILMENT_STATUSES } from '@plasterwick/shop-rules/fulfilment';
import { z } from 'zod';
import { commonQuery, listSearchText } from '../../lib/params.ts';
import { PAYMENT_STATUSES, REFUND_STATUSES } from '../../db/schema.ts';
import { ORDER_STATUSES } from './tables.ts';

const pence = z.number().int();
const instant = z.iso.datetime({ offset: true });
/** A calendar day in the UK (`2027-03-01`), checked as a real date. */
const day = z.iso.date();

export const staffOrderParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const STAFF_ORDER_SORTS = [
  'placed_at',
  'number',
  'email',
  'total_inc_pence',
  'status',
  'fulfilment_status',
] as const;

/** The filters of the list and of its CSV export. */
const orderFilters = {
  q: listSearchText(100).optional().describe('Number, e-mail, name or postcode containing it (any case)'),
  number: listSearchText(40).optional(),
  email: listSearchText(254).optional(),
  name: listSearchText(120).optional(),
  postcode: listSearchText(10).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional().describe("The card payment's status"),
  fulfilment_status: z.enum(FULFILMENT_STATUSES).optional(),
  placed_from: day.optional().describe('First UK calendar day placed (inclusive)'),
  placed_to: day.optional().describe('Last UK calendar day placed (inclusive)'),
  audience: z.enum(['pro', 'part']).optional(),
  payment_method: z.enum(['card', 'on_account']).optional(),
  sort: z.enum(STAFF_ORDER_SORTS).default('placed_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
};

export const staffOrderExportQuery = commonQuery.extend(orderFilters);
export type StaffOrderFilters = z.infer<typeof staffOrderExportQuery>;

export const staffOrderListQuery = commonQuery.extend({
  ...orderFilters,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffOrderListQuery = z.infer<typeof staffOrderListQuery>;

export const staffOrderItem = z.object({
  id: z.number().int(),
  number: z.string(),
  placed_at: instant,
  audience: z.enum(['pro', 'part']),
  email: z.string(),
  name: z.string(),
  postcode: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  fulfilment_status: z.enum(FULFILMENT_STATUSES),
  fulfilment_method: z.enum(['delivery', 'collect']),
  payment_method: z.enum(['card', 'on_account']),
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  total_ex_pence: pence,
  total_inc_pence: pence,
  refunded_pence: pence,
  currency: z.string(),
  erased: z
    .boolean()
    .describe("The customer's personal data was erased (UK GDPR): the order is kept for VAT"),
});
export type StaffOrderItem = z.infer<typeof staffOrderItem>;

const three = z.object({ ex: pence, vat: pence, inc: pence });

export const staffNoteSchema = z.object({
  id: z.number().int(),
  staff_name: z.string(),
  body: z.string(),
  created_at: instant,
});
export type StaffNote = z.infer<typeof staffNoteSchema>;

const refundedLine = z.object({
  order_line_id: z.number().int(),
  quantity: z.number().int(),
  amount_pence: pence,
});

/** A refund as staff see it: on the order page's payment, and in the answer of the refund call. */
export const staffRefundSchema = z.object({
  id: z.number().int(),
  amount_pence: pence,
  status: z
    .enum(REFUND_STATUSES)
    .describe('pending: the provider tells the outcome later (its refund webhook)'),
  reason: z.string().nullable(),
  lines: z.array(refundedLine).nullable().describe('By line: the lines given back; else null'),
  created_at: instant,
});

export const staffOrderPageSchema = staffOrderItem.extend({
  phone: z.string(),
  po_number: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      name: z.string(),
      variant_label: z.string(),
      quantity: z.number().int(),
      unit_ex_pence: pence,
      unit_inc_pence: pence,
      line_ex_pence: pence,
      line_vat_pence: pence,
      line_inc_pence: pence,
      vat_rate_bp: z.number().int(),
      free: z.boolean(),
      refunded_quantity: z.number().int(),
    }),
  ),
  totals: z.object({ subtotal: three, discount: three, shipping: three, total: three }),
  discount: z.object({ code: z.string(), description: z.string() }).nullable(),
  delivery: z
    .record(z.string(), z.unknown())
    .describe('The delivery step as chosen (address and carrier, or stockist)'),
  billing: z.record(z.string(), z.unknown()),
  fulfilment: z.object({
    status: z.enum(FULFILMENT_STATUSES),
    method: z.enum(['delivery', 'collect']),
    carrier: z.string().nullable(),
    carrier_name: z.string().nullable(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    ready_at: instant.nullable(),
    collected_at: instant.nullable(),
    dispatched_at: instant.nullable(),
    delivered_at: instant.nullable(),
    cancelled_at: instant.nullable(),
    cancel_reason: z.string().nullable(),
    next: z.array(z.enum(FULFILMENT_STATUSES)),
  }),
  payment: z
    .object({
      id: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      provider: z.string(),
      captured_pence: pence,
      refunded_pence: pence,
      refundable_pence: pence,
      events: z.array(z.object({ type: z.string(), outcome: z.string(), received_at: instant })),
      refunds: z.array(staffRefundSchema.extend({ credit_note_number: z.string().nullable() })),
    })
    .nullable(),
  invoice: z.object({
    number: z.string().nullable(),
    available: z.boolean(),
    due_at: instant.nullable(),
    overdue: z.boolean(),
  }),
  mails: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      recipient: z.string(),
      subject: z.string(),
      created_at: instant,
      sent_at: instant.nullable(),
      attachments: z.array(z.string()),
    }),
  ),
  notes: z.array(staffNoteSchema),
  timeline: z.array(
    z.object({
      at: instant,
      kind: z.enum(['placed', 'paid', 'payment', 'audit', 'note', 'mail']),
      summary: z.string(),
      actor: z.string().nullable(),
    }),
  ),
  paid_at: instant.nullable(),
  payment_due_at: instant.nullable(),
});
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;

export const noteBody = z.strictObject({ body: z.string().trim().min(1).max(4000) });

export const resentSchema = z.object({ mail_id: z.number().int() });

export const invoiceListQuery = commonQuery.extend({
  state: z
    .enum(['open', 'overdue'])
    .default('open')
    .describe('open: every unpaid one; overdue: past its due date'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const openInvoiceSchema = z.object({
  id: z.number().int().describe("The order's id"),
  number: z.string(),
  customer_id: z.number().int().nullable(),
  email: z.string(),
  name: z.string(),
  po_number: z.string().nullable(),
  placed_at: instant,
  due_at: instant,
  overdue: z.boolean(),
  total_ex_pence: pence,
  total_inc_pence: pence,
  currency: z.string(),
});
export type OpenInvoice = z.infer<typeof openInvoiceSchema>;

export const dashboardSchema = z.object({
  today: z.object({ orders: z.number().int(), takings_inc_pence: pence, takings_ex_pence: pence }),
  to_prepare: z.number().int(),
  to_collect: z.number().int(),
  dispatched: z.number().int(),
  payment_checking: z.number().int(),
  invoices: z.object({ open: z.number().int(), overdue: z.number().int() }),
  trade_applications: z
    .number()
    .int()
    .nullable()
    .describe('Trade applications waiting for a decision; null for a caller without `trade:write`'),
  unanswered_messages: z
    .number()
    .int()
    .nullable()
    .describe('Contact and jobsite-support messages still new; null for a caller without `inbox:read`'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `{ data: T }` */
export const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) });
