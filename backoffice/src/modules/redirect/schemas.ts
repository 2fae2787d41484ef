/** The redirect list as the storefront server and the CDN table read it. */
import { z } from 'zod';

export const redirectItem = z.object({ from: z.string(), to: z.string(), status: z.number().int() });
export const redirectListResponse = z.object({ data: z.object({ items: z.array(redirectItem) }) });
