/**
 * One site's search index in memory (MiniSearch: docs/decisions.md, "Issue 29: search in memory"): products,
 * categories and pages, each searched with every query word required, as a prefix (a word being typed) and, when no
 * indexed word starts with it, as a misspelling of one ("filer", "plastr"). Product codes (references, pack
 * references, GTINs) are matched whole or in part as text, and rank first when they match.
 */
import MiniSearch, { type Options } from 'minisearch';
import type { CategoryDocument, PageDocument, ProductDocument, SiteDocuments } from './documents.ts';
import { compactCode, indexWords, phrase, phrases, queryWords, singular } from './text.ts';

/** A query this short (letters and digits) is not looked for inside codes. */
const MIN_CODE_PART = 3;
/** GTINs are found by part only from this many digits: shorter runs of digits are in most of them. */
const MIN_GTIN_PART = 6;
/**
 * Product matches kept for query words, counted in entries (one per product a word matches, about 50 bytes each):
 * at most about 10 MB, however many different words are searched; the oldest word is dropped first.
 */
const MAX_CACHED_MATCHES = 200_000;
/** Documents added between two yields to the event loop while building. */
const BUILD_SLICE = 200;

/**
 * The edits allowed to a word no indexed word starts with: none below four letters, one, then two from seven (a
 * swapped pair of letters is two edits; at six letters two edits turn "plastr" into "paste").
 */
export function editsFor(word: string): number {
  if (word.length < 4 || /\d/.test(word)) return 0;
  return word.length < 7 ? 1 : 2;
}

export interface ProductHit {
  id: number;
  /** Higher is better; only the order matters. */
  score: number;
}

interface ProductCodes {
  /** The product's and its packs' references, compacted. */
  references: string[];
  /** GTINs without their leading zeros (a 13-digit EAN is the 14-digit GTIN less a leading zero). */
  gtins: string[];
  namePhrases: string[];
}

/** How well a code matches: a whole code 5, a reference's start 4, part of one 3, part of a GTIN 2, else 0. */
function codeTier(codes: ProductCodes, code: string, gtin: string | undefined): number {
  if (codes.references.includes(code) || (gtin !== undefined && codes.gtins.includes(gtin))) return 5;
  if (codes.references.some((r) => r.startsWith(code))) return 4;
  if (codes.references.some((r) => r.includes(code))) return 3;
  if (gtin !== undefined && codes.gtins.some((g) => g.includes(gtin))) return 2;
  return 0;
}

const byScore = (a: { score: number }, b: { score: number }) => b.score - a.score;

export class SiteIndex {
  readonly productById: Map<number, ProductDocument>;
  readonly categoryById: Map<number, CategoryDocument>;
  readonly pageById: Map<number, PageDocument>;
  private readonly codes: Map<number, ProductCodes>;
  private readonly products: MiniSearch<ProductDocument>;
  private readonly categories: MiniSearch<CategoryDocument>;
  private readonly pages: MiniSearch<PageDocument>;
  /**
   * Each query word's product matches and scores, kept for the index's life: varied searches share their words
   * ("filler", "joint"), and a common word's search scores most of the catalogue (milliseconds at SEED_SCALE=50).
   */
  private readonly wordMatches = new Map<string, Map<number, number>>();
  private cachedMatches = 0;
  /** Every indexed word, sorted once built, to tell a word being typed from a misspelling. */
  private vocabulary: string[] = [];
  private readonly seenWords = new Set<string>();

  /** Use `SiteIndex.build`. */
  private constructor(documents: SiteDocuments) {
    this.productById = new Map(documents.products.map((p) => [p.id, p]));
    this.categoryById = new Map(documents.categories.map((c) => [c.id, c]));
    this.pageById = new Map(documents.pages.map((p) => [p.id, p]));
    this.codes = new Map(
      documents.products.map((p) => [
        p.id,
        {
          references: p.references.map(compactCode),
          gtins: p.gtins.map((gtin) => gtin.replace(/^0+/, '')),
          namePhrases: phrases(p.name),
        },
      ]),
    );
    // Few fields, as each one costs every search a pass over its postings. References are not words: they are
    // matched as codes (`codeTier`), whose prefixes ("pw") would otherwise expand to every reference in the shop.
    this.products = new MiniSearch<ProductDocument>({
      ...this.options(['name', 'summary', 'description'], { name: 6, summary: 2 }),
      extractField: (document, field) =>
        field === 'summary'
          ? `${document.shortDescription} ${document.categoryNames}`
          : document[field as 'id' | 'name' | 'description'],
    });
    this.categories = new MiniSearch<CategoryDocument>(this.options(['name', 'description'], { name: 4 }));
    this.pages = new MiniSearch<PageDocument>(this.options(['title', 'text'], { title: 4 }));
  }

