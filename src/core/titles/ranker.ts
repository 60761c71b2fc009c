/**
 * The learned ranker: a score of each candidate name from its general features (rankerFeatures.ts), a linear term
 * plus a small hidden layer (tanh units) that lets features weigh differently together than apart, and one score for
 * "no name"; learned by scripts/titles/buildTitleRanker.ts (`npm run titles:build`) from real abstracts and their
 * real titles as a softmax over a paper's candidates and "none" (a conditional logit). The name the model scores
 * highest is taken, or none when "none" scores higher. The weights ship in titleRanker.json.
 */

import { type Doc } from './abstractDoc';
import { type Candidate } from './candidateSet';
import { candidateFeatures, FEATURE_NAMES, handPick, type Scored } from './rankerFeatures';
import file from './titleRanker.json';

/** The learned numbers: score(x) = weights·x + Σ_j hiddenOut[j] · tanh(hidden[j]·x + hiddenBias[j]). */
export interface RankerWeights {
  weights: readonly number[];
  hidden: readonly (readonly number[])[];
  hiddenBias: readonly number[];
  hiddenOut: readonly number[];
}

export interface RankerModel extends RankerWeights {
  features: readonly string[];
  /** The score of taking no name. */
  none: number;
}

let checked: RankerModel | null = null;

/**
 * The shipped model, checked against the features on first use rather than on load, so that the script that
 * rebuilds it after the features changed can still load this module.
 */
function shippedModel(): RankerModel {
  if (checked) return checked;
  const m: RankerModel = file;
  if (m.features.length !== FEATURE_NAMES.length || m.features.some((f, i) => f !== FEATURE_NAMES[i]))
    throw new Error('Papers: titleRanker.json does not match the ranker features; run npm run titles:build');
  return (checked = m);
}

/** Feature rows of a paper's candidates, in the order given. */
export function featureRows(doc: Doc, scored: readonly Scored[]): number[][] {
  const best = Math.max(...scored.map((s) => s.hand));
  const cands = scored.map((s) => s.cand);
  const picked = handPick(scored);
  return scored.map((s) => candidateFeatures(doc, s.cand, s.ev, s.hand, best, cands, s.cand === picked));
}

const dot = (weights: readonly number[], x: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += weights[i] * x[i];
  return sum;
};

/** The model's score of one candidate's feature row. */
export function rankerScore(m: RankerWeights, x: readonly number[]): number {
  let s = dot(m.weights, x);
  for (let j = 0; j < m.hidden.length; j++) s += m.hiddenOut[j] * Math.tanh(dot(m.hidden[j], x) + m.hiddenBias[j]);
  return s;
}

/** The candidate the model scores highest over "none", the earlier on a tie; null when none wins. */
export function rankCandidates(doc: Doc, scored: readonly Scored[], model?: RankerModel): Candidate | null {
  if (scored.length === 0) return null;
  const m = model ?? shippedModel();
  const rows = featureRows(doc, scored);
  let best: Candidate | null = null;
  let bestScore = m.none;
  rows.forEach((x, i) => {
    const s = rankerScore(m, x);
    if (s > bestScore) {
      best = scored[i].cand;
      bestScore = s;
    }
  });
  return best;
}
