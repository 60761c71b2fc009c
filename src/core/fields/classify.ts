/**
 * Classifying texts with the field model (model.ts): the probability of each arXiv field, and whether the text
 * belongs to a field the model knows at all.
 */
import { termsOf } from '../vectors';
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

export function fieldFeatures(model: FieldModel, text: string): FieldFeatures {
  const counts = new Map<number, number>();
  let words = 0;
  let knownWords = 0;
  for (const term of termsOf(text)) {
    const t = model.termIndex.get(term);
    const word = !term.includes(' ');
    if (word) words++;
    if (t === undefined) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (word) knownWords++;
  }
  const terms = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
  const values = new Float32Array(terms.length);
  let norm = 0;
  terms.forEach((t, i) => {
    const w = (1 + Math.log(counts.get(t)!)) * model.idf[t];
    values[i] = w;
    norm += w * w;
  });
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) values[i] *= inv;
  return { terms, values, coverage: words > 0 ? knownWords / words : 0 };
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
