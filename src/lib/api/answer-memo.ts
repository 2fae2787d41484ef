/**
 * A bounded memo of back-office answers for the build: many static pages ask for the same listing, facets, parents
 * or menus, and within one build the content is one snapshot, so each distinct call is made once. Entries are
 * promises (concurrent pages share one request); a failed call is forgotten so the next page asks again. The least
 * recently used entry goes first once `maxEntries` is reached, so memory stays bounded at any catalogue size.
 */
export class AnswerMemo<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private readonly maxEntries: number;

  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key`: the one already asked for, else `load()`'s. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key);
    if (known) {
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const answer = load();
    this.entries.set(key, answer);
    answer.catch(() => {
      if (this.entries.get(key) === answer) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return answer;
  }
}
