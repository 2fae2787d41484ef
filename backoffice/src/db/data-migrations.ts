/**
 * One-off data migrations: run once per database, at start-up, right after the SQL migrations (openDatabase).
 * Each is claimed by inserting its name into `data_migration` in the same transaction as its work, so it runs once
 * even when two back-offices start together on one PostgreSQL server (the second waits on the first's key, then
 * finds it taken), and not at all on later starts.
 */
import { eq, inArray } from 'drizzle-orm';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { seedCommerce } from '../seed/commerce.ts';
import { resources } from '../modules/content/resources.ts';
import { bumpContentVersion } from './content-version.ts';
import type { Database } from './types.ts';
import { contentEntries, dataMigrations, products } from './schema.ts';

interface DataMigration {
  name: string;
  /** Returns the number of rows it changed. */
  run(db: Database): Promise<number>;
}

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

/** In order; append new ones with a new name, never rename or reorder. */
export const dataMigrationList: DataMigration[] = [
  { name: 'sanitize-stored-html', run: sanitizeStoredHtml },
  // Carriers and demo discount codes for databases seeded before the basket existed (a fresh one gets them from
  // the seed, which runs after: the site does not exist yet here, so this adds nothing then).
  { name: 'seed-commerce', run: seedCommerce },
];

/**
 * Runs the data migrations this database has not run yet. One that changed rows bumps the content version, as a
 * write through the API does (app.contentChanged; no read cache exists yet at start-up), so the storefront rebuilds.
 */
export async function runDataMigrations(
  db: Database,
  list: DataMigration[] = dataMigrationList,
): Promise<{ name: string; changed: number }[]> {
  const ran: { name: string; changed: number }[] = [];
  for (const migration of list) {
    await db.transaction(async (tx) => {
      const t = tx;
      const claimed = await t
        .insert(dataMigrations)
        .values({ name: migration.name })
        .onConflictDoNothing()
        .returning({ name: dataMigrations.name });
      if (claimed.length === 0) return;
      const changed = await migration.run(t);
      await t.update(dataMigrations).set({ changed }).where(eq(dataMigrations.name, migration.name));
      if (changed > 0) await bumpContentVersion(t);
      ran.push({ name: migration.name, changed });
    });
  }
  return ran;
}
