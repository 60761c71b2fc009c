/**
 * A compact inverted index for paper search, built to answer within a frame at 100k abstracts.
 *
 * Each segment's term dictionary is MiniSearch's radix tree (termDictionary.ts): exact, prefix and
 * fuzzy lookup of words. The postings are our own: with 100k abstracts the index holds ~10M (term, paper)
 * pairs. As typed arrays (CSR: postings grouped by term number, paper numbers and precomputed weights)
 * that is ~9 bytes a pair instead of MiniSearch's Map entry per pair, and a query walks arrays and keeps
 * only the best `limit` papers (a bounded heap) instead of building a result object for every matching paper.
 *
 * Scoring is BM25+ per field (k1 1.2, b 0.7, δ 0.5), field boosts folded into each posting's weight at
 * build time; the idf is applied at query time from the document frequencies of all segments.
 * Updates (notes, tags) add a small segment and mark the old entry dead; small segments are merged.
 */
import { TermDictionary } from './termDictionary';

/** A word of the query: its text, whether it may be a prefix, and the edit distance it may be off by. */
export interface TermQuery {
  term: string;
  prefix: boolean;
  fuzzy: number;
}

export interface IndexHit {
  /** Paper number (order of addition). */
  doc: number;
  score: number;
  /** Index terms that matched the paper (for highlighting). */
  terms: string[];
  /** Bit f set when the paper matched in field f. */
  fields: number;
}

export interface IndexedField {
  name: string;
  boost: number;
}

/** A segment as plain data: what a cache stores. `terms` are joined by "\n" (a term never holds one). */
export interface SegmentData {
  terms: string;
  offsets: Uint32Array;
  docs: Uint32Array;
  weights: Float32Array;
  fieldMasks: Uint8Array;
}

const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;
/**
 * At most this many completions of a prefix are searched (the most frequent ones): "re" has thousands.
 * Fewer for short prefixes: two letters say little about the word being typed, and every completion
 * searched costs its postings.
 */
export function prefixCap(prefix: string): number {
  return prefix.length <= 2 ? 6 : prefix.length === 3 ? 16 : 48;
}
/** MiniSearch's weights for prefix and fuzzy matches, kept so rankings stay as they were. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/**
 * A word: a run of UTF-16 units that are not separators. Separators are white space, control characters
 * and punctuation (Unicode Z and P, as MiniSearch's default tokenizer), tested one unit at a time: a
 * surrogate pair is never a separator (hence the astral alternative). Symbols such as + and $ do not
 * split. Matched natively in one call per text: the index reads every field of every paper, mostly
 * before a character loop would be optimized.
 */
const WORD = /(?:[^\p{Z}\p{P}\x00-\x20]|[\u{10000}-\u{10FFFF}])+/gu;

/** Calls `word` with each raw word of the text. */
export function forEachWord(text: string, word: (w: string) => void): void {
  const found = text.match(WORD);
  if (found === null) return;
  for (let i = 0; i < found.length; i++) word(found[i]);
}

/** Growable typed-array columns for postings while a segment is built. */
class PostingBuffer {
  term = new Uint32Array(1024);
  doc = new Uint32Array(1024);
  weight = new Float32Array(1024);
  mask = new Uint8Array(1024);
  length = 0;

  push(term: number, doc: number, weight: number, mask: number): number {
    if (this.length === this.term.length) {
      const grow = <T extends Uint32Array | Float32Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.term = grow(this.term);
      this.doc = grow(this.doc);
      this.weight = grow(this.weight);
      this.mask = grow(this.mask);
    }
    const at = this.length++;
    this.term[at] = term;
    this.doc[at] = doc;
    this.weight[at] = weight;
    this.mask[at] = mask;
    return at;
  }
}

/** One immutable block of the index: its terms (termDictionary.ts), and per term its papers (ascending) with weights. */
export class Segment {
  readonly dictionary: TermDictionary;

  constructor(readonly data: SegmentData) {
    this.dictionary = new TermDictionary(data.terms);
  }

