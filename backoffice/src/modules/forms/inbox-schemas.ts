/**
 * The staff inbox's calls (`/api/v1/staff/inbox`, `/staff/applications`, `/staff/training-registrations`,
 * `/staff/training-sessions`; docs/api-contract.md "Staff: inbox"): queries, bodies and answers.
 */
import { z } from 'zod';
import { writeVersion } from '../../lib/http.ts';
import { commonQuery } from '../../lib/params.ts';
import { submissionStatuses } from './schemas.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Refuses control characters other than line breaks and tabs (they would end up in mail headers or the CSV). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(
      // eslint-disable-next-line no-control-regex
      (v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v),
      'Control characters are refused',
    );

/** The staff groups of submissions: each its kinds and the permissions of its calls. */
export const INBOX_GROUPS = {
  inbox: { kinds: ['contact', 'construction-starts'] },
  applications: { kinds: ['application'] },
  'training-registrations': { kinds: ['training-registration'] },
} as const;
export type InboxGroup = keyof typeof INBOX_GROUPS;
export const INBOX_KINDS = [
  'contact',
  'construction-starts',
  'application',
  'training-registration',
] as const;

export const inboxListQuery = commonQuery.extend({
  kind: z.enum(INBOX_KINDS).optional(),
  status: z.enum(submissionStatuses).optional(),
  assignee: z
    .union([z.enum(['me', 'none']), id])
    .optional()
    .describe('`me`, `none` (nobody) or a staff person id'),
  session_id: id.optional().describe('Training registrations of one session'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['created_at', 'id', 'status']).default('created_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type InboxListQuery = z.infer<typeof inboxListQuery>;

export const inboxParams = z.object({ id });
export const siteQuery = commonQuery.pick({ site_id: true, lang: true, client: true });

const assignee = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const inboxItem = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(submissionStatuses),
  assignee,
  /** Who wrote: the visitor's name, or the company and contact of a training registration. */
  name: z.string(),
  /** The address the visitor typed (a reply goes there); null when an application gave none. */
  email: z.string().nullable(),
  /** A short line: the contact subject, the jobsite's town, the vacancy applied for, the session. */
  summary: z.string(),
  created_at: z.string(),
  /** A jobsite-support request is handled within 48 hours of this; null for the other kinds. */
  respond_by: z.string().nullable(),
  /** When the retention job deletes it. */
  retain_until: z.string(),
  version: z.number().int(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxNote = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'reply']),
  staff_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type InboxNote = z.infer<typeof inboxNote>;

export const inboxPage = inboxItem.extend({
  /** What the visitor sent, as the form's schema validated it. */
  data: z.record(z.string(), z.unknown()),
  notes: z.array(inboxNote),
  /** A job application's CV (its bytes: `GET /staff/applications/{id}/cv`). */
  cv: z.object({ file_name: z.string(), content_type: z.string(), size_bytes: z.number().int() }).nullable(),
});
export type InboxPage = z.infer<typeof inboxPage>;

export const inboxUpdateBody = z
  .object({
    version: writeVersion,
    status: z.enum(submissionStatuses).optional(),
    /** A staff person's id, or null for nobody. */
    assignee_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .refine((body) => body.status !== undefined || body.assignee_id !== undefined, {
    message: 'Give a status or an assignee to change',
    path: ['status'],
  });

export const inboxNoteBody = z.object({ body: plainText(4000) });
export const inboxReplyBody = z.object({
  subject: plainText(200).refine((v) => !/[\r\n]/.test(v), 'One line'),
  body: plainText(10_000),
});

export const cvQuery = siteQuery.extend({
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

export const trainingSessionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  starts_on: z.string(),
  places: z.number().int(),
  places_left: z.number().int(),
  participants: z.number().int(),
  registrations: z.number().int(),
});
export const trainingSessionsQuery = siteQuery.extend({
  upcoming: z.enum(['0', '1']).default('0'),
});

export const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) });
