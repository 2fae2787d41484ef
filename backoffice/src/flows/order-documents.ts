/**
 * The accounting documents the order e-mails carry: the VAT invoice (ready to collect, dispatched) and the credit
 * note of a refund, made in the transaction that queues the e-mail so the message and its document agree. The
 * flows take them as a dependency; `orderDocuments` is the one place that says which functions make them.
 */
import type { Config } from '../config.ts';
import type { Executor } from '../db/types.ts';
import type { Clock } from '../lib/clock.ts';
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

/**
 * The documents of the running app. Until modules/documents exports `invoiceAttachment` and
 * `creditNoteAttachment` (the PDFs), it makes none.
 */
export function orderDocuments(_app: { config: Config; clock: Clock }): OrderDocuments {
  return withoutDocuments;
}
