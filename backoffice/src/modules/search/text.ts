/**
 * How the search index and the queries read text: lower-case ASCII words (accents stripped), a light English
 * plural folding, and product codes compacted to letters and digits. One module, so both sides agree.
 */

/** At most this many words of a query are searched (a pasted paragraph must not cost a search per word). */
const MAX_QUERY_WORDS = 8;

/** Lower case, accents stripped: "Décor" and "decor" are one word. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The words of a text: runs of letters and digits. */
export function words(text: string): string[] {
  return fold(text).match(/[a-z0-9]+/g) ?? [];
}

/**
 * The words a document is indexed under: its words, plus each hyphenated or apostrophised compound written as one
 * ("Multi-Fill" is also "multifill"), so a shopper who types it without the hyphen still finds it.
 */
export function indexWords(text: string): string[] {
  const folded = fold(text);
  const compounds = (folded.match(/[a-z0-9]+(?:[-'’][a-z0-9]+)+/g) ?? []).map((c) => c.replace(/[-'’]/g, ''));
  return [...(folded.match(/[a-z0-9]+/g) ?? []), ...compounds];
}

/**
 * The words of a query that are searched: single letters are left out (they would match half the vocabulary as a
 * prefix) unless they are digits, repeats are dropped, and at most `MAX_QUERY_WORDS` are kept.
 */
export function queryWords(text: string): string[] {
  const kept = words(text).filter((word) => word.length >= 2 || /\d/.test(word));
  return [...new Set(kept)].slice(0, MAX_QUERY_WORDS);
}

/**
 * Folds an English plural to its singular ("fillers" → "filler", "brushes" → "brush", "assemblies" → "assembly"),
 * on both sides, so either form finds the other (the database's full text did the same with its stemmer). Words
 * ending in "ss", "us" or "is" are not plurals ("gloss", "gypsum" is untouched anyway).
 */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A product code as it is compared: letters and digits only, lower case ("PW-1091-05" → "pw109105"). */
export function compactCode(text: string): string {
  return fold(text).replace(/[^a-z0-9]/g, '');
}

/**
 * A text's words as phrases to find a query in: words in their singular, separated by single spaces, with a
 * leading space to anchor a query at a word start; once as written and once with compounds as one word.
 */
export function phrases(text: string): string[] {
  const joined = text.replace(/([\p{L}\p{N}])[-'’](?=[\p{L}\p{N}])/gu, '$1');
  return [phrase(words(text)), phrase(words(joined))];
}

/** Words as a phrase (see `phrases`). */
export function phrase(wordList: string[]): string {
  return ` ${wordList.map(singular).join(' ')}`;
}
