/**
 * Text matching shared by the suggest call and the product listing: Postgres full-text search ('english'
 * configuration, prefix matching) where each query word may also match the indexed words closest to it by
 * pg_trgm similarity, so misspellings such as "filer", "plastr" or "morter" still find what was meant.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import { rowsOf } from '../../db/rows.ts';
import type { ReadCache } from '../../lib/cache.ts';

/** Below this trigram similarity a word is not taken as a misspelling of an indexed word. */
const CORRECTION_THRESHOLD = 0.3;
const MAX_TERMS = 8;
/** At or above this word similarity of the whole text to a name or title, it matches without the full text. */
export const NAME_SIMILARITY = 0.5;

/** Lower-case ASCII words of the query (accents stripped), which are safe to place in a tsquery. */
export function queryTerms(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words.filter((word) => word.length >= 2 || /\d/.test(word)))].slice(0, MAX_TERMS);
}

/** Where the lexicon's words come from: every search vector a search reads. */
const LEXICON_SOURCE =
  "select search from product union all select search from category union all select search from content_entry where resource in ('page', 'folder')";

/**
 * Rebuilds the search lexicon when the content version has moved since it was built (every write through the API
 * moves it). Checked once per read-cache lifetime, so after each write and every ten minutes; the table lock lets
 * one back-office process rebuild while the others wait and then find it current.
 */
export function refreshLexicon(db: Database, cache: ReadCache): Promise<void> {
  return cache.get('search:lexicon', () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`lock table search_lexicon_state in exclusive mode`);
      const [state] = rowsOf<{ current: number; built: number | null }>(
        await tx.execute(sql`
          select coalesce((select version from content_version where id = 1), 0) as current,
                 (select version from search_lexicon_state where id = 1) as built
        `),
      );
      const current = Number(state!.current);
      if (state!.built !== null && Number(state!.built) === current) return;
      await tx.execute(sql`delete from search_lexicon`);
      await tx.execute(
        sql`insert into search_lexicon (word) select word from ts_stat(${LEXICON_SOURCE}) on conflict do nothing`,
      );
      await tx.execute(sql`
        insert into search_lexicon_state (id, version) values (1, ${current})
        on conflict (id) do update set version = excluded.version
      `);
    }),
  );
}

/**
 * For each query term, the lexicon words most similar to it (at least `CORRECTION_THRESHOLD`). Cached per term: the
 * varied searches of a shop share their words ("filler", "joint"), and the cache is cleared with the lexicon.
 */
async function corrections(db: Database, cache: ReadCache, terms: string[]): Promise<Map<string, string[]>> {
  await refreshLexicon(db, cache);
  const words = await Promise.all(
    terms.map((term) =>
      cache.get(`search:corrections:${term}`, async () =>
        // `%` is pg_trgm's similarity at its default threshold (0.3, the correction threshold): it uses the
        // trigram index.
        rowsOf<{ word: string }>(
          await db.execute(sql`
            select word from search_lexicon
            where word % ${term} and similarity(word, ${term}) >= ${CORRECTION_THRESHOLD}
            order by similarity(word, ${term}) desc, word
            limit 3
          `),
        ).map((row) => row.word),
      ),
    ),
  );
  return new Map(terms.map((term, i) => [term, words[i]!]));
}

export interface TextQuery {
  /** A tsquery expression, or null when the text has no searchable word. */
  tsquery: SQL | null;
  /** The raw text, for trigram similarity against names and titles. */
  text: string;
}

/** Builds the tsquery for `text`: every term must match (prefix of itself or one of its corrections). */
export async function buildTextQuery(db: Database, cache: ReadCache, text: string): Promise<TextQuery> {
  const terms = queryTerms(text);
  if (terms.length === 0) return { tsquery: null, text: text.trim() };
  const fixes = await corrections(db, cache, terms);
  const perTerm = terms.map((term) => {
    const alternatives = [
      sql`to_tsquery('english', ${`${term}:*`})`,
      ...(fixes.get(term) ?? []).map(
        (word) => sql`to_tsquery('simple', ${word.replace(/[^a-z0-9]/g, '') || term})`,
      ),
    ];
    return sql`(${sql.join(alternatives, sql` || `)})`;
  });
  return { tsquery: sql`(${sql.join(perTerm, sql` && `)})`, text: text.trim() };
}

/** SQL condition: the search vector matches the query, or the name is close to the whole text. */
export function textCondition(query: TextQuery, vector: SQL, name: SQL): SQL {
  const fuzzy = sql`word_similarity(${query.text}, ${name}) >= ${NAME_SIMILARITY}`;
  return query.tsquery ? sql`(${vector} @@ ${query.tsquery} or ${fuzzy})` : fuzzy;
}

/** SQL relevance score for ordering matches. */
export function textRank(query: TextQuery, vector: SQL, name: SQL): SQL<number> {
  const similarity = sql`word_similarity(${query.text}, ${name})`;
  return query.tsquery
    ? sql<number>`(ts_rank(${vector}, ${query.tsquery}) + ${similarity})`
    : sql<number>`${similarity}`;
}
