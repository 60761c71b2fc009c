/**
 * The searchable index of papers: segments (segment.ts) plus which papers are alive, queried as a
 * whole. The first segment holds the corpus; updates (notes, tags) go to small segments that are merged
 * once there are several, so an update costs the size of the update, not of the corpus.
 */
import {
  buildSegment,
  FUZZY_WEIGHT,
  idf,
  IndexedField,
  IndexHit,
  prefixCap,
  PREFIX_WEIGHT,
  Scorer,
  Segment,
  SegmentData,
  TermQuery,
} from './segment';

/** The index as plain data (typed arrays and strings): what the analysis cache stores. */
export interface SerializedIndex {
  format: 1;
  ids: string[];
  alive: Uint8Array;
  avgChars: number[];
  segments: SegmentData[];
  /** Paper numbers in title order (see PaperSearch), so a restore does not sort again. */
  titleOrder?: Uint32Array;
}

const MAX_SMALL_SEGMENTS = 4;
/** Expansions remembered (a word typed on, the AND then OR fallback, the same query again). */
const EXPANSION_CACHE = 256;

/** Which terms of each segment a query word stands for, with their weights (before idf). */
type Expansion = { seg: number; t: number; weight: number }[];

export class TermIndex {
  private segments: Segment[] = [];
  private alive = new Uint8Array(16);
  /** Paper number -> id, and each id's current number. */
  private ids: string[] = [];
  private readonly numbers = new Map<string, number>();
  private avgChars: number[];
  private liveCount = 0;
  private readonly scorer = new Scorer();
  private readonly expansionCache = new Map<string, Expansion>();
  /** Texts of the papers in the small segments, kept to merge them. */
  private readonly smallTexts = new Map<number, string[]>();

  constructor(
    readonly fields: readonly IndexedField[],
    private readonly processTerm: (w: string) => string | null,
  ) {
    this.avgChars = fields.map(() => 0);
  }

  get size(): number {
    return this.liveCount;
  }

  numberOf(id: string): number | undefined {
    return this.numbers.get(id);
  }

  idOf(doc: number): string {
    return this.ids[doc];
  }

  /** Adds papers (id, text per field); a paper already indexed is replaced. */
  add(docs: { id: string; fields: string[] }[]): void {
    if (docs.length === 0) return;
    const first = this.segments.length === 0;
    if (first) {
      // the corpus's average field lengths, fixed from then on (updates are too few to move them)
      this.avgChars = this.fields.map((_, f) => docs.reduce((s, d) => s + (d.fields[f]?.length ?? 0), 0) / docs.length);
    }
    const numbered = docs.map((d) => ({ doc: this.assign(d.id), fields: d.fields }));
    if (!first) for (const d of numbered) this.smallTexts.set(d.doc, d.fields);
    this.segments.push(buildSegment(numbered, this.fields, this.avgChars, this.processTerm));
    if (this.segments.length > 1 + MAX_SMALL_SEGMENTS) this.mergeSmall();
    this.expansionCache.clear();
  }

