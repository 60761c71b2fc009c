/**
 * Document vectors for themes and related papers: TF-IDF over content words and two-word phrases,
 * then latent semantic analysis (LSA, a truncated SVD of the TF-IDF matrix).
 *
 * TF-IDF: terms are content words (text.ts) and pairs of adjacent content words in one sentence;
 * words of the first sentence count twice (an abstract states its topic first); tf is sublinear
 * (1 + ln tf), idf = ln((1 + n) / (1 + df)) + 1; terms in fewer than 2 documents or more than half
 * of them are dropped; rows are L2-normalized. LSA: a randomized truncated SVD (seeded random start,
 * subspace iterations, exact eigen-decomposition of the small projected matrix), coordinates
 * x · V_k (= U_k S_k), rows L2-normalized, so cosine = dot product.
 *
 * Pure TypeScript, deterministic, no node-only APIs. Memory stays proportional to the number of
 * non-zero entries: the TF-IDF matrix is sparse (CSR, Float32), the LSA rows share one Float32Array.
 *
 * Typical use:
 * ```ts
 * const v = buildVectors(abstracts);
 * cosine(v.lsa[i], v.lsa[j]);              // semantic similarity of two documents, -1..1
 * nearest(v, v.lsa[i], 5, i);              // the 5 documents most similar to document i
 * sparseCosine(v.tfidf, i, j);             // word-overlap similarity
 * embedText(v, 'offline reinforcement learning'); // a new text in the same LSA space
 * ```
 *
 * Determinism: the result depends only on the multiset of texts and the options, not on their order
 * (documents are processed in a canonical order internally; the rows of the result follow the input).
 * Scale: for large corpora the vocabulary is chosen on a deterministic sample of `vocabSampleSize`
 * documents and the SVD is computed on a sample of `svdSampleSize` documents; every document is then
 * projected onto the learned basis.
 */

import { isContentWord, tokenize } from './text';

/** A sparse matrix in compressed sparse row form. Row r holds `indices/values[indptr[r] .. indptr[r + 1])`, columns ascending. */
export interface SparseMatrix {
  rows: number;
  cols: number;
  indptr: Uint32Array;
  indices: Uint32Array;
  values: Float32Array;
}

export interface VectorOptions {
  /** Drop terms found in fewer documents. Default 2 (1 for corpora of fewer than 10 documents). */
  minDf?: number;
  /** Drop terms found in more than this share of documents. Default 0.5 (ignored below 10 documents). */
  maxDfRatio?: number;
  /** Add two-word phrases (adjacent content words in one sentence, no punctuation between). Default true. */
  bigrams?: boolean;
  /** Weight of phrase terms relative to single words. Default 1. */
  bigramWeight?: number;
  /** Exponent of the idf factor (1 = classic TF-IDF, below 1 favours frequent terms). Default 1. */
  idfPower?: number;
  /** Words in the first `leadSentences` sentences count `leadWeight` times: an abstract states its topic first. Default 1 sentence. */
  leadSentences?: number;
  /** See leadSentences. Default 2. */
  leadWeight?: number;
  /** Number of LSA dimensions. Default 80 (fewer for small corpora). 0 skips LSA. */
  dims?: number;
  /** Exponent applied to the singular values when weighting LSA coordinates (1 = classic LSA, 0 = whitened). Default 1. */
  singularValuePower?: number;
  /** Extra random directions of the randomized SVD. Default 10. */
  oversample?: number;
  /** Subspace (power) iterations of the randomized SVD. Default 2 (1 for samples over 2 000 documents). */
  powerIterations?: number;
  /** PRNG seed of the randomized SVD. Default 1. */
  seed?: number;
  /** Keep at most this many terms (most frequent first). Default 60 000. */
  maxTerms?: number;
  /** Choose the vocabulary on at most this many documents. Default 20 000. */
  vocabSampleSize?: number;
  /** Compute the SVD on at most this many documents. Default 4 000. */
  svdSampleSize?: number;
}