  /** The same reading of words on both sides; the index side also records its vocabulary. */
  private options<T>(fields: string[], boost: Record<string, number>): Options<T> {
    return {
      fields,
      tokenize: indexWords,
      processTerm: (word) => {
        const term = singular(word);
        this.seenWords.add(term);
        return term;
      },
      searchOptions: {
        tokenize: queryWords,
        processTerm: singular,
        combineWith: 'AND',
        prefix: true,
        fuzzy: (term) => (this.startsAWord(term) ? false : editsFor(term)),
        boost,
      },
    };
  }

  /** Builds the index, yielding to other requests between slices of documents, so no request waits long on it. */
  static async build(documents: SiteDocuments): Promise<SiteIndex> {
    const index = new SiteIndex(documents);
    await index.products.addAllAsync(documents.products, { chunkSize: BUILD_SLICE });
    await index.categories.addAllAsync(documents.categories, { chunkSize: BUILD_SLICE });
    await index.pages.addAllAsync(documents.pages, { chunkSize: BUILD_SLICE });
    index.vocabulary = [...index.seenWords].toSorted();
    index.seenWords.clear();
    return index;
  }

  /** Whether an indexed word starts with `term` (a binary search in the sorted vocabulary). */
  private startsAWord(term: string): boolean {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.vocabulary[middle]! < term) low = middle + 1;
      else high = middle;
    }
    return this.vocabulary[low]?.startsWith(term) ?? false;
  }

  /**
   * Products matching `text` that `keep` accepts, best first: a whole code, a code's start, part of a code, the
   * name containing the text as a phrase, then the text's relevance (BM25 with the fields' boosts).
   */
  searchProducts(text: string, keep: (id: number) => boolean): ProductHit[] {
    const query = queryWords(text);
    const textScores = this.productMatches(query);
    const queryPhrase = phrase(query);
    const code = compactCode(text);
    const byCode = code.length >= MIN_CODE_PART && /\d/.test(code);
    const gtin = /^\d+$/.test(code) && code.length >= MIN_GTIN_PART ? code.replace(/^0+/, '') : undefined;
    const hits: ProductHit[] = [];
    // Every product is a candidate when the text may be (part of) a code, else only those matching its words.
    for (const id of byCode ? this.codes.keys() : textScores.keys()) {
      if (!keep(id)) continue;
      const codes = this.codes.get(id)!;
      const textScore = textScores.get(id);
      let tier = byCode ? codeTier(codes, code, gtin) : 0;
      if (textScore === undefined && tier === 0) continue;
      if (tier === 0 && codes.namePhrases.some((p) => p.includes(queryPhrase))) tier = 1;
      // A text score stays far below 1,000, so the tiers come first.
      hits.push({ id, score: tier * 1000 + (textScore ?? 0) });
    }
    return hits.toSorted(byScore);
  }

  /** Products having every word of the query (each as itself, a prefix or a misspelling), with summed scores. */
  private productMatches(query: string[]): Map<number, number> {
    const perWord = query.map((word) => this.wordMatch(word)).toSorted((a, b) => a.size - b.size);
    const [rarest, ...others] = perWord;
    const scores = new Map<number, number>();
    for (const [id, score] of rarest ?? []) {
      let total = score;
      for (const other of others) {
        const more = other.get(id);
        if (more === undefined) {
          total = Number.NaN;
          break;
        }
        total += more;
      }
      if (!Number.isNaN(total)) scores.set(id, total);
    }
    return scores;
  }

  private wordMatch(word: string): Map<number, number> {
    let matches = this.wordMatches.get(word);
    if (!matches) {
      matches = new Map(this.products.search(word).map((r) => [r.id as number, r.score]));
      for (const [oldest, dropped] of this.wordMatches) {
        if (this.cachedMatches + matches.size <= MAX_CACHED_MATCHES) break;
        this.wordMatches.delete(oldest);
        this.cachedMatches -= dropped.size;
      }
      this.wordMatches.set(word, matches);
      this.cachedMatches += matches.size;
    }
    return matches;
  }

  /** Categories matching `text` that `keep` accepts, best first (ties in the categories' own order). */
  searchCategories(text: string, keep: (category: CategoryDocument) => boolean): CategoryDocument[] {
    return this.categories
      .search(text, { filter: (r) => keep(this.categoryById.get(r.id)!) })
      .map((r) => ({ score: r.score, category: this.categoryById.get(r.id)! }))
      .toSorted((a, b) => byScore(a, b) || a.category.position - b.category.position)
      .map(({ category }) => category);
  }

  /** Pages matching `text` that `keep` accepts, best first (ties: the newest first). */
  searchPages(text: string, keep: (page: PageDocument) => boolean): PageDocument[] {
    return this.pages
      .search(text, { filter: (r) => keep(this.pageById.get(r.id)!) })
      .map((r) => ({ score: r.score, page: this.pageById.get(r.id)! }))
      .toSorted((a, b) => byScore(a, b) || b.page.publishedAt - a.page.publishedAt)
      .map(({ page }) => page);
  }
}
