/**
 * Staff calls of trade accounts: find a customer by e-mail (`customers:read`), approve it as a trade account with
 * its terms or withdraw the approval (`trade:write`), record an on-account invoice as paid (`invoices:write`); the
 * writes are recorded in the audit trail. Back-office port only: they are not in the storefront's public `/api/v1`
 * list (scripts/server/public-api.ts), so a browser never reaches them through the shop's origin.
 */
import { tradeApprovalBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { invoiceState } from '../orders/index.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  customerParams,
  customerSearchQuery,
  customerSearchResponse,
  invoiceParams,
  settledInvoiceSchema,
  staffCustomerSchema,
} from './schemas.ts';
import { invoicePaid } from '../../flows/payment-outcome.ts';
import { findCustomersByEmail, setTradeApproval, tradeState } from './service.ts';

const tags = ['trade accounts'];

export const tradeRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const findAccess = staffRoute('customers:read');
  const tradeAccess = staffRoute('trade:write');

  app.get(
    '/customers',
    {
      ...findAccess,
      schema: {
        ...findAccess.schema,
        tags,
        summary: 'Find customer accounts by e-mail (back-office port only)',
        description:
          'Accounts of the site whose e-mail contains `email` (any case), 50 at most, with their trade terms and ' +
          'the credit their unpaid on-account orders leave.',
        querystring: customerSearchQuery,
        response: { 200: customerSearchResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return { items: await findCustomersByEmail(app.db, site.id, request.query.email) };
    },
  );

  app.put(
    '/customers/:id/trade',
    {
      ...tradeAccess,
      schema: {
        ...tradeAccess.schema,
        tags,
        summary: 'Approve a trade account, or withdraw the approval (back-office port only)',
        description:
          '`{ approved, payment_terms_days (0–120, default 30), credit_limit_pence (default 0), po_required }`. ' +
          'An approved account is offered `on_account` at checkout while its unpaid on-account orders leave ' +
          'credit; `approved: false` resets the terms to 0 days, no limit and no PO requirement.',
        params: customerParams,
        querystring: commonQuery,
        body: tradeApprovalBody,
        response: { 200: staffCustomerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      const change = { action: 'customer.trade_terms', entity: 'customer', id, state: tradeState };
      return staffCaller(request).audit.change(app.db, change, (tx) =>
        setTradeApproval(tx, site.id, id, request.body, app.clock.now()),
      );
    },
  );
  invoicePaidRoute(plugin);
};

/** `POST /orders/{number}/invoice-paid`. */
function invoicePaidRoute(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const invoiceAccess = staffRoute('invoices:write');

  app.post(
    '/orders/:number/invoice-paid',
    {
      ...invoiceAccess,
      schema: {
        ...invoiceAccess.schema,
        tags,
        summary: 'Record an on-account invoice as paid (back-office port only)',
        description:
          'Moves an order from `on_account` to `paid` (once: a second call is a 409 `order_not_on_account`); ' +
          "its amount no longer counts against the account's credit limit.",
        params: invoiceParams,
        querystring: commonQuery,
        response: { 200: settledInvoiceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { number } = request.params;
      const change = { action: 'order.invoice_paid', entity: 'order', id: number, state: invoiceState };
      return staffCaller(request).audit.change(app.db, change, (tx) =>
        invoicePaid(tx, { siteId: site.id, number, now: app.clock.now() }),
      );
    },
  );
}
