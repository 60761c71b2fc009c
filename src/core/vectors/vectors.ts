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
 *
 * Parts: vectors/wordStream.ts reads the words and phrases of a text; vectors/vocabulary.ts chooses the
 * terms; vectors/truncatedSvd.ts and vectors/symmetricEigen.ts are the linear algebra of the LSA;
 * vectors/sparseMatrix.ts the CSR matrix and the similarity functions.
 */

import { dot, normalizeInPlace, projectRow, SparseMatrix } from './sparseMatrix';
import { countTerms, TermMaps, weighRow } from './tfidfRows';
import { truncatedSvdBasis } from './truncatedSvd';
import { chooseTerms, ChosenTerms, countSample, SampleCounts, strideSample } from './vocabulary';
import { readStream } from './wordStream';
import { embedWithCoverage, EmbeddingSpace, readText, spaceOf } from './embedding';

// The similarity functions and term keys are part of this module's API (see the example above).
export { cosine, dot, type SparseMatrix, sparseCosine } from './sparseMatrix';
export { termsOf } from './wordStream';
export { strideSample } from './vocabulary';
export { embedWithCoverage, heldOutCoverage, spaceOf, type EmbeddingSpace, type Embedded } from './embedding';

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
  /** Term key -> column. Built on first access (only texts outside the corpus need it, see embedText). */
  readonly termIndex: Map<string, number>;
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

/** Builds TF-IDF and LSA vectors for texts; row i of every output is texts[i]. */
export function buildVectors(texts: readonly string[], opts: VectorOptions = {}): DocVectors {
  const n = texts.length;
  const o: Required<VectorOptions> = { ...DEFAULTS, ...opts };
  if (opts.minDf === undefined && n < 10) o.minDf = 1;

  // Canonical order: by text, so that the result does not depend on the input order.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
    texts[a] < texts[b] ? -1 : texts[a] > texts[b] ? 1 : a - b,
  );

  const sample = countSample(texts, order, o);
  const terms = chooseTerms(sample, n, o);
  const { vocab, V } = terms;
  let termIndex: Map<string, number> | null = null;
  const { indptr, indices, values, df } = countAllTerms(texts, sample, terms, o);

  const idf = new Float32Array(V);
  for (let t = 0; t < V; t++) idf[t] = Math.pow(Math.log((1 + n) / (1 + df[t])) + 1, o.idfPower);

  // TF-IDF: sublinear tf, idf, L2-normalized rows.
  for (let doc = 0; doc < n; doc++)
    weighRow(indices, values, indptr[doc], indptr[doc + 1], idf, terms.isBigram, o.bigramWeight);
  const tfidf: SparseMatrix = { rows: n, cols: V, indptr, indices, values };

  const { dims, lsa, getBasis, singular } = lsaOf(tfidf, order, o);
  return {
    vocab,
    get termIndex() {
      return (termIndex ??= new Map(vocab.map((t, i) => [t, i])));
    },
    df,
    idf,
    tfidf,
    dims,
    lsa,
    get basis() {
      return getBasis();
    },
    singularValues: singular,
    options: o,
    words: sample.wordList,
    streams: sample.streams,
  };
}

/**
 * Pass 2: weighted term counts of every document, appended row by row (columns ascending) to
 * growing CSR buffers; turned into TF-IDF weights in place once the document frequencies are known.
 */
function countAllTerms(
  texts: readonly string[],
  sample: SampleCounts,
  terms: ChosenTerms,
  o: Required<VectorOptions>,
): { indptr: Uint32Array; indices: Uint32Array; values: Float32Array; df: Uint32Array } {
  const n = texts.length;
  const V = terms.V;
  const indptr = new Uint32Array(n + 1);
  let indices = new Uint32Array(Math.max(16, n * 64));
  let values = new Float32Array(indices.length);
  const df = new Uint32Array(V);
  const acc = new Float64Array(V);
  const touched = new Uint32Array(V); // terms of the current document, sorted natively (no comparator calls)
  const { wordToTerm, pairToTerm } = terms;
  const maps: TermMaps = { wordToTerm, pairs: sample.pairs, pairToTerm, bigrams: o.bigrams, leadWeight: o.leadWeight };
  for (let doc = 0; doc < n; doc++) {
    let stream = sample.streams[doc];
    let lead = sample.leads[doc];
    if (!stream) ({ stream, lead } = readStream(texts[doc], sample.words, null, o.leadSentences));
    const count = countTerms(stream, lead, maps, acc, touched);
    const docTerms = touched.subarray(0, count).sort();
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
      const t = docTerms[k];
      indices[base + k] = t;
      values[base + k] = acc[t];
      acc[t] = 0;
      df[t]++;
    }
    indptr[doc + 1] = base + count;
  }
  return { indptr, indices: indices.slice(0, indptr[n]), values: values.slice(0, indptr[n]), df };
}

/** LSA on a deterministic sample (rows in canonical order); the other rows projected onto its basis. */
function lsaOf(
  tfidf: SparseMatrix,
  order: number[],
  o: Required<VectorOptions>,
): { dims: number; lsa: Float32Array[]; getBasis: () => Float32Array; singular: Float32Array } {
  const n = tfidf.rows;
  const { indptr } = tfidf;
  const svdRows = strideSample(n, o.svdSampleSize)
    .map((pos) => order[pos])
    .filter((doc) => indptr[doc + 1] > indptr[doc]);
  const svd = truncatedSvdBasis(tfidf, svdRows, Math.max(0, Math.min(o.dims, svdRows.length, tfidf.cols)), o);
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
  return { dims, lsa, getBasis, singular: svd.singular };
}

/** The space of a corpus's vectors, detached from their corpus-sized parts (rows, TF-IDF matrix, streams). */
export function embeddingSpace(v: DocVectors): EmbeddingSpace {
  const { bigrams, bigramWeight, leadSentences, leadWeight } = v.options;
  return spaceOf(v.vocab, v.idf, v.basis, v.dims, { bigrams, bigramWeight, leadSentences, leadWeight });
}

/** The TF-IDF row of a new text in this vocabulary (L2-normalized), as sorted term indices and weights. */
export function tfidfOfText(v: EmbeddingSpace, text: string): { indices: Uint32Array; values: Float32Array } {
  return readText(v, text).row;
}

/** A new text (a query, an abstract not in the corpus) in the LSA space of v; L2-normalized. */
export function embedText(v: EmbeddingSpace, text: string): Float32Array {
  return embedWithCoverage(v, text).row;
}

/**
 * The k documents whose LSA vectors are most similar to `query` (cosine, highest first; ties by index),
 * leaving out the indices in `exclude`. Brute force: O(n · dims).
 */
export function nearest(
  v: DocVectors,
  query: Float32Array,
  k: number,
  exclude: number | Iterable<number> = [],
): { index: number; score: number }[] {
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
