/**
 * Staff calls that move an order after it is placed (issue 23, orders-contract "Staff API"): ready to collect,
 * collected, dispatched, delivered, cancelled (`orders:write`) and refunds (`orders:refund`). Each is a flow
 * (flows/fulfil-order.ts, dispatch-order.ts, cancel-order.ts, refund-payment.ts), audited in its transaction,
 * and answers 200 `{ data: <the order> }` so the console refreshes from the answer. Asking for the state the order
 * already is in answers 200 and does nothing again; a move the fulfilment machine does not allow is a 409
 * `fulfilment_not_allowed` with `current`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancelOrder } from '../../flows/cancel-order.ts';
import { dispatchOrder } from '../../flows/dispatch-order.ts';
import { collected, delivered, readyForCollection, type StaffOrderAct } from '../../flows/fulfil-order.ts';
import { orderDocuments } from '../../flows/order-documents.ts';
import { refundPayment, type RefundAsked } from '../../flows/refund-payment.ts';
import { errorResponses } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { staffCaller, staffRoute } from '../staff/index.ts';
import {
  cancelBody,
  dispatchBody,
  refundAnswer,
  refundBody,
  staffOrderAnswer,
  staffOrderConflictBody,
} from './schemas.ts';
import { staffOrderParams } from './staff-schemas.ts';
import { staffOrderPage } from './staff-reading.ts';

const tags = ['staff orders'];

const MACHINE =
  'Fulfilment, beside the order status: a delivery order goes `unfulfilled → dispatched → delivered`, a ' +
  'collect order `unfulfilled → ready_for_collection → collected`; either may be cancelled until it is ' +
  'dispatched or collected. Only an order `paid` or `on_account` moves (else 409 `order_not_paid`). Asking for ' +
  'the state the order is already in answers 200 and does nothing again (no second e-mail or audit event); ' +
  'any other move is a 409 `fulfilment_not_allowed` with `current`. Answers `{ data: <the order> }`.';

/** What every route of this file shares: the flows' dependencies, the caller's act, the answer, the schema. */
function kit(plugin: FastifyInstance) {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const writeAccess = staffRoute('orders:write');
  return {
    app,
    writeAccess,
    deps: (request: FastifyRequest) => ({
      db: app.db,
      clock: app.clock,
      mail: app.config.mail,
      documents: orderDocuments(app),
      nudgeMail: () => app.mail.nudge(),
      provider: app.payments,
      log: request.log,
    }),
    act: async (request: FastifyRequest, orderId: number): Promise<StaffOrderAct> => ({
      siteId: (await request.shop.context).site.id,
      orderId,
      audit: staffCaller(request).audit,
    }),
    answer: async (moved: StaffOrderAct) => ({
      data: await staffOrderPage(app.db, moved.siteId, moved.orderId, app.clock.now()),
    }),
    moveSchema: (summary: string, description: string) => ({
      ...writeAccess.schema,
      tags,
      summary,
      description: `${description} ${MACHINE}`,
      params: staffOrderParams,
      querystring: commonQuery,
      response: { 200: staffOrderAnswer, 409: staffOrderConflictBody, ...errorResponses(400, 401, 403, 404) },
    }),
  };
}

/** Ready to collect, collected, delivered: moves without a body. */
function plainMoveRoutes(plugin: FastifyInstance): void {
  const { app, writeAccess, deps, act, answer, moveSchema } = kit(plugin);

  app.post(
    '/staff/orders/:id/ready-for-collection',
    {
      ...writeAccess,
      schema: moveSchema(
        'Mark a collect order ready to collect',
        '`unfulfilled → ready_for_collection` (audited `order.ready_for_collection`). The customer is e-mailed ' +
          '(`order.ready_for_collection`): the stockist, its address and opening hours, what to bring, and the ' +
          'VAT invoice.',
      ),
    },
    async (request) => {
      const moved = await act(request, request.params.id);
      await readyForCollection(deps(request), moved);
      return answer(moved);
    },
  );

  app.post(
    '/staff/orders/:id/collected',
    {
      ...writeAccess,
      schema: moveSchema(
        'Mark a collect order collected',
        '`ready_for_collection → collected` (audited `order.collected`); no e-mail: the customer was there.',
      ),
    },
    async (request) => {
      const moved = await act(request, request.params.id);
      await collected(deps(request), moved);
      return answer(moved);
    },
  );

  app.post(
    '/staff/orders/:id/delivered',
    {
      ...writeAccess,
      schema: moveSchema(
        'Mark a dispatched order delivered',
        '`dispatched → delivered` (audited `order.delivered`); no e-mail: the carrier tells the customer.',
      ),
    },
    async (request) => {
      const moved = await act(request, request.params.id);
      await delivered(deps(request), moved);
      return answer(moved);
    },
  );
}

