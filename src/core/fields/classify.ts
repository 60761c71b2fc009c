/**
 * Classifying texts with the field model (model.ts): the probability of each arXiv field, and whether the text
 * belongs to a field the model knows at all.
 */
import { isContentWord, normalizeWord, scan } from '../common';
import { isPhraseGap } from '../vectors';
import { FieldModel } from './model';

/** A text as the model reads it: the known terms' sublinear tf × idf, unit length. */
export interface FieldFeatures {
  terms: Int32Array;
  values: Float32Array;
  /** The share of the text's words (not phrases) that the model knows, counting repeats. */
  coverage: number;
}

/** What the model says of one text. */
export interface FieldGuess {
  /** Index of the most probable field in model.fields. */
  field: number;
  /** Its probability. */
  probability: number;
  /** The probability of its archive (its field and the archive's other fields together). */
  archiveProbability: number;
  /**
   * False when the text belongs to no field the model knows well enough: its archive's probability is low, or the
   * model knows too few of its words (a field it never read, another language, made-up words).
   */
  known: boolean;
  /** FieldFeatures.coverage of the text. */
  coverage: number;
  /** Every field's probability, in the model's order. */
  probabilities: Float32Array;
}

/**
 * The model's terms of a text, counted: the terms termsOf (wordStream.ts) would give, read in one pass over the
 * words without building their strings (a two-word phrase is looked up by its words' numbers), one map lookup a
 * word: this runs over every paper of a library. Also counts the text's words and those the model knows (coverage).
 */
function countModelTerms(text: string, tables: WordTables): { words: number; known: number } {
  const { wordInfo, pairTerms, counts, touched } = tables;
  let words = 0;
  let known = 0;
  let distinct = 0;
  let prevPairWord = -1;
  let prevEnd = 0;
  let prevSentence = -1;
  const count = (t: number) => {
    if (counts[t]++ === 0) touched[distinct++] = t;
  };
  scan(text, (surface, start, sentence) => {
    const norm = normalizeWord(surface);
    let pairWord = -1;
    if (isContentWord(norm)) {
      words++;
      const info = wordInfo.get(norm) ?? 0;
      const term = (info % PAIR_WORD) - 1;
      pairWord = Math.floor(info / PAIR_WORD) - 1;
      if (term >= 0) {
        known++;
        count(term);
      }
      if (prevPairWord >= 0 && pairWord >= 0 && sentence === prevSentence && isPhraseGap(text, prevEnd, start)) {
        const pair = pairTerms.get(prevPairWord * PAIR_WORD + pairWord);
        if (pair !== undefined) count(pair);
      }
    }
    prevPairWord = pairWord;
    prevEnd = start + surface.length;
    prevSentence = sentence;
  });
  tables.distinct = distinct;
  return { words, known };
}

/** Word numbers stay below this (a model's terms are far fewer), so a word's two numbers share one value. */
const PAIR_WORD = 2 ** 21;

/**
 * Per model: each word's unigram term and its number among the words of two-word terms, as one value
 * ((number + 1) × PAIR_WORD + term + 1; 0: neither), each pair's term, and a scratch count per term.
 */
interface WordTables {
  wordInfo: Map<string, number>;
  pairTerms: Map<number, number>;
  counts: Int32Array;
  touched: Int32Array;
  distinct: number;
}

const tablesOf = new WeakMap<FieldModel, WordTables>();

function wordTables(model: FieldModel): WordTables {
  let tables = tablesOf.get(model);
  if (tables) return tables;
  const wordInfo = new Map<string, number>();
  const pairTerms = new Map<number, number>();
  let pairWords = 0;
  // a word's number among the words of two-word terms, given on its first such term
  const pairWordOf = (w: string): number => {
    const info = wordInfo.get(w) ?? 0;
    if (info >= PAIR_WORD) return Math.floor(info / PAIR_WORD) - 1;
    wordInfo.set(w, info + ++pairWords * PAIR_WORD);
    return pairWords - 1;
  };
  const { terms } = model;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t];
    const space = term.indexOf(' ');
    if (space < 0) wordInfo.set(term, (wordInfo.get(term) ?? 0) + t + 1);
    else pairTerms.set(pairWordOf(term.slice(0, space)) * PAIR_WORD + pairWordOf(term.slice(space + 1)), t);
  }
  tables = {
    wordInfo,
    pairTerms,
    counts: new Int32Array(terms.length),
    touched: new Int32Array(terms.length),
    distinct: 0,
  };
  tablesOf.set(model, tables);
  return tables;
}

export function fieldFeatures(model: FieldModel, text: string): FieldFeatures {
  const tables = wordTables(model);
  const { words, known } = countModelTerms(text, tables);
  const terms = tables.touched.slice(0, tables.distinct).sort();
  const values = new Float32Array(terms.length);
  let norm = 0;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const w = (1 + Math.log(tables.counts[t])) * model.idf[t];
    tables.counts[t] = 0;
    values[i] = w;
    norm += w * w;
  }
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i] *= inv;
  return { terms, values, coverage: words > 0 ? known / words : 0 };
}

/** Each field's logit for features x. */
export function fieldLogits(model: FieldModel, x: FieldFeatures): Float64Array {
  const logits = Float64Array.from(model.bias);
  for (let i = 0; i < x.terms.length; i++) {
    const t = x.terms[i];
    const v = x.values[i];
    for (let p = model.postingStart[t]; p < model.postingStart[t + 1]; p++)
      logits[model.postingField[p]] += model.postingWeight[p] * v;
  }
  return logits;
}

export function softmax(logits: Float64Array): Float32Array {
  let max = -Infinity;
  for (const z of logits) if (z > max) max = z;
  const out = new Float32Array(logits.length);
  let sum = 0;
  for (let k = 0; k < logits.length; k++) sum += out[k] = Math.exp(logits[k] - max);
  for (let k = 0; k < logits.length; k++) out[k] /= sum;
  return out;
}

export function guessField(model: FieldModel, text: string): FieldGuess {
  const x = fieldFeatures(model, text);
  return guessFromProbabilities(model, softmax(fieldLogits(model, x)), x.coverage);
}

export function guessFromProbabilities(model: FieldModel, probabilities: Float32Array, coverage: number): FieldGuess {
  let best = 0;
  for (let k = 1; k < probabilities.length; k++) if (probabilities[k] > probabilities[best]) best = k;
  const archive = model.fields[best].archive;
  let archiveProbability = 0;
  model.fields.forEach((f, k) => {
    if (f.archive === archive) archiveProbability += probabilities[k];
  });
  return {
    field: best,
    probability: probabilities[best],
    archiveProbability,
    known: archiveProbability >= model.minConfidence && coverage >= model.minCoverage,
    coverage,
    probabilities,
  };
}
