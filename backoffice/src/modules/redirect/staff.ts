/**
 * The redirects table as staff edit it (issue 25): list and search, one, create, a partial change from the
 * `version`, delete. A redirect never points at itself, and a change keeps the table free of chains: an address
 * that is itself redirected is refused as a target (point at its end instead).
 */
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/types.ts';
import { redirects } from '../../db/schema.ts';
import { fieldError, notFound, versionConflict } from '../../lib/errors.ts';
import type {
  RedirectCreateBody,
  RedirectListQuery,
  RedirectPatchBody,
  StaffRedirect,
} from './staff-schemas.ts';

type Row = typeof redirects.$inferSelect;

const toItem = (row: Row): StaffRedirect => ({
  id: row.id,
  from: row.fromPath,
  to: row.toPath,
  status: row.status,
  version: row.version,
});

/** `/old/` and `/old` are one address for the storefront's server: stored without the trailing slash. */
const normal = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStaffRedirects(db: Executor, query: RedirectListQuery) {
  const where = query.q
    ? or(ilike(redirects.fromPath, like(query.q)), ilike(redirects.toPath, like(query.q)))
    : undefined;
  const column = { id: redirects.id, from: redirects.fromPath, to: redirects.toPath }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redirects)
      .where(where)
      .orderBy(query.order === 'DESC' ? desc(column) : asc(column), asc(redirects.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(redirects).where(where),
  ]);
  return { items: rows.map(toItem), total: Number(total?.total ?? 0) };
}

export async function staffRedirect(db: Executor, id: number): Promise<StaffRedirect> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  if (!row) throw notFound(`Redirect ${id}`);
  return toItem(row);
}

/** The audit's view of a redirect. */
export async function redirectSnapshot(db: Executor, id: number | string) {
  const [row] = await db
    .select()
    .from(redirects)
    .where(eq(redirects.id, Number(id)));
  return row ? { from: row.fromPath, to: row.toPath, status: row.status } : null;
}

/** Refuses a redirect to itself, a taken old address, and a target that is itself redirected (a chain). */
async function check(db: Executor, from: string, to: string, selfId?: number) {
  if (from === to)
    throw fieldError('invalid_request', 'to', 'A redirect cannot point at itself', 'Same as the old address');
  const [taken] = await db.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, from));
  if (taken && taken.id !== selfId) {
    throw fieldError('conflict', 'from', 'This old address is already redirected', 'Already redirected');
  }
  const [chained] = await db
    .select({ to: redirects.toPath })
    .from(redirects)
    .where(eq(redirects.fromPath, to));
  if (chained) {
    throw fieldError(
      'invalid_request',
      'to',
      `This address is itself redirected to ${chained.to}: point at that instead`,
      `Redirected to ${chained.to}`,
    );
  }
}

/** What pointed at `from` points at `to` now (no chains through the new redirect). */
async function collapseInto(db: Executor, from: string, to: string, selfId: number) {
  await db
    .update(redirects)
    .set({ toPath: to, version: sql`${redirects.version} + 1` })
    .where(
      and(eq(redirects.toPath, from), sql`${redirects.id} <> ${selfId}`, sql`${redirects.fromPath} <> ${to}`),
    );
}

export async function createRedirect(db: Executor, body: RedirectCreateBody): Promise<StaffRedirect> {
  const from = normal(body.from);
  const to = normal(body.to);
  await check(db, from, to);
  const [row] = await db.insert(redirects).values({ fromPath: from, toPath: to, status: 301 }).returning();
  await collapseInto(db, from, to, row!.id);
  return toItem(row!);
}

export async function patchRedirect(
  db: Executor,
  id: number,
  body: RedirectPatchBody,
): Promise<StaffRedirect> {
  const current = await staffRedirect(db, id);
  if (current.version !== body.version)
    throw versionConflict(`Redirect ${id}`, body.version, current.version);
  const from = body.from !== undefined ? normal(body.from) : current.from;
  const to = body.to !== undefined ? normal(body.to) : current.to;
  await check(db, from, to, id);
  const [row] = await db
    .update(redirects)
    .set({
      fromPath: from,
      toPath: to,
      version: sql`${redirects.version} + 1`,
    })
    .where(and(eq(redirects.id, id), eq(redirects.version, body.version)))
    .returning();
  if (!row) throw versionConflict(`Redirect ${id}`, body.version, (await staffRedirect(db, id)).version);
  await collapseInto(db, from, to, id);
  return toItem(row);
}

export async function deleteRedirect(db: Executor, id: number, version: number | undefined): Promise<void> {
  const current = await staffRedirect(db, id);
  if (version !== undefined && current.version !== version) {
    throw versionConflict(`Redirect ${id}`, version, current.version);
  }
  await db.delete(redirects).where(eq(redirects.id, id));
}
