/** Request schemas of the documents' downloads. */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const orderNumber = z
  .string()
  .max(20)
  .regex(/^PW-\d{6,}$/, 'must be an order number such as PW-000123');

export const staffOrderParams = z.object({ id });
export const staffCreditNoteParams = z.object({ id, refund_id: id });
export const customerOrderParams = z.object({ number: orderNumber });
export const customerCreditNoteParams = z.object({
  number: orderNumber,
  cn_number: z
    .string()
    .max(20)
    .regex(/^CN-\d{6,}$/, 'must be a credit note number such as CN-000045'),
});

/** A PDF answer, as the OpenAPI document names it. */
export const pdfAnswer = z.any().describe('The document (application/pdf)');
