/**
 * Text matching shared by the suggest call and the product listing: Postgres full-text search ('english'
 * configuration, prefix matching) where each query word may also match the indexed words closest to it by
 * pg_trgm similarity, so misspellings such as "filer", "plastr" or "morter" still find what was meant.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Below this trigram similarity a word is not taken as a misspelling of an indexed word. */
const CORRECTION_THRESHOLD = 0.3;
const MAX_TERMS = 8;

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

/**
 * For each query term, the indexed lexemes (products, categories, pages) most similar to it. `ts_stat` lists
 * the lexemes of every search vector, so corrections always name a word the index can match.
 */
async function corrections(db: Database, terms: string[]): Promise<Map<string, string[]>> {
  const rows = (await db.execute(sql`
    with lexicon as (
      select word from ts_stat('select search from product union all select search from category union all select search from content_entry where resource in (''page'', ''folder'')')
    )
    select t.term, l.word
    from unnest(string_to_array(${terms.join(' ')}, ' ')) as t(term)
    cross join lateral (
      select word from lexicon
      where similarity(word, t.term) >= ${CORRECTION_THRESHOLD}
      order by similarity(word, t.term) desc, word
      limit 3
    ) l
  `)) as unknown as { rows?: { term: string; word: string }[] } | { term: string; word: string }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  const result = new Map<string, string[]>();
  for (const { term, word } of list) result.set(term, [...(result.get(term) ?? []), word]);
  return result;
}

export interface TextQuery {
  /** A tsquery expression, or null when the text has no searchable word. */
  tsquery: SQL | null;
  /** The raw text, for trigram similarity against names and titles. */
  text: string;
}

/** Builds the tsquery for `text`: every term must match (prefix of itself or one of its corrections). */
export async function buildTextQuery(db: Database, text: string): Promise<TextQuery> {
  const terms = queryTerms(text);
  if (terms.length === 0) return { tsquery: null, text: text.trim() };
  const fixes = await corrections(db, terms);
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
  const fuzzy = sql`word_similarity(${query.text}, ${name}) >= 0.5`;
  return query.tsquery ? sql`(${vector} @@ ${query.tsquery} or ${fuzzy})` : fuzzy;
}

/** SQL relevance score for ordering matches. */
export function textRank(query: TextQuery, vector: SQL, name: SQL): SQL<number> {
  const similarity = sql`word_similarity(${query.text}, ${name})`;
  return query.tsquery
    ? sql<number>`(ts_rank(${vector}, ${query.tsquery}) + ${similarity})`
    : sql<number>`${similarity}`;
}
