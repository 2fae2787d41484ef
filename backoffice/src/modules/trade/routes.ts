/**
 * Staff calls of trade accounts: find a customer by e-mail (`customers:read`), approve it as a trade account with
 * its terms or withdraw the approval (`trade:write`), record an on-account invoice as paid (`invoices:write`); the
 * writes are recorded in the audit trail. Back-office port only: they are not in the storefront's public `/api/v1`
 * list (scripts/server/public-api.ts), so a browser never reaches them through the shop's origin.
 */
import { tradeApprovalBody, tradeTermsPatchBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, versionConflictBody } from '../../lib/http.ts';
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
import { tradeApplicationRoutes } from './application-routes.ts';
import { findCustomersByEmail, patchTradeTerms, setTradeApproval, tradeState } from './service.ts';

const tags = ['trade accounts'];

/** A trade-terms write's refusals: 409 is a stale version (`version_conflict`, naming `current_version`). */
const termsWriteErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };

export const tradeRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const findAccess = staffRoute('customers:read');

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

  tradeTermsRoutes(plugin);
  invoicePaidRoute(plugin);
  tradeApplicationRoutes(plugin);
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

/**
 * The trade terms of an account (`trade:write`, audited): replaced whole (approve or withdraw) or changed in part,
 * each from its version.
 */
function tradeTermsRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const tradeAccess = staffRoute('trade:write');
  const termsChange = (id: number) => ({
    action: 'customer.trade_terms',
    entity: 'customer',
    id,
    state: tradeState,
  });

  app.put(
    '/customers/:id/trade',
    {
      ...tradeAccess,
      schema: {
        ...tradeAccess.schema,
        tags,
        summary: 'Approve a trade account, or withdraw the approval (back-office port only)',
        description:
          'A full replace: `{ approved: true, payment_terms_days (0–120), credit_limit_pence, po_required }` ' +
          '(each term required) or `{ approved: false }` (the terms reset to 0 days, no limit and no PO ' +
          'requirement); with `version` (the `trade.version` last read), 409 `version_conflict` when another write ' +
          'came first. An approved account is offered `on_account` at checkout while its unpaid on-account ' +
          'orders leave credit.',
        params: customerParams,
        querystring: commonQuery,
        body: tradeApprovalBody,
        response: { 200: staffCustomerSchema, ...termsWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      return staffCaller(request).audit.change(app.db, termsChange(id), (tx) =>
        setTradeApproval(tx, site.id, id, request.body, app.clock.now()),
      );
    },
  );

  app.patch(
    '/customers/:id/trade',
    {
      ...tradeAccess,
      schema: {
        ...tradeAccess.schema,
        tags,
        summary: 'Change some trade terms of an account (back-office port only)',
        description:
          'Only the named terms change, from `version` (required; 409 `version_conflict` with ' +
          '`current_version` when stale). `approved: false` withdraws the approval and resets the terms; a term ' +
          'named for an account that stays unapproved is a 400 `trade_not_approved`.',
        params: customerParams,
        querystring: commonQuery,
        body: tradeTermsPatchBody,
        response: { 200: staffCustomerSchema, ...termsWriteErrors },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      const { id } = request.params;
      return staffCaller(request).audit.change(app.db, termsChange(id), (tx) =>
        patchTradeTerms(tx, site.id, id, request.body, app.clock.now()),
      );
    },
  );
}
