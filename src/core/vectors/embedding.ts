/**
 * A corpus's LSA space as plain data, to place texts that were not in the corpus (a new day's abstracts)
 * where the corpus's own papers are, long after the corpus was analyzed: its terms, their idf, the basis that
 * maps a TF-IDF row to LSA coordinates, and how terms were counted.
 */
import { normalizeInPlace, projectRow, SparseMatrix } from './sparseMatrix';
import { termOccurrences } from './wordStream';

export interface EmbeddingSpace {
  /** Term keys, sorted (DocVectors.vocab). */
  vocab: string[];
  readonly termIndex: Map<string, number>;
  idf: Float32Array;
  /** vocab.length × dims, row-major. */
  basis: Float32Array;
  dims: number;
  /** How terms were counted (VectorOptions). */
  options: { bigrams: boolean; bigramWeight: number; leadSentences: number; leadWeight: number };
}

/** A text placed in a space, and how much of it the space knows. */
export interface Embedded {
  /** L2-normalized LSA coordinates (all zero for a text without a known term). */
  row: Float32Array;
  /** The share of the text's word occurrences (single words) that are terms of the space, 0..1. */
  coverage: number;
}

/** A space from its stored parts; the term index is made on first use, the basis read on first use when a function. */
export function spaceOf(
  vocab: string[],
  idf: Float32Array,
  basis: Float32Array | (() => Float32Array),
  dims: number,
  options: EmbeddingSpace['options'],
): EmbeddingSpace {
  let termIndex: Map<string, number> | undefined;
  const readBasis = typeof basis === 'function' ? basis : () => basis;
  return {
    vocab,
    get termIndex() {
      return (termIndex ??= new Map(vocab.map((t, i) => [t, i])));
    },
    idf,
    get basis() {
      return readBasis();
    },
    dims,
    options,
  };
}

/** The text's TF-IDF row in the space's terms (sorted indices, L2-normalized weights) and its coverage. */
export function readText(
  v: EmbeddingSpace,
  text: string,
): { row: { indices: Uint32Array; values: Float32Array }; coverage: number } {
  const counts = new Map<number, number>();
  const occ = termOccurrences(text, v.options.bigrams);
  let words = 0;
  let known = 0;
  for (let k = 0; k < occ.keys.length; k++) {
    const key = occ.keys[k];
    const single = !key.includes(' ');
    if (single) words++;
    const t = v.termIndex.get(key);
    if (t === undefined) continue;
    if (single) known++;
    counts.set(t, (counts.get(t) ?? 0) + (occ.sentences[k] < v.options.leadSentences ? v.options.leadWeight : 1));
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
  return { row: { indices: Uint32Array.from(terms), values }, coverage: words > 0 ? known / words : 0 };
}

/**
 * The coverage a corpus's own paper would have as a newcomer: its words count as known only when at least
 * `minDf` other papers of the corpus use them (`df` counts the paper itself), so that a library's papers can
 * tell what coverage to expect of a new paper of the same kind.
 */
export function heldOutCoverage(v: EmbeddingSpace, df: Uint32Array, minDf: number, text: string): number {
  const occ = termOccurrences(text, false);
  let known = 0;
  for (const key of occ.keys) {
    const t = v.termIndex.get(key);
    if (t !== undefined && df[t] > minDf) known++;
  }
  return occ.keys.length > 0 ? known / occ.keys.length : 0;
}

/** The text in the space's LSA coordinates, with its coverage. */
export function embedWithCoverage(v: EmbeddingSpace, text: string): Embedded {
  const { row, coverage } = readText(v, text);
  const out = new Float32Array(v.dims);
  const single: SparseMatrix = {
    rows: 1,
    cols: v.vocab.length,
    indptr: Uint32Array.of(0, row.indices.length),
    indices: row.indices,
    values: row.values,
  };
  projectRow(single, 0, v.basis, v.dims, out);
  return { row: normalizeInPlace(out), coverage };
}