  /** Forgets papers (their postings stay in their segment, dead, until it is merged or rebuilt). */
  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const doc = this.numbers.get(id);
      if (doc === undefined) continue;
      this.alive[doc] = 0;
      this.smallTexts.delete(doc);
      this.numbers.delete(id);
      this.liveCount--;
    }
    this.expansionCache.clear();
  }

  private assign(id: string): number {
    const old = this.numbers.get(id);
    if (old !== undefined) {
      this.alive[old] = 0;
      this.smallTexts.delete(old);
      this.liveCount--;
    }
    const doc = this.ids.length;
    this.ids.push(id);
    if (doc >= this.alive.length) {
      const grown = new Uint8Array(Math.max(16, this.alive.length * 2, doc + 1));
      grown.set(this.alive);
      this.alive = grown;
    }
    this.alive[doc] = 1;
    this.numbers.set(id, doc);
    this.liveCount++;
    return doc;
  }

  /** The small segments become one, without their dead entries. */
  private mergeSmall(): void {
    const docs = [...this.smallTexts].filter(([doc]) => this.alive[doc]).map(([doc, fields]) => ({ doc, fields }));
    docs.sort((a, b) => a.doc - b.doc);
    this.segments = [this.segments[0], buildSegment(docs, this.fields, this.avgChars, this.processTerm)];
  }

  /** Documents containing term `t` of segment `s`, over all segments (the idf counts the whole corpus). */
  private dfOf(term: string): number {
    let df = 0;
    for (const seg of this.segments) {
      const t = seg.find(term);
      if (t >= 0) df += seg.df(t);
    }
    return df;
  }

  /**
   * The best `limit` papers for the query words: every word must match (AND) or any may (OR). A word
   * matches its exact term, its completions when `prefix` (the most frequent few, see prefixCap), and
   * terms within `fuzzy` edits; completions and near terms count less, the farther the less.
   */
  query(words: readonly TermQuery[], and: boolean, limit: number, accept?: (doc: number) => boolean): IndexHit[] {
    const words32 = words.slice(0, 32);
    const expansions = words32.map((w) => this.expand(w));
    this.scorer.reset(this.ids.length);
    const n = Math.max(1, this.liveCount);
    const idfs = new Map<string, number>();
    expansions.forEach((list, i) => {
      for (const { seg, t, weight } of list) {
        const segment = this.segments[seg];
        const term = segment.termList[t];
        let v = idfs.get(term);
        if (v === undefined) idfs.set(term, (v = idf(this.dfOf(term), n)));
        this.scorer.add(segment, t, weight * v, 1 << i, this.alive);
      }
    });
    const all = words32.length >= 32 ? 0xffffffff : (1 << words32.length) - 1;
    const best = this.scorer.top(limit, all >>> 0, and, accept);
    // which terms and fields matched, for the few papers returned only
    return best.map(({ doc, score }) => {
      const terms = new Set<string>();
      let fields = 0;
      for (const list of expansions) {
        for (const { seg, t } of list) {
          const segment = this.segments[seg];
          const p = segment.position(t, doc);
          if (p < 0) continue;
          terms.add(segment.termList[t]);
          fields |= segment.data.fieldMasks[p];
        }
      }
      return { doc, score, terms: [...terms], fields };
    });
  }

  /** Forgets remembered expansions (benchmarks measure every round from cold). */
  clearCaches(): void {
    this.expansionCache.clear();
  }

  /**
   * What the first query would otherwise do, in steps of a few hundred ms at most at 100k papers: read the
   * postings a restore left in the cache file (snapshot.ts), build what misspelled words need (termDictionary.ts).
   */
  preparationSteps(): (() => void)[] {
    return this.segments.flatMap((segment) => [
      () => void segment.data.docs.length,
      () => void segment.data.weights.length,
      () => void segment.data.fieldMasks.length,
      () => void segment.dictionary.prepare(),
    ]);
  }

  /** The terms a query word stands for in each segment, remembered until the index changes. */
  private expand(w: TermQuery): Expansion {
    const key = `${w.prefix ? 'p' : 'x'}${w.fuzzy}:${w.term}`;
    const cached = this.expansionCache.get(key);
    if (cached) return cached;
    const out: Expansion = [];
    this.segments.forEach((segment, seg) => {
      const exact = segment.find(w.term);
      if (exact >= 0) out.push({ seg, t: exact, weight: 1 });
      const seen = new Set<number>();
      if (w.prefix) {
        for (const t of segment.completions(w.term, prefixCap(w.term))) {
          const term = segment.termList[t];
          seen.add(t);
          out.push({
            seg,
            t,
            weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - w.term.length)),
          });
        }
      }
      if (w.fuzzy > 0) {
        for (const [t, distance] of segment.near(w.term, w.fuzzy)) {
          if (seen.has(t)) continue;
          const term = segment.termList[t];
          out.push({ seg, t, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) });
        }
      }
    });
    if (this.expansionCache.size >= EXPANSION_CACHE)
      this.expansionCache.delete(this.expansionCache.keys().next().value!);
    this.expansionCache.set(key, out);
    return out;
  }

  /** Live paper numbers in order of addition. */
  liveDocs(): number[] {
    const out: number[] = [];
    for (let d = 0; d < this.ids.length; d++) if (this.alive[d]) out.push(d);
    return out;
  }

  serialize(): SerializedIndex {
    return {
      format: 1,
      ids: [...this.ids],
      alive: this.alive.slice(0, this.ids.length),
      avgChars: [...this.avgChars],
      segments: this.segments.map((s) => s.data),
    };
  }

  /**
   * Restores a serialized index. The texts of papers in small segments are not stored, so those
   * segments are rebuilt from `textOf` (they hold only the papers the user annotated since the analysis).
   */
  static restore(
    data: SerializedIndex,
    fields: readonly IndexedField[],
    processTerm: (w: string) => string | null,
    textOf: (id: string) => string[] | undefined,
  ): TermIndex {
    const index = new TermIndex(fields, processTerm);
    index.ids = [...data.ids];
    index.alive = new Uint8Array(Math.max(16, data.ids.length));
    index.alive.set(data.alive.subarray(0, data.ids.length));
    index.avgChars = [...data.avgChars];
    index.ids.forEach((id, doc) => {
      if (index.alive[doc]) {
        index.numbers.set(id, doc);
        index.liveCount++;
      }
    });
    index.segments = data.segments.slice(0, 1).map((s) => new Segment(s));
    if (data.segments.length > 1) {
      const inSmall = new Set<number>();
      for (const s of data.segments.slice(1)) for (const d of s.docs) inSmall.add(d);
      const docs = [...inSmall].filter((d) => index.alive[d]).sort((a, b) => a - b);
      const texts = docs.map((doc) => ({ doc, fields: textOf(index.ids[doc]) ?? fields.map(() => '') }));
      for (const t of texts) index.smallTexts.set(t.doc, t.fields);
      if (texts.length) index.segments.push(buildSegment(texts, fields, index.avgChars, processTerm));
    }
    return index;
  }
}
