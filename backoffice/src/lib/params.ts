/**
 * The query parameters every call carries (spec §7): site_id, lang, sales_plan_id / saleplan_id (synonyms), client.
 * Route query schemas extend `commonQuery` (or `planQuery` where the answer depends on the plan).
 */
import { z } from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const commonQuery = z.object({
  site_id: id.describe('Site id (3 for the UK site)'),
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'must be a language code such as en')
    .default('en'),
  sales_plan_id: id.optional().describe('Sales plan id (synonym of saleplan_id)'),
  saleplan_id: id.optional().describe('Sales plan id (synonym of sales_plan_id)'),
  client: z.literal('web').default('web'),
});

/** Same as commonQuery but a plan is required (catalogue calls); check with `requirePlanId`. */
/**
 * The text a staff list searches for (`q`): trimmed, one line and no other control character (a search column may
 * keep one field per line, so a line break could make a match span two fields).
 */
export const listSearchText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^\P{Cc}*$/u, 'Enter the text on one line, without control characters');

export const planQuery = commonQuery;

export type CommonQuery = z.infer<typeof commonQuery>;

/** Integer from a query string, bounded; used for page / perPage. */
export const boundedInt = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** A JSON-encoded query parameter parsed with `schema`; invalid JSON is a validation error, not a 500. */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(4000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Comma-separated list of positive integers (`categories=1,2`). */
export const idList = z
  .string()
  .max(1000)
  .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of ids')
  .transform((value) => value.split(',').map(Number));