  /** Term number -> term. */
  get termList(): readonly string[] {
    return this.dictionary.terms;
  }

  df(t: number): number {
    return this.data.offsets[t + 1] - this.data.offsets[t];
  }

  find(term: string): number {
    return this.dictionary.find(term);
  }

  /** Term numbers that start with `prefix` (not equal to it), the `cap` most frequent when there are more. */
  completions(prefix: string, cap: number): number[] {
    return this.dictionary.completions(prefix, cap, (t) => this.df(t));
  }

  /** Term numbers within `max` edits of `term` (not equal to it), with their distance. */
  near(term: string, max: number): [number, number][] {
    return this.dictionary.near(term, max);
  }

  /** Position of `doc` in the postings of term t, or -1 (postings are ascending). */
  position(t: number, doc: number): number {
    let lo = this.data.offsets[t];
    let hi = this.data.offsets[t + 1];
    const docs = this.data.docs;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (docs[mid] < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.data.offsets[t + 1] && docs[lo] === doc ? lo : -1;
  }
}

/**
 * Builds a segment from papers given as (paper number, text per field). Field lengths are measured in
 * characters against `avgChars` (the corpus average per field): proportional to words, and known
 * before any word is read, so each posting's weight is final when it is written.
 */
export function buildSegment(
  docs: { doc: number; fields: string[] }[],
  fields: readonly IndexedField[],
  avgChars: readonly number[],
  processTerm: (w: string) => string | null,
): Segment {
  const termIds = new Map<string, number>();
  const termStrings: string[] = [];
  // each distinct word as written is processed once: word -> term id, -1 when dropped (stopword)
  const wordIds = new Map<string, number>();
  const postings = new PostingBuffer();
  let counts = new Uint32Array(1024); // per term: occurrences in the field being read
  let postingOf = new Int32Array(1024); // per term: posting of the paper being read
  let postingDoc = new Int32Array(1024).fill(-1); // per term: which paper postingOf is for
  const fieldTerms: number[] = [];
  const termOf = (w: string): number => {
    let id = wordIds.get(w);
    if (id !== undefined) return id;
    const term = processTerm(w);
    if (term === null) id = -1;
    else {
      id = termIds.get(term);
      if (id === undefined) {
        id = termStrings.length;
        termIds.set(term, id);
        termStrings.push(term);
        if (id >= counts.length) {
          const size = counts.length * 2;
          const c = new Uint32Array(size);
          c.set(counts);
          counts = c;
          const p = new Int32Array(size);
          p.set(postingOf);
          postingOf = p;
          const d = new Int32Array(size).fill(-1);
          d.set(postingDoc);
          postingDoc = d;
        }
      }
    }
    wordIds.set(w, id);
    return id;
  };
  const onWord = (w: string) => {
    const id = termOf(w);
    if (id < 0) return;
    if (counts[id]++ === 0) fieldTerms.push(id);
  };
  for (const { doc, fields: texts } of docs) {
    for (let f = 0; f < fields.length; f++) {
      const text = texts[f];
      if (!text) continue;
      fieldTerms.length = 0;
      forEachWord(text, onWord);
      const norm = K1 * (1 - B + (B * text.length) / Math.max(1, avgChars[f]));
      const boost = fields[f].boost;
      for (const id of fieldTerms) {
        const count = counts[id];
        counts[id] = 0;
        const weight = boost * (DELTA + (count * (K1 + 1)) / (count + norm));
        if (postingDoc[id] !== doc) {
          postingDoc[id] = doc;
          postingOf[id] = postings.push(id, doc, weight, 1 << f);
        } else {
          postings.weight[postingOf[id]] += weight;
          postings.mask[postingOf[id]] |= 1 << f;
        }
      }
    }
  }
  return new Segment(byTerm(postings, termStrings));
}

/** The postings by term, terms in sorted order (a counting sort); papers stay ascending within a term. */
function byTerm(postings: PostingBuffer, termStrings: string[]): SegmentData {
  const order = termStrings.map((_, i) => i).sort((a, b) => (termStrings[a] < termStrings[b] ? -1 : 1));
  const rank = new Uint32Array(termStrings.length);
  order.forEach((id, r) => (rank[id] = r));
  const offsets = new Uint32Array(termStrings.length + 1);
  for (let p = 0; p < postings.length; p++) offsets[rank[postings.term[p]] + 1]++;
  for (let t = 0; t < termStrings.length; t++) offsets[t + 1] += offsets[t];
  const fill = offsets.slice(0, termStrings.length);
  const n = postings.length;
  const out: SegmentData = {
    terms: order.map((id) => termStrings[id]).join('\n'),
    offsets,
    docs: new Uint32Array(n),
    weights: new Float32Array(n),
    fieldMasks: new Uint8Array(n),
  };
  for (let p = 0; p < n; p++) {
    const at = fill[rank[postings.term[p]]]++;
    out.docs[at] = postings.doc[p];
    out.weights[at] = postings.weight[p];
    out.fieldMasks[at] = postings.mask[p];
  }
  return out;
}

/** Scratch space reused by every query: per-paper scores and which query words matched. */
export class Scorer {
  private scores = new Float64Array(0);
  private matched = new Uint32Array(0);
  private touched = new Uint32Array(0);
  private count = 0;

