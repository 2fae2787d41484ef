/**
 * Data migration `clear-unsafe-links` (issue 21): the link rule of every URL field (shop-rules' `links.ts`, checked
 * on write since) applied once to the rows stored before: the fields named `url` or `webp`, at any depth of a CMS
 * entry's data (the write schemas of modules/content/resources.ts give every such field the rule: slides and
 * pushes, menu items and their pushes, page blocks, covers, a notice's file), and the value of a link setting
 * (`link_…`, `…_url`). A link that breaks the rule is emptied, which every renderer reads as no link. Each changed
 * entry gets a new version (a staff write from the old one is a 409); the runner bumps the content version when
 * anything changed, so the storefront rebuilds without the links.
 */
import { isLinkSetting, isSafeLink } from '@plasterwick/shop-rules/links';
import { eq, sql } from 'drizzle-orm';
import { contentEntries } from '../db/schema.ts';
import type { Database } from '../db/types.ts';

const LINK_FIELDS = new Set(['url', 'webp']);

const safeOrEmpty = (link: string) => (link === '' || isSafeLink(link) ? link : '');

/** `value` with every string field named `url` or `webp`, at any depth, made safe. */
function withSafeLinks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withSafeLinks);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      LINK_FIELDS.has(key) && typeof field === 'string' ? safeOrEmpty(field) : withSafeLinks(field),
    ]),
  );
}

function safeData(entry: { resource: string; slug: string | null; data: Record<string, unknown> }) {
  if (entry.resource !== 'setting') return withSafeLinks(entry.data) as Record<string, unknown>;
  const { value } = entry.data;
  return isLinkSetting(entry.slug ?? '') && typeof value === 'string'
    ? { ...entry.data, value: safeOrEmpty(value) }
    : entry.data;
}

/** Empties every stored link that breaks the rule; returns the entries it changed. */
export async function clearUnsafeLinks(db: Database): Promise<number> {
  const entries = await db
    .select({
      id: contentEntries.id,
      resource: contentEntries.resource,
      slug: contentEntries.slug,
      data: contentEntries.data,
    })
    .from(contentEntries);
  let changed = 0;
  for (const entry of entries) {
    const data = safeData(entry);
    if (JSON.stringify(data) === JSON.stringify(entry.data)) continue;
    await db
      .update(contentEntries)
      .set({ data, version: sql`${contentEntries.version} + 1` })
      .where(eq(contentEntries.id, entry.id));
    changed += 1;
  }
  return changed;
}
