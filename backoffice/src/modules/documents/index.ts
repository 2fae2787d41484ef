/**
 * The public surface of the documents module: the VAT invoice, credit notes and packing slip of an order (issue
 * 23), their numbers, and the PDFs the e-mails attach.
 */
export {
  creditNoteAttachment,
  customerDocuments,
  findInvoice,
  invoiceAttachment,
  invoiceAvailable,
  issueCreditNote,
  issueInvoice,
  type CustomerDocument,
  type DocumentDeps,
  type IssuedDocument,
  type PdfFile,
} from './service.ts';
