/**
 * Queries, bodies and answers of the staff's content calls (`/api/v1/staff/content/{resource}…`, issue 26;
 * docs/api-contract.md "Staff: content lifecycle").
 */
import { z } from 'zod';
import { errorResponses, versionConflictBody, writeVersion } from '../../lib/http.ts';
import { commonQuery, listSearchText } from '../../lib/params.ts';
import { STAFF_SORTS } from './lifecycle.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const staffEntryParams = z.object({ id });
export const staffQuery = commonQuery;

export const staffListQuery = commonQuery.extend({
  q: listSearchText(200).optional().describe('Titles containing it (any case)'),
  status: z.enum(['draft', 'published']).optional(),
  type: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(STAFF_SORTS).default('updated_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});

const isoTime = z.iso.datetime({ offset: true });

export const staffListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string().nullable(),
  type: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  has_draft: z.boolean(),
  publish_at: z.string().nullable(),
  unpublish_at: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
  audiences: z.array(z.string()),
});

/** The editor's view of an entry of a resource whose item is `item`. */
export const entryViewSchema = (item: z.ZodType) =>
  z.object({
    id: z.number().int(),
    resource: z.string(),
    status: z.enum(['draft', 'published']),
    has_draft: z.boolean(),
    publish_at: z.string().nullable(),
    unpublish_at: z.string().nullable(),
    version: z.number().int(),
    updated_at: z.string(),
    item: item.describe('What the editor edits: the pending draft when there is one, else the entry'),
    live: item.nullable().describe('What the site shows; null while never published (or unpublished)'),
  });

export const versionBody = z.strictObject({ version: writeVersion });

export const scheduleBody = z.strictObject({
  version: writeVersion,
  publish_at: isoTime
    .nullable()
    .describe('When it goes live (UTC or with an offset); null: no scheduled publication'),
  unpublish_at: isoTime.nullable().describe('When it comes off the site; null: none'),
});

export const restoreBody = z.strictObject({
  version: writeVersion.describe("The entry's current version"),
  from_version: writeVersion.describe('The version of the history to restore'),
});

export const previewLinkSchema = z.object({
  url: z.string().describe('The storefront preview of the entry, signed for 30 minutes'),
  expires_at: z.string(),
});

export const historySchema = z.object({
  items: z.array(
    z.object({
      version: z.number().int(),
      at: z.string(),
      actor_name: z.string().nullable(),
      action: z.string(),
      status: z.enum(['draft', 'published']),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
});

export const readErrors = errorResponses(400, 401, 403, 404);
export const writeErrors = { ...errorResponses(400, 401, 403, 404), 409: versionConflictBody };

/** The public preview of a draft-capable entry (the storefront's `/preview/{id}`). */
export const previewEntryQuery = commonQuery.extend({
  token: z.string().max(200).optional(),
  sig: z.string().max(200).optional(),
  exp: z.string().max(20).optional(),
});