export interface DocVectors {
  /** Term keys: a normalized word ("policy") or two words joined by a space ("offline rl"). Sorted. */
  vocab: string[];
  /** Term key -> column. */
  termIndex: Map<string, number>;
  /** Documents containing each term (over the whole corpus). */
  df: Uint32Array;
  /** Inverse document frequency per term: (ln((1 + n) / (1 + df)) + 1)^idfPower. */
  idf: Float32Array;
  /** n × vocab.length, one L2-normalized row per input text (all-zero for a text without kept terms). */
  tfidf: SparseMatrix;
  /** LSA dimensions actually used (≤ the requested dims). */
  dims: number;
  /** One L2-normalized Float32Array of length `dims` per input text (views into one buffer). */
  lsa: Float32Array[];
  /** vocab.length × dims, row-major: maps a TF-IDF row to LSA coordinates (see embedText). Built on first access. */
  basis: Float32Array;
  /** Singular values of the TF-IDF matrix (of the SVD sample), largest first, length dims. */
  singularValues: Float32Array;
  /** The options in force, with defaults filled in. */
  options: Required<VectorOptions>;
  /** Normalized content words seen (text.ts), by id: what `streams` refer to. */
  words: string[];
  /**
   * The content words of each text in reading order, for readers of phrases (theme labels) that
   * should not tokenize again: entry = word id × 2, + 1 when the next word continues the phrase
   * (same sentence, only spaces between). Kept for the texts of the vocabulary sample (all texts
   * up to `vocabSampleSize`); undefined for the others.
   */
  streams: (Int32Array | undefined)[];
}

const DEFAULTS: Required<VectorOptions> = {
  minDf: 2,
  maxDfRatio: 0.5,
  bigrams: true,
  bigramWeight: 1,
  idfPower: 1,
  leadSentences: 1,
  leadWeight: 2,
  dims: 80,
  singularValuePower: 1,
  oversample: 10,
  powerIterations: 2,
  seed: 1,
  maxTerms: 60_000,
  vocabSampleSize: 20_000,
  svdSampleSize: 4_000,
};

/**
 * The term keys of a text, with repetition: content words (normalized, see text.ts) and, when
 * `bigrams`, pairs of adjacent content words in the same sentence with only spaces between them.
 */
export function termsOf(text: string, bigrams = true): string[] {
  return termOccurrences(text, bigrams).keys;
}

/** Term keys with the sentence index of each occurrence. */
function termOccurrences(text: string, bigrams: boolean): { keys: string[]; sentences: number[] } {
  const tokens = tokenize(text);
  const keys: string[] = [];
  const sentences: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!isContentWord(t.norm)) continue;
    keys.push(t.norm);
    sentences.push(t.sentence);
    if (!bigrams || i + 1 >= tokens.length) continue;
    const next = tokens[i + 1];
    if (next.sentence !== t.sentence || !isContentWord(next.norm)) continue;
    if (!isPhraseGap(text, t.start + t.surface.length, next.start)) continue;
    keys.push(`${t.norm} ${next.norm}`);
    sentences.push(t.sentence);
  }
  return { keys, sentences };
}

/** Word ids stay below this; a phrase code is WORD_LIMIT + first * WORD_LIMIT + second (exact in a double). */
const WORD_LIMIT = 1 << 22;

/** Whitespace as the regular expression \s sees it. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * True when text[from, to) may stand between two words of one phrase: spaces only, after an
 * optional possessive "'s" (tokenize drops it from the word).
 */
export function isPhraseGap(text: string, from: number, to: number): boolean {
  let p = from;
  const c = text.charCodeAt(p);
  if ((c === 39 || c === 0x2019) && p + 1 < to && (text.charCodeAt(p + 1) | 32) === 115) p += 2;
  if (p >= to) return false;
  for (; p < to; p++) if (!isSpace(text.charCodeAt(p))) return false;
  return true;
}

let scratchIds = new Int32Array(1024);

/**
 * The word stream of a text (see DocVectors.streams). New words get ids when `wordList` is given;
 * otherwise unknown words are left out and break phrases. `lead` counts the entries in the first
 * `leadSentences` sentences (a prefix of the stream).
 */
function readStream(text: string, words: Map<string, number>, wordList: string[] | null, leadSentences: number): { stream: Int32Array; lead: number } {
  const tokens = tokenize(text);
  if (scratchIds.length < tokens.length) scratchIds = new Int32Array(tokens.length * 2);
  const ids = scratchIds;
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    ids[i] = -1;
    const norm = tokens[i].norm;
    if (!isContentWord(norm)) continue;
    let id = words.get(norm);
    if (id === undefined && wordList && wordList.length < WORD_LIMIT) {
      id = wordList.length;
      words.set(norm, id);
      wordList.push(norm);
    }
    if (id !== undefined) {
      ids[i] = id;
      count++;
    }
  }
  const stream = new Int32Array(count);
  let k = 0;
  let lead = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (ids[i] < 0) continue;
    const t = tokens[i];
    const next = i + 1 < tokens.length ? tokens[i + 1] : undefined;
    const joined = next !== undefined && ids[i + 1] >= 0 && next.sentence === t.sentence && isPhraseGap(text, t.start + t.surface.length, next.start);
    stream[k++] = ids[i] * 2 + (joined ? 1 : 0);
    if (t.sentence < leadSentences) lead = k;
  }
  return { stream, lead };
}

