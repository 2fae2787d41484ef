/**
 * Staff calls of trade accounts (API key): find a customer by e-mail, approve it as a trade account with its terms
 * or withdraw the approval, record an on-account invoice as paid. Back-office port only: they are not in the storefront's public `/api/v1` list
 * (scripts/server/public-api.ts), so a browser never reaches them through the shop's origin.
 */
import { tradeApprovalBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, personal, staffOnly } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import {
  customerParams,
  customerSearchQuery,
  customerSearchResponse,
  invoiceParams,
  settledInvoiceSchema,
  staffCustomerSchema,
} from './schemas.ts';
import { invoicePaid } from '../../flows/payment-outcome.ts';
import { findCustomersByEmail, setTradeApproval } from './service.ts';

const tags = ['trade accounts'];

export const tradeRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/customers',
    {
      ...staffOnly,
      ...personal,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Find customer accounts by e-mail (API key; back-office port only)',
        description:
          'Accounts of the site whose e-mail contains `email` (any case), 50 at most, with their trade terms and ' +
          'the credit their unpaid on-account orders leave.',
        querystring: customerSearchQuery,
        response: { 200: customerSearchResponse, ...errorResponses(400, 401, 404) },
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
      ...staffOnly,
      ...personal,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Approve a trade account, or withdraw the approval (API key; back-office port only)',
        description:
          '`{ approved, payment_terms_days (0–120, default 30), credit_limit_pence (default 0), po_required }`. ' +
          'An approved account is offered `on_account` at checkout while its unpaid on-account orders leave ' +
          'credit; `approved: false` resets the terms to 0 days, no limit and no PO requirement.',
        params: customerParams,
        querystring: commonQuery,
        body: tradeApprovalBody,
        response: { 200: staffCustomerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return setTradeApproval(app.db, site.id, request.params.id, request.body, app.clock.now());
    },
  );

  app.post(
    '/orders/:number/invoice-paid',
    {
      ...staffOnly,
      ...personal,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Record an on-account invoice as paid (API key; back-office port only)',
        description:
          'Moves an order from `on_account` to `paid` (once: a second call is a 409 `order_not_on_account`); ' +
          "its amount no longer counts against the account's credit limit.",
        params: invoiceParams,
        querystring: commonQuery,
        response: { 200: settledInvoiceSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { site } = await request.shop.context;
      return invoicePaid(app.db, { siteId: site.id, number: request.params.number, now: app.clock.now() });
    },
  );
};
