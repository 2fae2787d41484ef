/**
 * Search terms for the unique-query run of `npm run bench`: product words taken from the product URLs of the
 * sitemap, their fragments (prefixes of three letters or more), pairs of words and a word with the start of another,
 * so each request can ask for a
 * term no earlier request asked for (no answer-cache entry is hit twice) while every term still looks like what a
 * shopper types.
 */
const MIN_FRAGMENT = 3;

/** The words of product slugs (`/{segment}/product/{slug}`), each once, in the order met. */
export function productWords(urls: Iterable<string>): string[] {
  const words = new Set<string>();
  for (const url of urls) {
    const slug = /\/product\/([^/?#]+)/.exec(url)?.[1];
    if (!slug) continue;
    for (const word of decodeURIComponent(slug).split('-'))
      if (word.length >= MIN_FRAGMENT && !/^\d+$/.test(word)) words.add(word.toLowerCase());
  }
  return [...words];
}

/**
 * At least `wanted` distinct terms (when the words allow it): the words, their fragments, two-word pairs, then a word
 * and a fragment. Deterministic, so two runs on the same catalogue ask for the same terms.
 */
export function searchTerms(words: readonly string[], wanted: number): string[] {
  const terms = new Set<string>(words);
  const fragmentSet = new Set<string>();
  for (const word of words)
    for (let length = MIN_FRAGMENT; length < word.length; length += 1) fragmentSet.add(word.slice(0, length));
  const fragments = [...fragmentSet].filter((fragment) => !terms.has(fragment));
  for (const fragment of fragments) terms.add(fragment);
  // Then a word followed by another word, then a word followed by the start of another ("filler pla"), as a
  // shopper's query grows while typing.
  for (const seconds of [words, fragments]) {
    for (let step = 1; step < seconds.length; step += 1) {
      for (let at = 0; at < words.length; at += 1) {
        if (terms.size >= wanted) return [...terms];
        const second = seconds[(at + step) % seconds.length]!;
        if (!second.startsWith(words[at]!)) terms.add(`${words[at]} ${second}`);
      }
    }
  }
  return [...terms];
}
