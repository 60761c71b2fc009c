/**
 * A segment's term dictionary: its terms in sorted order (a term's number is its place there, which is
 * what the postings are laid out by). The exact word and the completions of the word being typed are
 * found by binary search in that order; the words a few edits away by MiniSearch's radix tree
 * (SearchableMap, term -> number), built on the first such lookup or by prepare(): building it for a large
 * collection's terms is a large part of a restore from the cache, and most queries never need it.
 * MiniSearch's own inverted index is not used: its Map per term and object per (term, paper) pair take
 * several times the memory and query time of typed-array postings (docs/benchmarks.md), so the postings,
 * BM25+ and top-k stay in segment.ts and termIndex.ts.
 */
import SearchableMap from 'minisearch/SearchableMap';

export class TermDictionary {
  /** Term number -> term. */
  readonly terms: string[];
  private tree: SearchableMap<number> | undefined;
  /** False for terms not in code-unit order (never made by segment.ts): then every lookup uses the tree. */
  private readonly sorted: boolean;

  /** `joined`: the sorted terms joined by "\n", as a snapshot stores them. */
  constructor(joined: string) {
    this.terms = joined === '' ? [] : joined.split('\n');
    let sorted = true;
    for (let t = 1; t < this.terms.length && sorted; t++) sorted = this.terms[t - 1] < this.terms[t];
    this.sorted = sorted;
    if (!sorted) this.prepare();
  }

  get size(): number {
    return this.terms.length;
  }

  /** Builds the radix tree now (lookups of near words build it when needed). */
  prepare(): SearchableMap<number> {
    if (!this.tree) {
      this.tree = new SearchableMap<number>();
      for (let t = 0; t < this.terms.length; t++) this.tree.set(this.terms[t], t);
    }
    return this.tree;
  }

  /** The number of the first term not below `term` in code-unit order. */
  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid] < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The term's number, or -1. */
  find(term: string): number {
    if (!this.sorted) return this.prepare().get(term) ?? -1;
    const t = this.lowerBound(term);
    return this.terms[t] === term ? t : -1;
  }

  /** Numbers of the terms that start with `prefix`: a range of the sorted terms. */
  private *withPrefix(prefix: string): Iterable<number> {
    if (!this.sorted) {
      yield* this.prepare().atPrefix(prefix).values();
      return;
    }
    for (let t = this.lowerBound(prefix); t < this.terms.length && this.terms[t].startsWith(prefix); t++) yield t;
  }

  /**
   * Numbers of the terms that start with `prefix` (not equal to it): the `cap` most frequent (by `df`,
   * ties by term order) when there are more, most frequent first.
   */
  completions(prefix: string, cap: number, df: (t: number) => number): number[] {
    const best: number[] = []; // kept sorted: short prefixes have thousands of completions
    const more = (a: number, b: number) => df(a) > df(b) || (df(a) === df(b) && a < b);
    for (const t of this.withPrefix(prefix)) {
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
    for (const [t, distance] of this.prepare().fuzzyGet(term, max).values()) if (distance > 0) out.push([t, distance]);
    return out;
  }
}
