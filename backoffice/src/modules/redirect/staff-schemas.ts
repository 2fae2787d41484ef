/**
 * Queries, bodies and answers of the staff's redirect calls (`/api/v1/staff/redirects…`, issue 25;
 * docs/api-contract.md "Staff: redirects"): an old address (a path of this site) and where it goes, from the
 * redirect's `version`. The storefront answers every redirect of the table with a 301 (its `status` is 301).
 */
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { commonQuery, listSearchText } from '../../lib/params.ts';

export const REDIRECT_SORTS = ['id', 'from', 'to'] as const;

/** A path of this site: starts with one `/`, no spaces, no query or fragment. */
const sitePath = z
  .string()
  .trim()
  .min(1, 'Enter an address starting with /')
  .max(500, 'At most 500 characters')
  .regex(/^\/(?!\/)[^\s?#]*$/, 'Enter an address of this site starting with /, without spaces, ? or #');

export const redirectParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const redirectQuery = commonQuery;

export const redirectListQuery = commonQuery.extend({
  q: listSearchText(200).optional().describe('Old or new addresses containing it (any case)'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(REDIRECT_SORTS).default('from'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
});
export type RedirectListQuery = z.infer<typeof redirectListQuery>;

const fields = {
  from: sitePath.describe('The old address'),
  to: sitePath.describe('Where it goes now'),
};

export const redirectCreateBody = z.strictObject(fields);
export type RedirectCreateBody = z.infer<typeof redirectCreateBody>;

export const redirectPatchBody = z.strictObject({
  version: writeVersion,
  ...z.object(fields).partial().shape,
});
export type RedirectPatchBody = z.infer<typeof redirectPatchBody>;

export const redirectDeleteQuery = commonQuery.extend({
  version: z.coerce.number().int().positive().optional(),
});

export const staffRedirectSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  status: z.number().int(),
  version: z.number().int(),
});
export type StaffRedirect = z.infer<typeof staffRedirectSchema>;