/**
 * Non-negative integer codes (exact doubles, up to 2^53) -> dense ids 0, 1, 2... by open addressing:
 * no allocation per lookup, unlike a Map keyed by large numbers.
 */
export class CodeTable {
  private keys = new Float64Array(1 << 12).fill(-1);
  private vals = new Int32Array(1 << 12);
  readonly codes: number[] = [];
  get size(): number {
    return this.codes.length;
  }
  /** The id of a code, or -1. */
  get(code: number): number {
    const mask = this.keys.length - 1;
    for (let h = CodeTable.hash(code) & mask; ; h = (h + 1) & mask) {
      if (this.keys[h] === code) return this.vals[h];
      if (this.keys[h] === -1) return -1;
    }
  }
  /** The id of a code, given the next free id when new. */
  add(code: number): number {
    if (this.codes.length * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let h = CodeTable.hash(code) & mask; ; h = (h + 1) & mask) {
      if (this.keys[h] === code) return this.vals[h];
      if (this.keys[h] === -1) {
        this.keys[h] = code;
        this.vals[h] = this.codes.length;
        this.codes.push(code);
        return this.vals[h];
      }
    }
  }
  private grow(): void {
    const old = this.codes;
    this.keys = new Float64Array(this.keys.length * 2).fill(-1);
    this.vals = new Int32Array(this.keys.length);
    const mask = this.keys.length - 1;
    old.forEach((code, id) => {
      let h = CodeTable.hash(code) & mask;
      while (this.keys[h] !== -1) h = (h + 1) & mask;
      this.keys[h] = code;
      this.vals[h] = id;
    });
  }
  private static hash(code: number): number {
    const lo = code % 0x40000000;
    const hi = Math.floor(code / 0x40000000);
    return (Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca77)) >>> 0;
  }
}

/** A small, fast, seeded PRNG (mulberry32); returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Evenly spaced positions 0..n-1 (all when n ≤ size). */
function strideSample(n: number, size: number): number[] {
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < size; i++) out.push(Math.floor((i * n) / size));
  return out;
}

