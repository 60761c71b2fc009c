/**
 * The per-document loops of buildVectors (vectors.ts) as functions of their own: run once per
 * document, they are optimized after a few documents instead of running unoptimized inside one long
 * function for the whole of a cold run (see denseKernels.ts). Same operations in the same order.
 */

import { CodeTable } from './codeTable';
import { WORD_LIMIT } from './wordStream';

/** Where the words and phrases of a word stream land in the vocabulary. */
export interface TermMaps {
  /** Word id -> term (column), -1 when the word is not a term. */
  wordToTerm: Int32Array;
  /** Phrase codes seen in the vocabulary sample -> phrase id. */
  pairs: CodeTable;
  /** Phrase id -> term, -1 when the phrase is not a term. */
  pairToTerm: Int32Array;
  bigrams: boolean;
  leadWeight: number;
}

/**
 * Adds the weighted term counts of one word stream into acc (entries of the first `lead` words count
 * leadWeight times) and lists each term met for the first time in `touched`; returns how many.
 */
export function countTerms(
  stream: Int32Array,
  lead: number,
  maps: TermMaps,
  acc: Float64Array,
  touched: Uint32Array,
): number {
  const { wordToTerm, pairs, pairToTerm, bigrams, leadWeight } = maps;
  let count = 0;
  for (let k = 0; k < stream.length; k++) {
    const weight = k < lead ? leadWeight : 1;
    const w = stream[k] >> 1;
    let t = wordToTerm[w];
    if (t >= 0) {
      if (acc[t] === 0) touched[count++] = t;
      acc[t] += weight;
    }
    if (!bigrams || (stream[k] & 1) === 0) continue;
    const id = pairs.get(WORD_LIMIT + w * WORD_LIMIT + (stream[k + 1] >> 1));
    t = id >= 0 ? pairToTerm[id] : -1;
    if (t >= 0) {
      if (acc[t] === 0) touched[count++] = t;
      acc[t] += weight;
    }
  }
  return count;
}

/** Row [from, to) of a CSR matrix of counts, in place: sublinear tf × idf (phrases × bigramWeight), L2-normalized. */
export function weighRow(
  indices: Uint32Array,
  values: Float32Array,
  from: number,
  to: number,
  idf: Float32Array,
  isBigram: Uint8Array,
  bigramWeight: number,
): void {
  let norm = 0;
  for (let p = from; p < to; p++) {
    const t = indices[p];
    const w = (1 + Math.log(values[p])) * idf[t] * (isBigram[t] ? bigramWeight : 1);
    values[p] = w;
    norm += w * w;
  }
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let p = from; p < to; p++) values[p] *= inv;
}
