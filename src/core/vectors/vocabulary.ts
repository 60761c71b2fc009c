/**
 * The vocabulary of buildVectors (vectors.ts): pass 1 counts the words and two-word phrases of a
 * deterministic sample of the documents, then the terms to keep are chosen from those counts.
 */

import { CodeTable } from './codeTable';
import { readStream, WORD_LIMIT } from './wordStream';

/** The options of vectors.ts that choose the vocabulary. */
export interface VocabularyOptions {
  minDf: number;
  maxDfRatio: number;
  bigrams: boolean;
  leadSentences: number;
  maxTerms: number;
  vocabSampleSize: number;
}

/** Evenly spaced positions 0..n-1 (all when n ≤ size). */
export function strideSample(n: number, size: number): number[] {
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < size; i++) out.push(Math.floor((i * n) / size));
  return out;
}

/** What pass 1 learns from the vocabulary sample. */
export interface SampleCounts {
  /** Size of the vocabulary sample. */
  size: number;
  words: Map<string, number>;
  wordList: string[];
  wordDf: number[];
  pairs: CodeTable;
  pairDf: number[];
  streams: (Int32Array | undefined)[];
  leads: Int32Array;
}

/**
 * Pass 1: document frequencies on a deterministic sample; the word streams of the sampled
 * documents are kept (for pass 2 and for the theme labels). Words are counted by id; phrases by
 * numeric code (no phrase strings are built).
 */
export function countSample(texts: readonly string[], order: number[], o: VocabularyOptions): SampleCounts {
  const n = texts.length;
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
  return { size: vocabSample.length, words, wordList, wordDf, pairs, pairDf, streams, leads };
}

/** The terms kept: sorted keys, and where each word and phrase of the sample goes. */
export interface ChosenTerms {
  vocab: string[];
  V: number;
  wordToTerm: Int32Array;
  pairToTerm: Int32Array;
  isBigram: Uint8Array;
}

/** The vocabulary: terms neither too rare nor too common in the sample, the most frequent when too many. */
export function chooseTerms(sample: SampleCounts, n: number, o: VocabularyOptions): ChosenTerms {
  const { wordList, wordDf, pairs, pairDf } = sample;
  const maxDf = n < 10 ? n : Math.max(o.minDf, Math.floor(o.maxDfRatio * n));
  const sampleScale = sample.size / Math.max(1, n);
  const sampleMinDf = sample.size < n ? Math.max(2, Math.round(o.minDf * sampleScale)) : o.minDf;
  const sampleMaxDf = sample.size < n ? Math.floor(o.maxDfRatio * sample.size) : maxDf;
  const pairKey = (id: number) => {
    const code = pairs.codes[id] - WORD_LIMIT;
    return `${wordList[Math.floor(code / WORD_LIMIT)]} ${wordList[code % WORD_LIMIT]}`;
  };
  // [key, df, id]: word ids as they are, phrase ids after the words.
  let kept: [string, number, number][] = [];
  const W = wordList.length;
  for (let w = 0; w < W; w++)
    if (wordDf[w] >= sampleMinDf && wordDf[w] <= sampleMaxDf) kept.push([wordList[w], wordDf[w], w]);
  for (let id = 0; id < pairDf.length; id++) {
    if (pairDf[id] >= sampleMinDf && pairDf[id] <= sampleMaxDf) kept.push([pairKey(id), pairDf[id], W + id]);
  }
  if (kept.length > o.maxTerms) {
    kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    kept = kept.slice(0, o.maxTerms);
  }
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const vocab = kept.map((e) => e[0]);
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
  return { vocab, V, wordToTerm, pairToTerm, isBigram };
}
