/**
 * A 301 from each old address when a product, a category or a page changes its slug (issue 25), written in the
 * write's own transaction. The addresses are the storefront's (src/lib/paths.ts): `/{segment}/product/{slug}`,
 * `/{segment}/category/{slug}`, `/{segment}/folder/{slug}` and `/{segment}/{slug}` for pages, with one segment per
 * audience. Chains are collapsed (a redirect to the old address now points at the new one) and loops are not made
 * (a redirect from the new address, which lives again, is removed).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { AUDIENCES, TARGET_SEGMENTS, type Audience } from '@plasterwick/shop-rules/constants';
import type { Executor } from '../../db/types.ts';
import { redirects } from '../../db/schema.ts';

export type SlugEntity = 'product' | 'category' | 'page' | 'folder';

/** The storefront's address of an entity in an audience. */
export function entityPath(entity: SlugEntity, audience: Audience, slug: string): string {
  const segment = TARGET_SEGMENTS[audience];
  return entity === 'page' ? `/${segment}/${slug}` : `/${segment}/${entity}/${slug}`;
}

/**
 * Records that `entity` moved from `oldSlug` to `newSlug` in `audiences` (both by default): for each, a 301 from
 * the old address to the new one, earlier redirects to the old address updated to the new one, and any redirect
 * from the new address removed. Nothing when the slug did not change.
 */
export async function recordSlugMove(
  tx: Executor,
  entity: SlugEntity,
  oldSlug: string | null | undefined,
  newSlug: string | null | undefined,
  audiences: readonly Audience[] = AUDIENCES,
): Promise<void> {
  if (!oldSlug || !newSlug || oldSlug === newSlug) return;
  for (const audience of audiences) {
    const from = entityPath(entity, audience, oldSlug);
    const to = entityPath(entity, audience, newSlug);
    // The new address is live again: whatever redirected it elsewhere would hide it (or loop).
    await tx.delete(redirects).where(eq(redirects.fromPath, to));
    // No chains: what pointed at the old address points at the new one.
    await tx
      .update(redirects)
      .set({ toPath: to, version: sql`${redirects.version} + 1` })
      .where(and(eq(redirects.toPath, from), ne(redirects.fromPath, to)));
    await tx
      .insert(redirects)
      .values({ fromPath: from, toPath: to, status: 301 })
      .onConflictDoUpdate({
        target: redirects.fromPath,
        set: { toPath: to, status: 301, version: sql`${redirects.version} + 1` },
      });
  }
}

/** The audiences of a page as stored (`pro`, `part`), the known ones only. */
export function audiencesOf(stored: readonly string[] | null | undefined): Audience[] {
  return AUDIENCES.filter((a) => stored?.includes(a));
}
