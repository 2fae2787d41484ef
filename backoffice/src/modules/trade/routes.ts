/**
 * Staff calls of trade accounts (API key): find a customer by e-mail, approve it as a trade account with its terms
 * or withdraw the approval, record an on-account invoice as paid. Back-office port only: they are not in the storefront's public `/api/v1` list
 * (scripts/server/public-api.ts), so a browser never reaches them through the shop's origin.
 */
import { tradeApprovalBody, tradeTermsPatchBody } from '@plasterwick/shop-rules/accounts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, personal, staffOnly, versionConflictBody } from '../../lib/http.ts';
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
import { findCustomersByEmail, patchTradeTerms, setTradeApproval } from './service.ts';

const tags = ['trade accounts'];

/** A trade-terms write's refusals: 409 is a stale version (`version_conflict`, naming `current_version`). */
const termsWriteErrors = { ...errorResponses(400, 401, 404), 409: versionConflictBody };

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

  tradeTermsRoutes(plugin);

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

/** The trade terms of an account: replaced whole (approve or withdraw) or changed in part, each from its version. */
function tradeTermsRoutes(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

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
      return setTradeApproval(app.db, site.id, request.params.id, request.body, app.clock.now());
    },
  );

  app.patch(
    '/customers/:id/trade',
    {
      ...staffOnly,
      ...personal,
      schema: {
        ...staffOnly.schema,
        tags,
        summary: 'Change some trade terms of an account (API key; back-office port only)',
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
      return patchTradeTerms(app.db, site.id, request.params.id, request.body, app.clock.now());
    },
  );
}