/** Builds TF-IDF and LSA vectors for texts; row i of every output is texts[i]. */
export function buildVectors(texts: readonly string[], opts: VectorOptions = {}): DocVectors {
  const n = texts.length;
  const o: Required<VectorOptions> = { ...DEFAULTS, ...opts };
  if (opts.minDf === undefined && n < 10) o.minDf = 1;
  const maxDf = n < 10 ? n : Math.max(o.minDf, Math.floor(o.maxDfRatio * n));

  // Canonical order: by text, so that the result does not depend on the input order.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : a - b));

  // Pass 1: document frequencies on a deterministic sample; the word streams of the sampled
  // documents are kept (for pass 2 and for the theme labels). Words are counted by id; phrases by
  // numeric code (no phrase strings are built).
  const vocabSample = strideSample(n, o.vocabSampleSize);
  const words = new Map<string, number>();
  const wordList: string[] = [];
  const wordDf: number[] = [];
  const wordSeen: number[] = [];
  const pairs = new CodeTable();
  const pairDf: number[] = [];
  const pairSeen: number[] = [];
  const streams: (Int32Array | undefined)[] = new Array(n).fill(undefined);
  const leads = new Int32Array(n);
  for (const pos of vocabSample) {
    const doc = order[pos];
    const { stream, lead } = readStream(texts[doc], words, wordList, o.leadSentences);
    streams[doc] = stream;
    leads[doc] = lead;
    while (wordDf.length < wordList.length) {
      wordDf.push(0);
      wordSeen.push(-1);
    }
    for (let k = 0; k < stream.length; k++) {
      const w = stream[k] >> 1;
      if (wordSeen[w] !== doc) {
        wordSeen[w] = doc;
        wordDf[w]++;
      }
      if (!o.bigrams || (stream[k] & 1) === 0) continue;
      const id = pairs.add(WORD_LIMIT + w * WORD_LIMIT + (stream[k + 1] >> 1));
      if (id === pairDf.length) {
        pairDf.push(0);
        pairSeen.push(-1);
      }
      if (pairSeen[id] !== doc) {
        pairSeen[id] = doc;
        pairDf[id]++;
      }
    }
  }
  const sampleScale = vocabSample.length / Math.max(1, n);
  const sampleMinDf = vocabSample.length < n ? Math.max(2, Math.round(o.minDf * sampleScale)) : o.minDf;
  const sampleMaxDf = vocabSample.length < n ? Math.floor(o.maxDfRatio * vocabSample.length) : maxDf;
  const pairKey = (id: number) => {
    const code = pairs.codes[id] - WORD_LIMIT;
    return `${wordList[Math.floor(code / WORD_LIMIT)]} ${wordList[code % WORD_LIMIT]}`;
  };
  // [key, df, id]: word ids as they are, phrase ids after the words.
  let kept: [string, number, number][] = [];
  const W = wordList.length;
  for (let w = 0; w < W; w++) if (wordDf[w] >= sampleMinDf && wordDf[w] <= sampleMaxDf) kept.push([wordList[w], wordDf[w], w]);
  for (let id = 0; id < pairDf.length; id++) if (pairDf[id] >= sampleMinDf && pairDf[id] <= sampleMaxDf) kept.push([pairKey(id), pairDf[id], W + id]);
  if (kept.length > o.maxTerms) {
    kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    kept = kept.slice(0, o.maxTerms);
  }
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const vocab = kept.map((e) => e[0]);
  const termIndex = new Map(vocab.map((t, i) => [t, i]));
  const V = vocab.length;
  const wordToTerm = new Int32Array(W).fill(-1);
  const pairToTerm = new Int32Array(pairDf.length).fill(-1);
  const isBigram = new Uint8Array(V);
  kept.forEach(([, , id], t) => {
    if (id < W) wordToTerm[id] = t;
    else {
      pairToTerm[id - W] = t;
      isBigram[t] = 1;
    }
  });

  // Pass 2: weighted term counts of every document, appended row by row (columns ascending) to
  // growing CSR buffers; turned into TF-IDF weights in place once the document frequencies are known.
  const indptr = new Uint32Array(n + 1);
  let indices = new Uint32Array(Math.max(16, n * 64));
  let values = new Float32Array(indices.length);
  const df = new Uint32Array(V);
  const acc = new Float64Array(V);
  const touched = new Uint32Array(V); // terms of the current document, sorted natively (no comparator calls)
  for (let doc = 0; doc < n; doc++) {
    let count = 0;
    let stream = streams[doc];
    let lead = leads[doc];
    if (!stream) ({ stream, lead } = readStream(texts[doc], words, null, o.leadSentences));
    for (let k = 0; k < stream.length; k++) {
      const weight = k < lead ? o.leadWeight : 1;
      const w = stream[k] >> 1;
      let t = wordToTerm[w];
      if (t >= 0) {
        if (acc[t] === 0) touched[count++] = t;
        acc[t] += weight;
      }
      if (!o.bigrams || (stream[k] & 1) === 0) continue;
      const id = pairs.get(WORD_LIMIT + w * WORD_LIMIT + (stream[k + 1] >> 1));
      t = id >= 0 ? pairToTerm[id] : -1;
      if (t >= 0) {
        if (acc[t] === 0) touched[count++] = t;
        acc[t] += weight;
      }
    }
    const terms = touched.subarray(0, count).sort();
    const base = indptr[doc];
    if (base + count > indices.length) {
      const size = Math.max(indices.length * 2, base + count);
      const grownIndices = new Uint32Array(size);
      grownIndices.set(indices);
      const grownValues = new Float32Array(size);
      grownValues.set(values);
      indices = grownIndices;
      values = grownValues;
    }
    for (let k = 0; k < count; k++) {
      const t = terms[k];
      indices[base + k] = t;
      values[base + k] = acc[t];
      acc[t] = 0;
      df[t]++;
    }
    indptr[doc + 1] = base + count;
  }
  indices = indices.slice(0, indptr[n]);
  values = values.slice(0, indptr[n]);

  const idf = new Float32Array(V);
  for (let t = 0; t < V; t++) idf[t] = Math.pow(Math.log((1 + n) / (1 + df[t])) + 1, o.idfPower);

  // TF-IDF: sublinear tf, idf, L2-normalized rows.
  for (let doc = 0; doc < n; doc++) {
    let norm = 0;
    for (let p = indptr[doc]; p < indptr[doc + 1]; p++) {
      const t = indices[p];
      const w = (1 + Math.log(values[p])) * idf[t] * (isBigram[t] ? o.bigramWeight : 1);
      values[p] = w;
      norm += w * w;
    }
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let p = indptr[doc]; p < indptr[doc + 1]; p++) values[p] *= inv;
  }
  const tfidf: SparseMatrix = { rows: n, cols: V, indptr, indices, values };

  // LSA on a deterministic sample (rows in canonical order).
  const svdRows = strideSample(n, o.svdSampleSize).map((pos) => order[pos]).filter((doc) => indptr[doc + 1] > indptr[doc]);
  const svd = truncatedSvdBasis(tfidf, svdRows, Math.max(0, Math.min(o.dims, svdRows.length, V)), o);
  const dims = svd.dims;
  const buffer = new Float32Array(n * dims);
  const lsa: Float32Array[] = new Array(n);
  for (let doc = 0; doc < n; doc++) lsa[doc] = buffer.subarray(doc * dims, (doc + 1) * dims);
  const inSample = new Uint8Array(n);
  svdRows.forEach((doc, a) => {
    inSample[doc] = 1;
    lsa[doc].set(svd.sampleCoords.subarray(a * dims, (a + 1) * dims));
  });
  // The basis is built when first needed (rows outside the SVD sample, embedText).
  let basis: Float32Array | null = null;
  const getBasis = () => (basis ??= svd.makeBasis());
  for (let doc = 0; doc < n; doc++) {
    if (!inSample[doc] && indptr[doc + 1] > indptr[doc]) projectRow(tfidf, doc, getBasis(), dims, lsa[doc]);
    normalizeInPlace(lsa[doc]);
  }
  return {
    vocab,
    termIndex,
    df,
    idf,
    tfidf,
    dims,
    lsa,
    get basis() {
      return getBasis();
    },
    singularValues: svd.singular,
    options: o,
    words: wordList,
    streams,
  };
}

