/** The wishlist's answers (api-contract.md "Accounts"); bodies are shop-rules' strict ones. */
import { z } from 'zod';

export const wishlistResponse = z.object({
  product_ids: z.array(z.number().int()).describe('Products of the catalogue, the oldest addition first'),
});

export const wishlistSentResponse = z.object({ status: z.literal('accepted'), message: z.string() });
