/**
 * The `fake` provider's public calls: its test authorisation page (3-D Secure stand-in: Approve / Decline, a plain
 * form, no script) and its signed webhook. Deciding on the page makes the provider send the webhook (in-process:
 * no network) and then sends the browser to the order's confirmation page. The webhook checks the signature
 * (`X-Payment-Signature: t=…,v1=…`, 300 s), applies each event once and only ever moves a payment forward.
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '@plasterwick/shop-rules/html';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/http.ts';
import { orderDocuments } from '../../flows/order-documents.ts';
import { applyWebhookEvent, type PaymentOutcomeDeps } from '../../flows/payment-outcome.ts';
import { confirmationUrl, findOrder } from '../orders/index.ts';
import { fakeEventBody, type FakeProvider } from './fake.ts';
import { signWebhook, WebhookSignatureError } from './provider.ts';
import { findPayment } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived (webhook signatures are over these bytes). */
    rawBody?: string;
  }
}

const tags = ['payments'];
export const SIGNATURE_HEADER = 'x-payment-signature';

const paymentParams = z.object({
  payment_id: z.string().regex(/^pay_[0-9a-f]{24}$/, 'must be a payment id'),
});

const webhookResponse = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'ignored', 'duplicate', 'unknown_payment']),
});

/** The page's own policy: no script at all, its inline styles, forms to this origin only. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 2rem 1rem; color: #1d1d1b; background: #f4f3ef; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
  .banner { background: #fff4ce; border: 1px solid #c9a200; padding: .5rem .75rem; border-radius: 4px; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .75rem 1.25rem; border-radius: 4px; border: 1px solid #1d1d1b; cursor: pointer; }
  button[value="approve"] { background: #1b6b4a; color: #fff; border-color: #1b6b4a; }
  button[value="decline"] { background: #fff; color: #a4161a; border-color: #a4161a; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const outcomeDeps = (app: FastifyInstance, provider: FakeProvider): PaymentOutcomeDeps => ({
  db: app.db,
  clock: app.clock,
  mail: app.config.mail,
  provider,
  nudgeMail: () => app.mail.nudge(),
  log: app.log,
  documents: orderDocuments(app),
});

/** The test authorisation page the shopper is sent to. */
function authorisationPageRoute(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/payments/fake/authorise/:payment_id',
    {
      schema: {
        tags,
        summary: 'Test authorisation page of the fake card provider (HTML)',
        description:
          'Where `next.url` of a `tok_3ds` completion sends the shopper: the amount, the order and two buttons. ' +
          'Approve or Decline posts the form back here; the provider then sends its signed webhook and the ' +
          'browser goes to `/{target}/confirmation?order={number}`. No script; the page has its own CSP.',
        params: paymentParams,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const payment = await findPayment(app.db, request.params.payment_id);
      if (!payment) throw notFound('Payment');
      const order = await findOrder(app.db, payment.orderId);
      if (!order) throw notFound('Payment');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP);
      const amount = formatPrice(payment.amountPence, { forceDecimals: true });
      if (payment.status !== 'requires_action') {
        return page(
          'Payment already decided',
          `<h1>Payment already decided</h1>
<p>This payment of ${escapeHtml(amount)} for order ${escapeHtml(order.number)} is ${escapeHtml(payment.status.replace('_', ' '))}.</p>
<p><a href="${escapeHtml(confirmationUrl(order))}">See your order</a></p>`,
        );
      }
      return page(
        'Authorise your payment',
        `<p class="banner">Test mode: no real payment. This page stands in for your bank’s security check.</p>
<h1>Authorise your payment</h1>
<p>Plasterwick order <strong>${escapeHtml(order.number)}</strong></p>
<p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="/api/v1/payments/fake/authorise/${escapeHtml(payment.id)}">
<div class="actions">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</div>
</form>`,
      );
    },
  );
}

/** The event the provider sends once the shopper's decision leaves the payment in each status. */
const DECIDED_EVENTS = {
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  cancelled: 'payment.cancelled',
} as const;