/** Adds the sparse row `doc` times basis (V × dims) into out. */
function projectRow(m: SparseMatrix, doc: number, basis: Float32Array, dims: number, out: Float32Array): void {
  for (let p = m.indptr[doc]; p < m.indptr[doc + 1]; p++) {
    const v = m.values[p];
    const off = m.indices[p] * dims;
    for (let j = 0; j < dims; j++) out[j] += v * basis[off + j];
  }
}

function normalizeInPlace(v: Float32Array): Float32Array {
  let s = 0;
  for (let j = 0; j < v.length; j++) s += v[j] * v[j];
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let j = 0; j < v.length; j++) v[j] *= inv;
  }
  return v;
}

/**
 * Top right singular vectors of the rows `rows` of m (randomized subspace iteration with a seeded
 * random-sign start, then an exact eigen-decomposition of the small projected Gram matrix).
 * Returns basis (V × dims, row-major) scaled so that row · basis gives LSA coordinates weighted by
 * singularValue^power.
 */
function truncatedSvdBasis(
  m: SparseMatrix,
  rows: number[],
  want: number,
  o: Required<VectorOptions>,
): { makeBasis: () => Float32Array; sampleCoords: Float32Array; singular: Float32Array; dims: number } {
  const V = m.cols;
  const r = rows.length;
  if (want <= 0 || r === 0 || V === 0) return { makeBasis: () => new Float32Array(0), sampleCoords: new Float32Array(0), singular: new Float32Array(0), dims: 0 };
  const l = Math.min(want + o.oversample, r, V);
  const rand = seededRandom(o.seed);
  // Z: V × l row-major, started with random signs (as good as Gaussian for a range finder, and cheap);
  // Y, Q: l columns of length r (column-major).
  const Z = new Float32Array(V * l); // float32 halves the memory traffic of the sparse products
  for (let i = 0; i < Z.length; i += 30) {
    const bits = Math.floor(rand() * 0x40000000);
    for (let b = 0; b < 30 && i + b < Z.length; b++) Z[i + b] = (bits >>> b) & 1 ? 1 : -1;
  }
  const Y = new Float64Array(r * l);
  const tmp = new Float64Array(l);
  // Large samples: one subspace iteration is enough (the sample is big, the top directions are clear).
  // Between iterations the columns are only rescaled: a few iterations on the well-conditioned
  // spectrum of a TF-IDF matrix do not lose the small directions, and Gram–Schmidt is the costly step.
  const iterations = r > 2_000 ? Math.min(o.powerIterations, 1) : o.powerIterations;
  multiplyXZ(m, rows, Z, l, Y, tmp);
  for (let it = 0; it < iterations; it++) {
    normalizeColumns(Y, r, l);
    multiplyXtY(m, rows, Y, l, Z, tmp);
    normalizeRowMajorColumns(Z, V, l);
    multiplyXZ(m, rows, Z, l, Y, tmp);
  }
  orthonormalizeColumns(Y, r, l, 2);
  multiplyXtY(m, rows, Y, l, Z, tmp); // Z = Xᵀ Q (V × l), B = Qᵀ X = Zᵀ
  // P = X Z = X Xᵀ Q (r × l, column-major); B Bᵀ = Qᵀ P, an l × l matrix, costs r·l² instead of V·l².
  const Q = Float64Array.from(Y);
  const P = Y;
  multiplyXZ(m, rows, Z, l, P, tmp);
  const G = new Float64Array(l * l);
  for (let i = 0; i < l; i++)
    for (let j = i; j < l; j++) {
      let g = 0;
      for (let a = 0; a < r; a++) g += Q[i * r + a] * P[j * r + a] + Q[j * r + a] * P[i * r + a];
      G[i * l + j] = G[j * l + i] = g / 2;
    }
  const { values: eig, vectors: W } = symmetricEigen(G, l);
  const idx = Array.from({ length: l }, (_, i) => i).sort((a, b) => eig[b] - eig[a] || a - b);
  let dims = 0;
  const top = eig[idx[0]] ?? 0;
  while (dims < Math.min(want, l) && eig[idx[dims]] > Math.max(1e-10, top * 1e-9)) dims++;
  const singular = new Float32Array(dims);
  // Wk: dims × l. Right singular vector v_k = Z w_k / s_k, so x · v_k · s_k^(power-1) = (x Z) · Wk_k.
  const Wk = new Float64Array(dims * l);
  for (let k = 0; k < dims; k++) {
    const s = Math.sqrt(eig[idx[k]]);
    singular[k] = s;
    const scale = Math.pow(s, o.singularValuePower - 1) / s;
    for (let i = 0; i < l; i++) Wk[k * l + i] = W[i * l + idx[k]] * scale;
  }
  // A singular vector's sign is arbitrary: choose the one where the sample rows' coordinates sum to ≥ 0.
  const rowSums = new Float64Array(l);
  for (let i = 0; i < l; i++) for (let a = 0; a < r; a++) rowSums[i] += P[i * r + a];
  for (let k = 0; k < dims; k++) {
    let s = 0;
    for (let i = 0; i < l; i++) s += rowSums[i] * Wk[k * l + i];
    if (s < 0) for (let i = 0; i < l; i++) Wk[k * l + i] = -Wk[k * l + i];
  }
  // Coordinates of the sample rows: (x Z) · Wk, i.e. exactly their projection on the basis.
  const sampleCoords = new Float32Array(r * dims);
  for (let a = 0; a < r; a++)
    for (let k = 0; k < dims; k++) {
      let s = 0;
      for (let i = 0; i < l; i++) s += P[i * r + a] * Wk[k * l + i];
      sampleCoords[a * dims + k] = s;
    }
  // The basis (V × dims) itself, for other rows and new texts: Z · Wkᵀ.
  const makeBasis = () => {
    const basis = new Float32Array(V * dims);
    for (let c = 0; c < V; c++) {
      const off = c * l;
      for (let k = 0; k < dims; k++) {
        const wo = k * l;
        let s = 0;
        for (let i = 0; i < l; i++) s += Z[off + i] * Wk[wo + i];
        basis[c * dims + k] = s;
      }
    }
    return basis;
  };
  return { makeBasis, sampleCoords, singular, dims };
}

