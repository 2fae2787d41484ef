/**
 * Data migration `sanitize-stored-html`: the CMS HTML allow-list (lib/sanitize.ts) applied to the rows written
 * before it existed. The write schemas sanitise since, so on a newer database it changes nothing.
 */
import { eq, inArray } from 'drizzle-orm';
import { contentEntries, products } from '../db/schema.ts';
import type { Database } from '../db/types.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { resources } from '../modules/content/index.ts';

const sanitizeIfString = (value: unknown) => (typeof value === 'string' ? sanitizeHtml(value) : value);
/** Applies `change` to each object of an array; anything else is kept as it is. */
const eachObject = (value: unknown, change: (item: Record<string, unknown>) => Record<string, unknown>) =>
  Array.isArray(value)
    ? value.map((item: unknown) =>
        typeof item === 'object' && item !== null ? change(item as Record<string, unknown>) : item,
      )
    : value;

/**
 * The HTML fields of a content entry's `data`, sanitised: the same fields the write schemas sanitise
 * (`htmlText` and `blockInput` in modules/content/resources.ts). Returns null when nothing changed.
 */
function sanitizedData(resource: string, data: Record<string, unknown>): Record<string, unknown> | null {
  let next: Record<string, unknown>;
  if (resource === 'page') {
    next = {
      ...data,
      // A push's text is plain text the storefront escapes (see blockInput).
      blocks: eachObject(data.blocks, (block) =>
        block.kind === 'push' ? block : { ...block, text: sanitizeIfString(block.text) },
      ),
    };
  } else if (resource === 'folder') {
    next = {
      ...data,
      steps: eachObject(data.steps, (step) => ({ ...step, text: sanitizeIfString(step.text) })),
    };
  } else if (resource === 'faq') {
    next = { ...data, answer: sanitizeIfString(data.answer) };
  } else {
    return null;
  }
  return JSON.stringify(next) === JSON.stringify(data) ? null : next;
}

const htmlResources = ['page', 'folder', 'faq'] as const;

/** Re-sanitises every stored HTML field (CMS entries and product descriptions); returns the rows it changed. */
export async function sanitizeStoredHtml(db: Database): Promise<number> {
  let changed = 0;
  const entries = await db
    .select({ id: contentEntries.id, resource: contentEntries.resource, data: contentEntries.data })
    .from(contentEntries)
    .where(inArray(contentEntries.resource, [...htmlResources]));
  for (const entry of entries) {
    const data = sanitizedData(entry.resource, entry.data);
    if (!data) continue;
    // The search text is derived from the same HTML (script text was indexed too), so it is derived again.
    const definition = resources[entry.resource as (typeof htmlResources)[number]];
    const searchText = (definition.searchText as (input: never) => string)(data as never);
    await db
      .update(contentEntries)
      .set({ data, searchText, updatedAt: new Date() })
      .where(eq(contentEntries.id, entry.id));
    changed += 1;
  }

  const descriptions = await db.select({ id: products.id, description: products.description }).from(products);
  for (const product of descriptions) {
    const description = sanitizeHtml(product.description);
    if (description === product.description) continue;
    await db.update(products).set({ description, updatedAt: new Date() }).where(eq(products.id, product.id));
    changed += 1;
  }
  return changed;
}