/** The shopper's decision on the test page: the provider then calls the webhook. */
function decisionRoute(plugin: FastifyInstance, provider: FakeProvider): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/payments/fake/authorise/:payment_id',
    {
      schema: {
        tags,
        summary:
          'The test page’s decision: the fake provider sends its signed webhook, then 303 to the confirmation',
        consumes: ['application/x-www-form-urlencoded'],
        params: paymentParams,
        body: z.object({ decision: z.enum(['approve', 'decline']) }),
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      const payment = await findPayment(app.db, request.params.payment_id);
      if (!payment) throw notFound('Payment');
      const order = await findOrder(app.db, payment.orderId);
      if (!order) throw notFound('Payment');
      const decided =
        payment.status === 'requires_action' && payment.providerRef
          ? await provider.decide(payment.providerRef, request.body.decision === 'approve')
          : undefined;
      // The provider tells where the payment now stands (decided now, or before: cancelled when given up).
      const type = decided && DECIDED_EVENTS[decided as keyof typeof DECIDED_EVENTS];
      if (type) {
        const created = Math.floor(app.clock.now().getTime() / 1000);
        const body = fakeEventBody({
          id: `evt_${randomBytes(12).toString('hex')}`,
          type,
          paymentId: payment.id,
          created,
        });
        // The provider calls our webhook as it would over the internet: signed, through the public route.
        const answer = await app.inject({
          method: 'POST',
          url: '/api/v1/payments/fake/webhook',
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(app.config.payment.webhookSecret, body, created),
          },
          payload: body,
        });
        if (answer.statusCode !== 200) {
          request.log.error({ status: answer.statusCode, body: answer.body }, 'fake webhook refused');
          throw new ApiError(502, 'payment_error', 'The payment could not be confirmed: please try again');
        }
      }
      return reply.redirect(confirmationUrl(order), 303);
    },
  );
}

/** The provider's signed webhook. */
function webhookRoute(plugin: FastifyInstance, provider: FakeProvider): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/payments/fake/webhook',
    {
      schema: {
        tags,
        summary: 'Webhook of the fake provider (signed like Stripe’s)',
        description:
          '`X-Payment-Signature: t={unix seconds},v1={hex HMAC-SHA256(PAYMENT_WEBHOOK_SECRET, t + "." + raw ' +
          'body)}`, within 300 s of our clock; otherwise 400 `invalid_signature`. Body `{ id, type: ' +
          '"payment.succeeded" | "payment.failed" | "payment.cancelled" | "payment.requires_action" | ' +
          '"refund.succeeded" | "refund.failed", created, data: { payment_id, refund_id? } }` (`refund_id`, the ' +
          "provider's id of the refund, with the refund events). Each event id is applied once (`duplicate` " +
          'after); an event that would move the payment backwards, or a refund that has its outcome, is `ignored`.',
        body: z.looseObject({}),
        response: { 200: webhookResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const signature = request.headers[SIGNATURE_HEADER];
      let event;
      try {
        event = provider.parseWebhook(
          request.rawBody ?? '',
          Array.isArray(signature) ? signature[0] : signature,
          app.clock.now(),
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new ApiError(400, 'invalid_signature', `Webhook refused: ${error.message}`);
        }
        throw error;
      }
      return { received: true as const, outcome: await applyWebhookEvent(outcomeDeps(app, provider), event) };
    },
  );
}

export const paymentRoutes: FastifyPluginAsync = async (plugin) => {
  if (plugin.payments.name !== 'fake' || !('decide' in plugin.payments)) return;
  const provider = plugin.payments as FakeProvider;

  // In this plugin only: JSON keeps its raw text for the signature, and the test page's form arrives urlencoded.
  plugin.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new ApiError(400, 'invalid_request', 'The body is not valid JSON'), undefined);
    }
  });
  plugin.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  authorisationPageRoute(plugin);
  decisionRoute(plugin, provider);
  webhookRoute(plugin, provider);
};