/** Y = X[rows] Z: Y is r × l column-major, Z is V × l row-major. */
function multiplyXZ(m: SparseMatrix, rows: readonly number[], Z: Float32Array, l: number, Y: Float64Array, tmp: Float64Array): void {
  const r = rows.length;
  const { indptr, indices, values } = m;
  for (let a = 0; a < r; a++) {
    const doc = rows[a];
    tmp.fill(0);
    for (let p = indptr[doc]; p < indptr[doc + 1]; p++) {
      const v = values[p];
      const off = indices[p] * l;
      for (let j = 0; j < l; j++) tmp[j] += v * Z[off + j];
    }
    for (let j = 0; j < l; j++) Y[j * r + a] = tmp[j];
  }
}

/** Z = X[rows]ᵀ Y (see multiplyXZ for the layouts). */
function multiplyXtY(m: SparseMatrix, rows: readonly number[], Y: Float64Array, l: number, Z: Float32Array, tmp: Float64Array): void {
  const r = rows.length;
  const { indptr, indices, values } = m;
  Z.fill(0);
  for (let a = 0; a < r; a++) {
    const doc = rows[a];
    for (let j = 0; j < l; j++) tmp[j] = Y[j * r + a];
    for (let p = indptr[doc]; p < indptr[doc + 1]; p++) {
      const v = values[p];
      const off = indices[p] * l;
      for (let j = 0; j < l; j++) Z[off + j] += v * tmp[j];
    }
  }
}

function normalizeColumns(Y: Float64Array, r: number, l: number): void {
  for (let j = 0; j < l; j++) {
    let s = 0;
    for (let a = 0; a < r; a++) s += Y[j * r + a] * Y[j * r + a];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let a = 0; a < r; a++) Y[j * r + a] *= inv;
  }
}

