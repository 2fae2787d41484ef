/**
 * The forms' calls: the public forms and the bodies they take (the rules both the storefront and the back-office
 * check live in `@plasterwick/shop-rules/forms`), and the staff side's queries, bodies and answers.
 */
import { constructionStartsBody, contactBody } from '@plasterwick/shop-rules/forms';
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { boundedInt, commonQuery } from '../../lib/params.ts';

/**
 * The public JSON forms: each is `POST /{path}` for visitors and the staff calls on the same path. The job
 * application (multipart, with a CV) has its own route.
 */
export const publicForms = [
  { path: 'contact', body: contactBody, summary: 'Contact form' },
  { path: 'construction-starts', body: constructionStartsBody, summary: 'Jobsite support request' },
] as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const submissionStatuses = ['new', 'in_progress', 'done'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const submissionItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(submissionStatuses),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Rises with each staff update: an update sends the version it read (docs/api-contract.md). */
  version: z.number().int(),
  /** The fields the visitor sent, as the form's schema validated them. */
  data: z.record(z.string(), z.unknown()),
});
export type SubmissionItem = z.infer<typeof submissionItem>;

export const submissionListQuery = commonQuery.extend({
  status: z.enum(submissionStatuses).optional(),
  perPage: boundedInt(1, 100, 50),
  page: boundedInt(1, 100000, 1),
});
export const submissionParams = z.object({ id });
export const submissionUpdateBody = z
  .object({
    id,
    /** The version the update was made from: a stale one is a 409 `version_conflict` and changes nothing. */
    version: writeVersion,
    status: z.enum(submissionStatuses).optional(),
    note: z.string().trim().max(2000).optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    message: 'Give a status or a note to change',
    path: ['status'],
  });

export const submissionListResponse = z.object({
  data: z.object({ items: z.array(submissionItem), total: z.number().int() }),
});
export const submissionResponse = z.object({ data: submissionItem });
