/**
 * Machine tokens (issue 22): for automation, created by an owner with a name, a scope (a role) and an optional
 * expiry, shown once (`pwt_` and 43 characters), stored as a SHA-256, revocable, listed with their last use.
 */
import { and, asc, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Snapshot } from '../audit/index.ts';
import { newMachineToken } from './credentials.ts';
import type { MachineToken, TokenBody, TokenListQuery } from './schemas.ts';
import { staffTokens } from './tables.ts';

export type MachineTokenRow = typeof staffTokens.$inferSelect;

/** `last_used_at` is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

export function machineTokenOf(row: MachineTokenRow): MachineToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_by: row.createdBy,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit trail records of a token: never the token. */
export async function tokenState(db: Executor, id: number | string): Promise<Snapshot | null> {
  const [row] = await db
    .select()
    .from(staffTokens)
    .where(eq(staffTokens.id, Number(id)));
  if (!row) return null;
  const { name, scope, expiresAt, revokedAt } = row;
  return { name, scope, expires_at: expiresAt, revoked_at: revokedAt };
}

/** A new token; answers it with its secret value, which is never shown again. */
export async function createMachineToken(
  tx: Executor,
  body: TokenBody,
  createdBy: number | null,
  now: Date,
): Promise<MachineToken & { token: string }> {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt <= now) {
    throw new DomainError('invalid_request', 'The expiry must be in the future', {
      fields: [{ field: 'expires_at', message: 'Must be in the future' }],
    });
  }
  const token = newMachineToken();
  const [row] = await tx
    .insert(staffTokens)
    .values({
      name: body.name,
      scope: body.scope,
      tokenHash: hashToken(token),
      createdBy,
      expiresAt,
      createdAt: now,
    })
    .returning();
  return { ...machineTokenOf(row!), token };
}

export async function listMachineTokens(db: Database, query: TokenListQuery) {
  const columns = {
    id: staffTokens.id,
    name: staffTokens.name,
    created_at: staffTokens.createdAt,
    last_used_at: staffTokens.lastUsedAt,
    expires_at: staffTokens.expiresAt,
  };
  const direction = query.order === 'ASC' ? asc : desc;
  const [total] = await db.select({ n: count() }).from(staffTokens);
  const rows = await db
    .select()
    .from(staffTokens)
    .orderBy(direction(columns[query.sort]), direction(staffTokens.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { items: rows.map(machineTokenOf), total: total?.n ?? 0 };
}

/** Revokes a token (once: revoking it again changes nothing). */
export async function revokeMachineToken(tx: Executor, id: number, now: Date): Promise<void> {
  const [row] = await tx.select({ id: staffTokens.id }).from(staffTokens).where(eq(staffTokens.id, id));
  if (!row) throw notFound(`Machine token ${id}`);
  await tx
    .update(staffTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffTokens.id, id), isNull(staffTokens.revokedAt)));
}

/** The live token of a presented value (not revoked, not expired), marked used; null otherwise. */
export async function findMachineToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<MachineTokenRow | null> {
  if (token.length > 100) return null;
  const [row] = await db
    .select()
    .from(staffTokens)
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        isNull(staffTokens.revokedAt),
        or(isNull(staffTokens.expiresAt), gt(staffTokens.expiresAt, now)),
      ),
    );
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(staffTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(staffTokens.id, row.id),
          or(
            isNull(staffTokens.lastUsedAt),
            lt(staffTokens.lastUsedAt, new Date(now.getTime() - TOUCH_EVERY_MS)),
          ),
        ),
      );
  }
  return row;
}
