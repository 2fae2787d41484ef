/**
 * Downloads of the accounting documents. Staff (`orders:read`): an order's VAT invoice, a refund's credit note and
 * the packing slip. Customers: their order's invoice and credit notes, for the owner's session or the guest's
 * `X-Order-Token`, anything else 404 as for the order itself. An order neither paid nor on account has no invoice:
 * 409 `invoice_not_available`. Opening a document issues its number the first time.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, personal } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { findOrderForViewer } from '../orders/index.ts';
import { staffRoute } from '../staff/index.ts';
import {
  customerCreditNoteParams,
  customerOrderParams,
  pdfAnswer,
  staffCreditNoteParams,
  staffOrderParams,
} from './schemas.ts';
import {
  creditNotePdf,
  invoicePdf,
  loadOrderRow,
  packingSlipPdf,
  refundOfCreditNote,
  type DocumentDeps,
  type PdfFile,
} from './service.ts';

const tags = ['documents'];

/** Shown in the browser's PDF viewer, never kept by a cache: documents carry personal data. */
const sendPdf = (reply: FastifyReply, file: PdfFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `inline; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.content));

function depsOf(app: FastifyInstance): DocumentDeps {
  return { company: app.config.company, clock: app.clock };
}

function staffDocumentRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const access = staffRoute('orders:read');
  const schema = {
    ...access.schema,
    tags,
    querystring: commonQuery,
    produces: ['application/pdf'],
  };

  app.get(
    '/staff/orders/:id/invoice.pdf',
    {
      ...access,
      schema: {
        ...schema,
        summary: "An order's VAT invoice (PDF), its number issued the first time",
        description:
          'An order of another site or none → 404; an order neither paid nor on account → 409 `invoice_not_available`.',
        params: staffOrderParams,
        response: { 200: pdfAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const file = await app.db.transaction(async (tx) =>
        invoicePdf(tx, depsOf(app), await loadOrderRow(tx, request.params.id, site.id)),
      );
      return sendPdf(reply, file);
    },
  );

  app.get(
    '/staff/orders/:id/credit-notes/:refund_id.pdf',
    {
      ...access,
      schema: {
        ...schema,
        summary: "A refund's credit note (PDF), its number issued the first time",
        description:
          'A refund of another order → 404; a refund not yet succeeded → 409 `credit_note_not_available`. The ' +
          "order's invoice, which it corrects, is issued with it if it had none.",
        params: staffCreditNoteParams,
        response: { 200: pdfAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const file = await app.db.transaction(async (tx) => {
        const order = await loadOrderRow(tx, request.params.id, site.id);
        return creditNotePdf(tx, depsOf(app), request.params.refund_id, order.id);
      });
      return sendPdf(reply, file);
    },
  );

  app.get(
    '/staff/orders/:id/packing-slip.pdf',
    {
      ...access,
      schema: {
        ...schema,
        summary: "An order's packing slip (PDF): where it goes and what is in it, without prices",
        params: staffOrderParams,
        response: { 200: pdfAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { site } = await request.shop.context;
      const order = await loadOrderRow(app.db, request.params.id, site.id);
      return sendPdf(reply, await packingSlipPdf(app.db, depsOf(app), order));
    },
  );
}

/** The order the caller may see: its owner's session or the guest's token; anything else 404. */
async function viewedOrder(app: FastifyInstance, request: FastifyRequest, number: string) {
  const { site } = await request.shop.context;
  const header = request.headers['x-order-token'];
  const session = await request.shop.session;
  const { order } = await findOrderForViewer(
    app.db,
    site.id,
    number,
    { customerId: session?.customer.id ?? null, token: Array.isArray(header) ? header[0] : header },
    app.clock.now(),
  );
  return order;
}

function customerDocumentRoutes(plugin: FastifyInstance): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const viewer =
    "For the order's owner (session) or its guest (`X-Order-Token`, valid 2 hours); anything else → 404.";

  app.get(
    '/orders/:number/invoice.pdf',
    {
      ...personal,
      schema: {
        tags,
        summary: 'The VAT invoice of my order (PDF)',
        description: `${viewer} An order neither paid nor on account → 409 \`invoice_not_available\`.`,
        params: customerOrderParams,
        querystring: commonQuery,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const order = await viewedOrder(app, request, request.params.number);
      const file = await app.db.transaction((tx) => invoicePdf(tx, depsOf(app), order));
      return sendPdf(reply, file);
    },
  );

  app.get(
    '/orders/:number/credit-notes/:cn_number.pdf',
    {
      ...personal,
      schema: {
        tags,
        summary: 'A credit note of my order (PDF), by its number',
        description: `${viewer} A credit note of another order → 404.`,
        params: customerCreditNoteParams,
        querystring: commonQuery,
        produces: ['application/pdf'],
        response: { 200: pdfAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const order = await viewedOrder(app, request, request.params.number);
      const file = await app.db.transaction(async (tx) =>
        creditNotePdf(
          tx,
          depsOf(app),
          await refundOfCreditNote(tx, order.id, request.params.cn_number),
          order.id,
        ),
      );
      return sendPdf(reply, file);
    },
  );
}

export const documentRoutes: FastifyPluginAsync = async (plugin) => {
  staffDocumentRoutes(plugin);
  customerDocumentRoutes(plugin);
};