/** Dispatch (carrier and tracking number) and cancellation (a reason). */
function moveWithBodyRoutes(plugin: FastifyInstance): void {
  const { app, writeAccess, deps, act, answer, moveSchema } = kit(plugin);

  app.post(
    '/staff/orders/:id/dispatch',
    {
      ...writeAccess,
      schema: {
        ...moveSchema(
          'Dispatch a delivery order with its carrier and tracking number',
          '`{ carrier, tracking_number }`: `unfulfilled → dispatched` (audited `order.dispatch`). The customer ' +
            "is e-mailed (`order.dispatched`): the carrier, the tracking number and the carrier's tracking " +
            'link, with the VAT invoice. The same carrier and number again is a 200 that does nothing; another ' +
            'parcel for an order already dispatched is a 409.',
        ),
        body: dispatchBody,
      },
    },
    async (request) => {
      const moved = await act(request, request.params.id);
      await dispatchOrder(deps(request), moved, {
        carrier: request.body.carrier,
        trackingNumber: request.body.tracking_number,
      });
      return answer(moved);
    },
  );

  app.post(
    '/staff/orders/:id/cancel',
    {
      ...writeAccess,
      schema: {
        ...moveSchema(
          'Cancel an order before it is dispatched or collected',
          '`{ reason }` (1–500 characters). The order status and its fulfilment become `cancelled` (audited ' +
            "`order.cancel`), the discount code's use is given back, an on-account order is no longer owed (the " +
            "account's credit comes back) and whatever the card took is refunded through the provider (audited " +
            '`order.refund`, under the key `order-{id}-cancel`: cancelling again never refunds twice). The ' +
            'customer is e-mailed (`order.cancelled`, saying what is refunded; the refund its own `order.refunded`).',
        ),
        body: cancelBody,
      },
    },
    async (request) => {
      const moved = await act(request, request.params.id);
      await cancelOrder(deps(request), moved, request.body.reason);
      return answer(moved);
    },
  );
}

/** Refunds, by their own permission. */
function refundRoute(plugin: FastifyInstance): void {
  const { app, deps, act, answer } = kit(plugin);
  const refundAccess = staffRoute('orders:refund');

  app.post(
    '/staff/orders/:id/refunds',
    {
      ...refundAccess,
      schema: {
        ...refundAccess.schema,
        tags,
        summary: "Refund an order's card payment: in full, by line or by an amount, with a reason",
        description:
          '`{ idempotency_key, reason, amount_pence? , lines?: [{ order_line_id, quantity }], shipping? }`: ' +
          'exactly one of `amount_pence` or `lines` (with `shipping: true` to add the delivery charge, once), or ' +
          "neither for all that is left. By line, each line's paid amount (its share of any discount taken off) " +
          'pro rata of the quantity; never more of a line than was bought less what was refunded of it (409 ' +
          '`refund_exceeds_bought` with `refundable_quantity`). The refund is asked of the payment provider ' +
          'under the key: the same key again answers the same refund (409 `idempotency_key_reused` for another ' +
          'one); more than was paid and not yet refunded → 409 `refund_exceeds_captured` with ' +
          '`refundable_pence`, however many refunds are asked at once; an order whose card took nothing (or ' +
          'on account) → 409 `payment_not_refundable`. Audited `order.refund`. The payment becomes ' +
          "`partially_refunded` or `refunded`; a `pending` refund is settled by the provider's webhook. Once " +
          'it succeeds the customer is e-mailed (`order.refunded`: the amount, the reason, the credit note). ' +
          'Answers `{ data: <the order>, refund }`.',
        params: staffOrderParams,
        querystring: commonQuery,
        body: refundBody,
        response: { 200: refundAnswer, 409: staffOrderConflictBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const moved = await act(request, request.params.id);
      const { body } = request;
      const asked: RefundAsked =
        body.amount_pence !== undefined
          ? { kind: 'amount', amountPence: body.amount_pence }
          : body.lines !== undefined
            ? { kind: 'lines', lines: body.lines, shipping: body.shipping ?? false }
            : { kind: 'all' };
      const { refund } = await refundPayment(deps(request), {
        ...moved,
        idempotencyKey: body.idempotency_key,
        reason: body.reason,
        asked,
      });
      return {
        ...(await answer(moved)),
        refund: {
          id: refund.id,
          amount_pence: refund.amountPence,
          status: refund.status,
          reason: refund.reason,
          lines: refund.lines,
          created_at: refund.createdAt.toISOString(),
          provider_refund_id: refund.providerRefundId,
          failure_code: refund.failureCode,
          idempotency_key: refund.idempotencyKey,
        },
      };
    },
  );
}

export function fulfilmentRoutes(plugin: FastifyInstance): void {
  plainMoveRoutes(plugin);
  moveWithBodyRoutes(plugin);
  refundRoute(plugin);
}
