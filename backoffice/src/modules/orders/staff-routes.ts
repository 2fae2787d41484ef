/**
 * The staff's order calls (`/api/v1/staff/…`, issue 23; docs/api-contract.md "Staff: orders"): the dashboard, the
 * order list and its CSV export, the order page, notes, resending the confirmation, the open and overdue
 * on-account invoices and recording one as paid. Each names its permission (`staffRoute`); each write is audited
 * in its own transaction with entity `order` and the order's id. The fulfilment moves and refunds are elsewhere.
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/types.ts';
import { invoicePaid } from '../../flows/payment-outcome.ts';
import { DomainError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { ukDateTime } from '../../lib/uk-time.ts';
import { unansweredMessages } from '../forms/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import { pendingTradeApplications } from '../trade/index.ts';
import { confirmationOf } from './confirmation-mail.ts';
import { customerErased } from './order-mails.ts';
import { invoiceState } from './invoices.ts';
import { addOrderNote, staffOrderRow } from './staff-notes.ts';
import {
  exportStaffOrders,
  listOpenInvoices,
  listStaffOrders,
  staffDashboard,
  staffOrderPage,
} from './staff-reading.ts';
import {
  answer,
  dashboardSchema,
  invoiceListQuery,
  listAnswer,
  noteBody,
  openInvoiceSchema,
  resentSchema,
  staffNoteSchema,
  staffOrderExportQuery,
  staffOrderItem,
  staffOrderListQuery,
  staffOrderPageSchema,
  staffOrderParams,
  type StaffOrderItem,
} from './staff-schemas.ts';

const tags = ['staff'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
const siteQuery = staffOrderExportQuery.pick({ site_id: true, lang: true, client: true });

export function staffOrderRoutes(plugin: FastifyInstance) {
  readRoutes(plugin);
  exportRoute(plugin);
  noteRoute(plugin);
  resendRoute(plugin);
  invoiceRoutes(plugin);
}

function readRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('orders:read');

  app.get(
    '/staff/dashboard',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          "The dashboard: today's orders and takings (UK day), orders to prepare, to collect, dispatched, whose " +
          'payment is being checked, open and overdue invoices; trade applications waiting and unanswered ' +
          'messages for the callers who handle them',
        querystring: siteQuery,
        response: { 200: answer(dashboardSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { permissions } = staffCaller(request);
      const [orderFigures, waitingApplications, newMessages] = await Promise.all([
        staffDashboard(app.db, site.id, app.clock.now()),
        permissions.has('trade:write') ? pendingTradeApplications(app.db, site.id) : null,
        permissions.has('inbox:read') ? unansweredMessages(app.db, site.id) : null,
      ]);
      return {
        data: { ...orderFigures, trade_applications: waitingApplications, unanswered_messages: newMessages },
      };
    },
  );

  app.get(
    '/staff/orders',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'Orders, paged (perPage ≤ 100), sorted and filtered: q (number, e-mail, name or postcode), number, ' +
          'email, name, postcode, status, payment_status, fulfilment_status, placed_from/placed_to (UK days, ' +
          'inclusive), audience, payment_method',
        querystring: staffOrderListQuery,
        response: { 200: listAnswer(staffOrderItem), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listStaffOrders(app.db, site.id, request.query) };
    },
  );

  app.get(
    '/staff/orders/:id',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'The order page: lines, totals, delivery or collection, billing, fulfilment, the payment with its ' +
          'events and refunds, the invoice, e-mails, notes and the timeline (newest first)',
        params: staffOrderParams,
        querystring: siteQuery,
        response: { 200: answer(staffOrderPageSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await staffOrderPage(app.db, site.id, request.params.id, app.clock.now()) };
    },
  );
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The list's columns in the export: amounts in pounds, dates as UK spreadsheets read them. */
function csvOf(items: StaffOrderItem[]): string {
  return stringify(
    items.map((item) => [
      item.number,
      ukDateTime(new Date(item.placed_at)),
      item.audience === 'pro' ? 'trade' : 'DIY',
      item.name,
      item.email,
      item.postcode ?? '',
      item.status,
      item.payment_method,
      item.payment_status ?? '',
      item.fulfilment_method,
      item.fulfilment_status,
      pounds(item.total_ex_pence),
      pounds(item.total_inc_pence - item.total_ex_pence),
      pounds(item.total_inc_pence),
      pounds(item.refunded_pence),
      item.currency,
    ]),
    {
      header: true,
      columns: [
        'Order',
        'Placed',
        'Shop',
        'Name',
        'E-mail',
        'Postcode',
        'Status',
        'Payment method',
        'Payment status',
        'Fulfilment method',
        'Fulfilment',
        'Total ex VAT',
        'VAT',
        'Total inc VAT',
        'Refunded',
        'Currency',
      ],
      // A cell a spreadsheet would run as a formula (a name typed "=HYPERLINK(…)") is quoted as text.
      cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
    },
  );
}

function exportRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('orders:read');

  app.get(
    '/staff/orders/export.csv',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          "The filtered order list, every row, as CSV for the accounts (the list's filters and sort; amounts in " +
          'pounds, dates in UK time)',
        querystring: staffOrderExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const items = await exportStaffOrders(app.db, site.id, request.query);
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csvOf(items));
    },
  );
}

function noteRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('orders:notes');

  app.post(
    '/staff/orders/:id/notes',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary: 'Add an internal note (1–4000 characters, trimmed) under the name of the person writing it',
        params: staffOrderParams,
        querystring: siteQuery,
        body: noteBody,
        response: { 201: answer(staffNoteSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const caller = staffCaller(request);
      const { id } = request.params;
      const author = {
        staffId: caller.actor.type === 'person' ? caller.actor.id : null,
        name: caller.actor.name ?? caller.actor.type,
      };
      const note = await caller.audit.change(app.db, { action: 'order.note', entity: 'order', id }, (tx) =>
        addOrderNote(tx, {
          siteId: site.id,
          orderId: id,
          author,
          body: request.body.body,
          now: app.clock.now(),
        }),
      );
      return reply.status(201).send({ data: note });
    },
  );
}

function resendRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('orders:resend');

  app.post(
    '/staff/orders/:id/resend-confirmation',
    {
      ...access,
      schema: {
        ...access.schema,
        tags,
        summary:
          "Send the order's confirmation e-mail again, to the order's address; 409 order_not_confirmed when the " +
          'order was never paid or placed on account',
        params: staffOrderParams,
        querystring: siteQuery,
        response: { 202: answer(resentSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'order.resend_confirmation', entity: 'order', id };
      const queued = await staffCaller(request).audit.change(app.db, change, async (tx) => {
        const order = await staffOrderRow(tx, site.id, id);
        // A confirmation says the order is paid or owed on account: it has nothing true to say before.
        if (order.status !== 'paid' && order.status !== 'on_account') {
          throw new DomainError(
            'order_not_confirmed',
            `Order ${order.number} was never confirmed (${order.status}): there is no confirmation to resend`,
            { conflict: true },
          );
        }
        if (customerErased(order)) {
          throw new DomainError(
            'customer_erased',
            `The customer of order ${order.number} was erased: the order keeps no e-mail address`,
            { conflict: true },
          );
        }
        return enqueueMail(tx, await confirmationOf(tx, order, app.config.mail));
      });
      app.mail.nudge();
      return reply.status(202).send({ data: { mail_id: queued.id } });
    },
  );
}

function invoiceRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const read = staffRoute('orders:read');
  const write = staffRoute('invoices:write');

  app.get(
    '/staff/invoices',
    {
      ...read,
      schema: {
        ...read.schema,
        tags,
        summary:
          'On-account orders not yet paid (state=open), or those past their due date (state=overdue), soonest ' +
          'due first',
        querystring: invoiceListQuery,
        response: { 200: listAnswer(openInvoiceSchema), ...errors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { data: await listOpenInvoices(app.db, site.id, request.query, app.clock.now()) };
    },
  );

  app.post(
    '/staff/orders/:id/invoice-paid',
    {
      ...write,
      schema: {
        ...write.schema,
        tags,
        summary:
          'Record an on-account invoice as paid (on_account → paid, once: again is a 409 order_not_on_account); ' +
          "the account's credit comes back. Answers the order page",
        params: staffOrderParams,
        querystring: siteQuery,
        response: { 200: answer(staffOrderPageSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const order = await staffOrderRow(app.db, site.id, id);
      // The number never changes: the state read by it before and after is the order's of this id.
      const change = {
        action: 'order.invoice_paid',
        entity: 'order',
        id,
        state: (tx: Executor) => invoiceState(tx, order.number),
      };
      await staffCaller(request).audit.change(app.db, change, (tx) =>
        invoicePaid(tx, { siteId: site.id, number: order.number, now: app.clock.now() }),
      );
      return { data: await staffOrderPage(app.db, site.id, id, app.clock.now()) };
    },
  );
}
