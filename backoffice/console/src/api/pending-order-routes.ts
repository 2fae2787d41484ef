/**
 * TEMPORARY, until the staff order routes of issue 23 are on main and `npm run console:types` writes them into
 * schema.d.ts: those routes typed by hand from /work/orders-contract.md, in the generated file's shape, so the
 * console's calls are written as they will stay. Delete this file and its use in client.ts once they are generated.
 */
import type { FulfilmentMethod, FulfilmentStatus, ShippingCarrier } from '@plasterwick/shop-rules/fulfilment';

type Answer<Body> = { headers: { [name: string]: unknown }; content: { 'application/json': Body } };
type Refusal = Answer<{ status: string; message: string; errors?: { field: string; message: string }[] }>;
type Refusals = { 400: Refusal; 401: Refusal; 403: Refusal; 404: Refusal; 409: Refusal };
type Call<Query, Path, Body, Data, Status extends number = 200> = {
  parameters: { query?: Query; header?: never; cookie?: never } & ([Path] extends [never]
    ? { path?: never }
    : { path: Path });
  responses: { [S in Status]: Answer<{ data: Data }> } & Refusals;
} & ([Body] extends [never]
  ? { requestBody?: never }
  : { requestBody: { content: { 'application/json': Body } } });
type Route<Methods> = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
} & Methods;
type ById = { id: number };

type OrderStatus = 'pending_payment' | 'paid' | 'on_account' | 'cancelled' | 'payment_failed';
type Audience = 'pro' | 'part';
type Amounts = { ex: number; vat: number; inc: number };

interface OrderListItem {
  id: number;
  number: string;
  placed_at: string;
  audience: Audience;
  email: string;
  name: string;
  postcode: string | null;
  status: OrderStatus;
  fulfilment_status: FulfilmentStatus;
  fulfilment_method: FulfilmentMethod;
  payment_method: 'card' | 'on_account';
  payment_status: string | null;
  total_ex_pence: number;
  total_inc_pence: number;
  refunded_pence: number;
  currency: string;
}

interface OrderPage extends OrderListItem {
  phone: string | null;
  po_number: string | null;
  customer_id: number | null;
  lines: {
    id: number;
    reference: string;
    name: string;
    variant_label: string | null;
    quantity: number;
    unit_ex_pence: number;
    unit_inc_pence: number;
    line_ex_pence: number;
    line_vat_pence: number;
    line_inc_pence: number;
    vat_rate_bp: number;
    free: boolean;
    refunded_quantity: number;
  }[];
  totals: { subtotal: Amounts; discount: Amounts; shipping: Amounts; total: Amounts };
  discount: { code: string; description: string | null } | null;
  delivery: Record<string, unknown>;
  billing: Record<string, unknown> | null;
  fulfilment: {
    status: FulfilmentStatus;
    method: FulfilmentMethod;
    carrier: ShippingCarrier | null;
    carrier_name: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
    ready_at: string | null;
    collected_at: string | null;
    dispatched_at: string | null;
    delivered_at: string | null;
    cancelled_at: string | null;
    cancel_reason: string | null;
    next: FulfilmentStatus[];
  };
  payment: {
    id: string;
    status: string;
    provider: string;
    captured_pence: number;
    refunded_pence: number;
    refundable_pence: number;
    events: { type: string; outcome: string | null; received_at: string }[];
    refunds: {
      id: number;
      amount_pence: number;
      status: string;
      reason: string | null;
      lines: { order_line_id: number; quantity: number; amount_pence: number }[] | null;
      created_at: string;
      credit_note_number: string | null;
    }[];
  } | null;
  invoice: { number: string | null; available: boolean; due_at: string | null; overdue: boolean };
  mails: {
    id: number;
    kind: string;
    recipient: string;
    subject: string;
    created_at: string;
    sent_at: string | null;
    attachments: string[];
  }[];
  notes: { id: number; staff_name: string; body: string; created_at: string }[];
  timeline: { at: string; kind: string; summary: string; actor: string | null }[];
  paid_at: string | null;
  payment_due_at: string | null;
}

interface OrderListQuery {
  page?: number;
  perPage?: number;
  sort?: 'placed_at' | 'number' | 'email' | 'total_inc_pence' | 'status' | 'fulfilment_status';
  order?: 'ASC' | 'DESC';
  q?: string;
  status?: OrderStatus;
  payment_status?: string;
  fulfilment_status?: FulfilmentStatus;
  placed_from?: string;
  placed_to?: string;
  audience?: Audience;
  payment_method?: 'card' | 'on_account';
}

type OrderMove<Body = never> = Route<{ post: Call<never, ById, Body, OrderPage> }>;

export interface PendingOrderRoutes {
  '/api/v1/staff/dashboard': Route<{
    get: Call<
      never,
      never,
      never,
      {
        today: { orders: number; takings_inc_pence: number; takings_ex_pence: number };
        to_prepare: number;
        to_collect: number;
        dispatched: number;
        payment_checking: number;
        invoices: { open: number; overdue: number };
      }
    >;
  }>;
  '/api/v1/staff/orders': Route<{
    get: Call<OrderListQuery, never, never, { items: OrderListItem[]; total: number }>;
  }>;
  '/api/v1/staff/orders/{id}': Route<{ get: Call<never, ById, never, OrderPage> }>;
  '/api/v1/staff/orders/{id}/notes': Route<{
    post: Call<never, ById, { body: string }, OrderPage['notes'][number], 201>;
  }>;
  '/api/v1/staff/orders/{id}/resend-confirmation': Route<{
    post: Call<never, ById, never, { mail_id: number }, 202>;
  }>;
  '/api/v1/staff/orders/{id}/invoice-paid': OrderMove;
  '/api/v1/staff/orders/{id}/ready-for-collection': OrderMove;
  '/api/v1/staff/orders/{id}/collected': OrderMove;
  '/api/v1/staff/orders/{id}/dispatch': OrderMove<{ carrier: ShippingCarrier; tracking_number: string }>;
  '/api/v1/staff/orders/{id}/delivered': OrderMove;
  '/api/v1/staff/orders/{id}/cancel': OrderMove<{ reason: string }>;
  '/api/v1/staff/orders/{id}/refunds': OrderMove<{
    idempotency_key: string;
    reason: string;
    amount_pence?: number;
    lines?: { order_line_id: number; quantity: number }[];
    shipping?: boolean;
  }>;
  '/api/v1/staff/invoices': Route<{
    get: Call<
      { state?: 'open' | 'overdue'; page?: number; perPage?: number },
      never,
      never,
      {
        items: {
          id: number;
          number: string;
          email: string;
          name: string;
          customer_id: number | null;
          po_number: string | null;
          total_ex_pence: number;
          total_inc_pence: number;
          currency: string;
          placed_at: string;
          due_at: string;
          overdue: boolean;
        }[];
        total: number;
      }
    >;
  }>;
}
