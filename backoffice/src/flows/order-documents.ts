/**
 * The accounting documents the order e-mails carry: the VAT invoice (ready to collect, dispatched) and the credit
 * note of a refund, made in the transaction that queues the e-mail so the message and its document agree. The
 * flows take them as a dependency; `orderDocuments` is the one place that says which functions make them.
 */
import type { Config } from '../config.ts';
import type { Executor } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
import { DomainError } from '../lib/errors.ts';
import { creditNoteAttachment, invoiceAttachment } from '../modules/documents/index.ts';
import type { MailAttachment } from '../modules/mail/index.ts';

export interface OrderDocuments {
  /** The order's VAT invoice as a PDF (its number issued if it has none yet); null when none can be attached. */
  invoice(tx: Executor, orderId: number): Promise<MailAttachment | null>;
  /** The credit note of a refund as a PDF; null when none can be attached. */
  creditNote(tx: Executor, refundId: number): Promise<MailAttachment | null>;
}

/** No documents: the e-mails go without attachments (and do not mention any). */
export const withoutDocuments: OrderDocuments = {
  invoice: async () => null,
  creditNote: async () => null,
};

/** A document that cannot exist yet (an order not paid, a refund not succeeded): the e-mail goes without it. */
async function unlessUnavailable(make: () => Promise<MailAttachment>): Promise<MailAttachment | null> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof DomainError && DOCUMENTS_NOT_AVAILABLE.has(error.code)) return null;
    throw error;
  }
}

const DOCUMENTS_NOT_AVAILABLE = new Set(['invoice_not_available', 'credit_note_not_available']);

/** The documents of the running app: modules/documents' PDFs, with the company's configured details. */
export function orderDocuments(app: { config: Config; clock: Clock }): OrderDocuments {
  const deps = { company: app.config.company, clock: app.clock };
  return {
    invoice: (tx, orderId) => unlessUnavailable(() => invoiceAttachment(tx, deps, orderId)),
    creditNote: (tx, refundId) => unlessUnavailable(() => creditNoteAttachment(tx, deps, refundId)),
  };
}
