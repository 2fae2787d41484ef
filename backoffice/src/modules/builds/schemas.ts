/**
 * Bodies and answers of the builds calls (`/api/v1/staff/builds…`, issue 26; docs/api-contract.md "Staff: builds").
 */
import { z } from 'zod';
import { BUILD_STATUSES } from './tables.ts';

/** The launcher's build ids: a UTC timestamp and a random suffix (scripts/lib/builds.ts `newBuildId`). */
export const BUILD_ID_RE = /^\d{8}T\d{6}-[0-9a-f]{6}$/;
/** The most of a build's output kept: its end. */
export const LOG_TAIL_MAX = 8 * 1024;
/** The most writes a record lists under "what changed". */
export const CHANGES_MAX = 50;

const buildId = z.string().regex(BUILD_ID_RE, 'A build id such as 20261127T143200-a1b2c3');
const count = z.number().int().nonnegative().max(10_000_000);
const version = z.number().int().nonnegative().max(2_147_483_647);
const oneLine = z.string().max(2_000);

export const buildParams = z.object({ id: buildId });

export const buildListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['started_at', 'id']).default('started_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  status: z.enum(BUILD_STATUSES).optional(),
});
export type BuildListQuery = z.infer<typeof buildListQuery>;

export const buildStartBody = z.strictObject({
  id: buildId.describe("The launcher's build id (its directory's name)"),
  content_version: version.describe('The content version the build is made from'),
});
export type BuildStartBody = z.infer<typeof buildStartBody>;

export const buildContentsSchema = z.object({
  products: count,
  categories: count,
  pages: count,
  redirects: count,
});

export const buildReportBody = z
  .strictObject({
    outcome: z.enum(['succeeded', 'failed']).optional().describe('How the build ended (once)'),
    message: oneLine.optional().describe('One line: what it did, or why it failed'),
    log_tail: z
      .string()
      .max(256 * 1024)
      .optional()
      .describe('The end of its output (the last 8 KB are kept)'),
    content_version: version.optional().describe('The content version it was made from, when it differs'),
    contents: buildContentsSchema.optional().describe('What it holds (its manifest)'),
    served: z.literal(true).optional().describe('The storefront server now serves it'),
    pruned: z.literal(true).optional().describe('Deleted from the disk: no rollback to it any more'),
  })
  .refine((body) => Object.keys(body).length > 0, 'Name at least one field');
export type BuildReportBody = z.infer<typeof buildReportBody>;

const instant = z.string();

export const buildChangeSchema = z.object({
  at: instant,
  actor: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
});

export const buildSchema = z.object({
  id: z.string(),
  content_version: z.number().int(),
  status: z.enum(BUILD_STATUSES),
  started_at: instant,
  finished_at: instant.nullable(),
  duration_ms: z.number().int().nullable(),
  message: z.string().nullable(),
  log_tail: z.string().nullable(),
  contents: buildContentsSchema.nullable(),
  changes: z.array(buildChangeSchema),
  changes_total: z.number().int(),
  served_at: instant.nullable(),
  pruned_at: instant.nullable(),
  /** The pointer names it: the storefront must serve it. */
  current: z.boolean(),
  /** A good build still on disk that is not current: a rollback to it is possible. */
  can_roll_back: z.boolean(),
});
export type BuildAnswer = z.infer<typeof buildSchema>;

export const BUILD_STATES = ['none', 'queued', 'building', 'live', 'failed'] as const;

export const buildStatusSchema = z.object({
  state: z
    .enum(BUILD_STATES)
    .describe(
      'building: a build runs (or the current one is not served yet); queued: the content version is ahead of ' +
        'the newest build; failed: the newest build failed (the current one still serves); live: the current ' +
        'build is served; none: no build reported yet',
    ),
  content_version: z.number().int(),
  /** The pointer: the build the storefront must serve. */
  build_id: z.string().nullable(),
  moved_at: instant.nullable(),
  reason: z.enum(['build', 'rollback']).nullable(),
  /** Since when the storefront serves the current build (null until it does). */
  live_since: instant.nullable(),
  current: buildSchema.nullable(),
  /** The newest build record (the launcher rebuilds when the content version is ahead of it). */
  newest: buildSchema.nullable(),
});
export type BuildStatusAnswer = z.infer<typeof buildStatusSchema>;