  reset(size: number): void {
    if (this.scores.length < size) {
      this.scores = new Float64Array(size);
      this.matched = new Uint32Array(size);
      this.touched = new Uint32Array(size);
    } else
      for (let i = 0; i < this.count; i++) {
        this.scores[this.touched[i]] = 0;
        this.matched[this.touched[i]] = 0;
      }
    this.count = 0;
  }

  add(seg: Segment, t: number, factor: number, bit: number, alive: Uint8Array): void {
    const { offsets, docs, weights } = seg.data;
    const { scores, matched, touched } = this;
    for (let p = offsets[t], end = offsets[t + 1]; p < end; p++) {
      const d = docs[p];
      if (!alive[d]) continue;
      if (matched[d] === 0) touched[this.count++] = d;
      matched[d] |= bit;
      scores[d] += factor * weights[p];
    }
  }

  /**
   * The best `limit` papers, best first: all query words matched (AND) or any (OR, score × words
   * matched, as MiniSearch ranks), and accepted by `accept` (asked only of papers that could enter).
   */
  top(
    limit: number,
    all: number,
    and: boolean,
    accept: ((doc: number) => boolean) | undefined,
  ): { doc: number; score: number }[] {
    const heap: { doc: number; score: number }[] = []; // min-heap on score
    const { scores, matched, touched } = this;
    for (let i = 0; i < this.count; i++) {
      const d = touched[i];
      const m = matched[d];
      if (and && m !== all) continue;
      let score = scores[d];
      if (!and) score *= popcount(m);
      if (heap.length === limit && score <= heap[0].score) continue;
      if (accept && !accept(d)) continue;
      if (heap.length < limit) heapPush(heap, { doc: d, score });
      else heapReplaceTop(heap, { doc: d, score });
    }
    return heap.sort((a, b) => b.score - a.score || a.doc - b.doc);
  }
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

function heapPush(h: { score: number }[], item: { doc: number; score: number }): void {
  h.push(item);
  for (let i = h.length - 1; i > 0;) {
    const parent = (i - 1) >> 1;
    if (h[parent].score <= h[i].score) break;
    [h[parent], h[i]] = [h[i], h[parent]];
    i = parent;
  }
}

function heapReplaceTop(h: { score: number }[], item: { doc: number; score: number }): void {
  h[0] = item;
  for (let i = 0; ;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < h.length && h[l].score < h[m].score) m = l;
    if (r < h.length && h[r].score < h[m].score) m = r;
    if (m === i) break;
    [h[m], h[i]] = [h[i], h[m]];
    i = m;
  }
}

/** BM25's idf for a term in `df` of `n` papers. */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

export { PREFIX_WEIGHT, FUZZY_WEIGHT };
