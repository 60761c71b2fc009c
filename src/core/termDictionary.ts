/**
 * A segment's term dictionary: its terms in sorted order (a term's number is its place there, which is
 * what the postings are laid out by) and MiniSearch's radix tree (SearchableMap, term -> number) for
 * the lookups a query makes: the exact word, the completions of the word being typed, and the words a
 * few edits away. MiniSearch's own inverted index is not used: at 100k papers its Map per term and
 * object per (term, paper) pair take 4× the memory and 10–100× the query time of typed-array postings
 * (README, Benchmark), so the postings, BM25+ and top-k stay in searchIndex.ts.
 */
import SearchableMap from 'minisearch/SearchableMap';

export class TermDictionary {
  /** Term number -> term. */
  readonly terms: string[];
  private built: SearchableMap<number> | undefined;

  /** `joined`: the sorted terms joined by "\n", as a snapshot stores them. */
  constructor(joined: string) {
    this.terms = joined === '' ? [] : joined.split('\n');
  }

  /** The radix tree, built on the first query: an analysis builds the index but searches nothing. */
  private get tree(): SearchableMap<number> {
    if (!this.built) {
      this.built = new SearchableMap<number>();
      for (let t = 0; t < this.terms.length; t++) this.built.set(this.terms[t], t);
    }
    return this.built;
  }

  get size(): number {
    return this.terms.length;
  }

  /** The term's number, or -1. */
  find(term: string): number {
    return this.tree.get(term) ?? -1;
  }

  /**
   * Numbers of the terms that start with `prefix` (not equal to it): the `cap` most frequent (by `df`,
   * ties by term order) when there are more, most frequent first.
   */
  completions(prefix: string, cap: number, df: (t: number) => number): number[] {
    const best: number[] = []; // kept sorted: short prefixes have thousands of completions
    const more = (a: number, b: number) => df(a) > df(b) || (df(a) === df(b) && a < b);
    for (const t of this.tree.atPrefix(prefix).values()) {
      if (this.terms[t] === prefix) continue;
      if (best.length === cap && !more(t, best[cap - 1])) continue;
      let at = best.length < cap ? best.length : cap - 1;
      best[at] = t;
      while (at > 0 && more(best[at], best[at - 1])) {
        [best[at], best[at - 1]] = [best[at - 1], best[at]];
        at--;
      }
    }
    return best;
  }

  /**
   * Numbers of the terms within `max` edits (Levenshtein) of `term`, not equal to it, with their distance.
   * The radix tree's fuzzy search fills one edit-distance row per tree edge and drops a whole branch once a
   * row is over `max`, so most of the vocabulary is never visited.
   */
  near(term: string, max: number): [number, number][] {
    const out: [number, number][] = [];
    for (const [t, distance] of this.tree.fuzzyGet(term, max).values()) if (distance > 0) out.push([t, distance]);
    return out;
  }
}