/** Modified Gram–Schmidt on the l columns (each of length r, stored one after the other); a second pass restores full orthogonality. */
function orthonormalizeColumns(Y: Float64Array, r: number, l: number, passes = 2): void {
  for (let pass = 0; pass < passes; pass++) {
    for (let j = 0; j < l; j++) {
      const cj = j * r;
      for (let i = 0; i < j; i++) {
        const ci = i * r;
        let d = 0;
        for (let a = 0; a < r; a++) d += Y[ci + a] * Y[cj + a];
        for (let a = 0; a < r; a++) Y[cj + a] -= d * Y[ci + a];
      }
      let s = 0;
      for (let a = 0; a < r; a++) s += Y[cj + a] * Y[cj + a];
      const inv = s > 1e-30 ? 1 / Math.sqrt(s) : 0;
      for (let a = 0; a < r; a++) Y[cj + a] *= inv;
    }
  }
}

function normalizeRowMajorColumns(Z: Float32Array, rows: number, l: number): void {
  const norms = new Float64Array(l);
  for (let c = 0; c < rows; c++) for (let j = 0; j < l; j++) norms[j] += Z[c * l + j] * Z[c * l + j];
  for (let j = 0; j < l; j++) norms[j] = norms[j] > 0 ? 1 / Math.sqrt(norms[j]) : 0;
  for (let c = 0; c < rows; c++) for (let j = 0; j < l; j++) Z[c * l + j] *= norms[j];
}

/**
 * Eigen-decomposition of a symmetric l × l matrix: Householder reduction to tridiagonal form, then
 * implicit symmetric QR steps with Wilkinson shifts (a few l³ operations, far fewer than Jacobi
 * sweeps). Column k of `vectors` goes with values[k]; values are not sorted.
 */
export function symmetricEigen(A0: Float64Array, l: number): { values: Float64Array; vectors: Float64Array } {
  const A = Float64Array.from(A0);
  const Q = new Float64Array(l * l);
  for (let i = 0; i < l; i++) Q[i * l + i] = 1;
  const v = new Float64Array(l);
  const p = new Float64Array(l);
  // Householder: A <- H A H on the trailing block, one column at a time; Q <- Q H.
  for (let k = 0; k + 2 < l; k++) {
    let norm = 0;
    for (let i = k + 1; i < l; i++) norm += A[i * l + k] * A[i * l + k];
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const x0 = A[(k + 1) * l + k];
    const alpha = x0 > 0 ? -norm : norm;
    let vn = 0;
    for (let i = k + 1; i < l; i++) {
      v[i] = A[i * l + k] - (i === k + 1 ? alpha : 0);
      vn += v[i] * v[i];
    }
    if (vn === 0) continue;
    const inv = 1 / Math.sqrt(vn);
    for (let i = k + 1; i < l; i++) v[i] *= inv;
    // p = A v (on rows/cols k..l-1; column k of A is x), K = vᵀp, w = p - K v
    let K = 0;
    for (let i = k; i < l; i++) {
      let s = 0;
      const row = i * l;
      for (let j = k + 1; j < l; j++) s += A[row + j] * v[j];
      p[i] = s;
      if (i > k) K += v[i] * s;
    }
    // A <- A - 2 v wᵀ - 2 w vᵀ with v[k] = 0 (row/column k only get the w vᵀ / v wᵀ terms)
    for (let i = k; i < l; i++) p[i] -= i > k ? K * v[i] : 0;
    v[k] = 0;
    for (let i = k; i < l; i++) {
      const row = i * l;
      const vi = v[i];
      const wi = p[i];
      for (let j = k; j < l; j++) A[row + j] -= 2 * (vi * p[j] + wi * v[j]);
    }
    // Q <- Q (I - 2 v vᵀ)
    for (let i = 0; i < l; i++) {
      const row = i * l;
      let s = 0;
      for (let j = k + 1; j < l; j++) s += Q[row + j] * v[j];
      s *= 2;
      for (let j = k + 1; j < l; j++) Q[row + j] -= s * v[j];
    }
  }
  const d = new Float64Array(l);
  const e = new Float64Array(l);
  for (let i = 0; i < l; i++) d[i] = A[i * l + i];
  for (let i = 0; i + 1 < l; i++) e[i] = A[(i + 1) * l + i];
  // Implicit symmetric QR steps with Wilkinson shifts, deflating from the bottom.
  const eps = 2.220446049250313e-16;
  let m = l - 1;
  for (let iter = 0; m > 0 && iter < 50 * l; iter++) {
    if (Math.abs(e[m - 1]) <= eps * (Math.abs(d[m - 1]) + Math.abs(d[m]))) {
      e[m - 1] = 0;
      m--;
      continue;
    }
    let lo = m - 1;
    while (lo > 0 && Math.abs(e[lo - 1]) > eps * (Math.abs(d[lo - 1]) + Math.abs(d[lo]))) lo--;
    const delta = (d[m - 1] - d[m]) / 2;
    const b2 = e[m - 1] * e[m - 1];
    const mu = d[m] - b2 / (delta + (delta >= 0 ? 1 : -1) * Math.sqrt(delta * delta + b2));
    let x = d[lo] - mu;
    let z = e[lo];
    for (let k = lo; k < m; k++) {
      const r = Math.hypot(x, z);
      const c = r === 0 ? 1 : x / r;
      const s = r === 0 ? 0 : z / r;
      if (k > lo) e[k - 1] = r;
      const a = d[k];
      const b = e[k];
      const dd = d[k + 1];
      d[k] = c * c * a + 2 * c * s * b + s * s * dd;
      d[k + 1] = s * s * a - 2 * c * s * b + c * c * dd;
      e[k] = c * s * (dd - a) + (c * c - s * s) * b;
      if (k + 1 < m) {
        z = s * e[k + 1];
        e[k + 1] *= c;
        x = e[k];
      }
      for (let i = 0; i < l; i++) {
        const row = i * l;
        const qk = Q[row + k];
        const qk1 = Q[row + k + 1];
        Q[row + k] = c * qk + s * qk1;
        Q[row + k + 1] = c * qk1 - s * qk;
      }
    }
  }
  return { values: d, vectors: Q };
}

