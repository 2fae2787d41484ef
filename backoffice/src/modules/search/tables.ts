/**
 * The search lexicon: every word of the search vectors of products, categories, pages and folders, for the
 * spelling corrections (`matcher.ts`). Reading it from `ts_stat` on each search cost a full pass over every vector
 * (hundreds of milliseconds at SEED_SCALE=50), so it is kept as a table with a trigram index and rebuilt when the
 * content version has moved since it was built. Re-exported by db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const searchLexicon = pgTable('search_lexicon', { word: text('word').primaryKey() }, (t) => [
  index('search_lexicon_trgm').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** The content version the lexicon was built at (one row). */
export const searchLexiconState = pgTable('search_lexicon_state', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});