/** Dot product of two dense vectors of the same length. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j] * b[j];
  return s;
}

/** Cosine similarity of two dense vectors (0 when either is all-zero). LSA rows are unit length, so this equals dot. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  let na = 0;
  let nb = 0;
  for (let j = 0; j < a.length; j++) {
    s += a[j] * b[j];
    na += a[j] * a[j];
    nb += b[j] * b[j];
  }
  return na > 0 && nb > 0 ? s / Math.sqrt(na * nb) : 0;
}

/** Cosine similarity of rows i and j of an L2-normalized sparse matrix (a merge of two sorted rows). */
export function sparseCosine(m: SparseMatrix, i: number, j: number): number {
  let p = m.indptr[i];
  let q = m.indptr[j];
  const pe = m.indptr[i + 1];
  const qe = m.indptr[j + 1];
  let s = 0;
  while (p < pe && q < qe) {
    const a = m.indices[p];
    const b = m.indices[q];
    if (a === b) s += m.values[p++] * m.values[q++];
    else if (a < b) p++;
    else q++;
  }
  return s;
}

/** The TF-IDF row of a new text in this vocabulary (L2-normalized), as sorted term indices and weights. */
export function tfidfOfText(v: DocVectors, text: string): { indices: Uint32Array; values: Float32Array } {
  const counts = new Map<number, number>();
  const occ = termOccurrences(text, v.options.bigrams);
  for (let k = 0; k < occ.keys.length; k++) {
    const t = v.termIndex.get(occ.keys[k]);
    if (t !== undefined) counts.set(t, (counts.get(t) ?? 0) + (occ.sentences[k] < v.options.leadSentences ? v.options.leadWeight : 1));
  }
  const terms = [...counts.keys()].sort((a, b) => a - b);
  const values = new Float32Array(terms.length);
  let norm = 0;
  terms.forEach((t, k) => {
    values[k] = (1 + Math.log(counts.get(t)!)) * v.idf[t] * (v.vocab[t].includes(' ') ? v.options.bigramWeight : 1);
    norm += values[k] * values[k];
  });
  norm = Math.sqrt(norm) || 1;
  for (let k = 0; k < values.length; k++) values[k] /= norm;
  return { indices: Uint32Array.from(terms), values };
}

/** A new text (a query, an abstract not in the corpus) in the LSA space of v; L2-normalized. */
export function embedText(v: DocVectors, text: string): Float32Array {
  const row = tfidfOfText(v, text);
  const out = new Float32Array(v.dims);
  const single: SparseMatrix = { rows: 1, cols: v.vocab.length, indptr: Uint32Array.of(0, row.indices.length), indices: row.indices, values: row.values };
  projectRow(single, 0, v.basis, v.dims, out);
  return normalizeInPlace(out);
}

/**
 * The k documents whose LSA vectors are most similar to `query` (cosine, highest first; ties by index),
 * leaving out the indices in `exclude`. Brute force: O(n · dims).
 */
export function nearest(v: DocVectors, query: Float32Array, k: number, exclude: number | Iterable<number> = []): { index: number; score: number }[] {
  const skip = new Set(typeof exclude === 'number' ? [exclude] : exclude);
  const best: { index: number; score: number }[] = [];
  for (let i = 0; i < v.lsa.length; i++) {
    if (skip.has(i)) continue;
    const score = dot(query, v.lsa[i]);
    if (best.length === k && score <= best[k - 1].score) continue;
    let pos = best.length;
    while (pos > 0 && best[pos - 1].score < score) pos--;
    best.splice(pos, 0, { index: i, score });
    if (best.length > k) best.pop();
  }
  return best;
}
