/**
 * The learned ranker: a linear score over the general features of each candidate name (rankerFeatures.ts) and one
 * score for "no name", learned by scripts/titles/buildTitleRanker.ts (`npm run titles:build`) from real abstracts
 * and their real titles as a softmax over a paper's candidates and "none" (a conditional logit). The name the model
 * scores highest is taken, or none when "none" scores higher. The weights ship in titleRanker.json.
 */

import { type Doc } from './abstractDoc';
import { type Candidate } from './candidateSet';
import { candidateFeatures, FEATURE_NAMES, handPick, type Scored } from './rankerFeatures';
import file from './titleRanker.json';

export interface RankerModel {
  features: readonly string[];
  weights: readonly number[];
  /** The score of taking no name. */
  none: number;
}

const model: RankerModel = file;
if (model.features.length !== FEATURE_NAMES.length || model.features.some((f, i) => f !== FEATURE_NAMES[i]))
  throw new Error('Papers: titleRanker.json does not match the ranker features; run npm run titles:build');

/** Feature rows of a paper's candidates, in the order given. */
export function featureRows(doc: Doc, scored: readonly Scored[]): number[][] {
  const best = Math.max(...scored.map((s) => s.hand));
  const cands = scored.map((s) => s.cand);
  const picked = handPick(scored);
  return scored.map((s) => candidateFeatures(doc, s.cand, s.ev, s.hand, best, cands, s.cand === picked));
}

export const linearScore = (weights: readonly number[], x: readonly number[]): number =>
  x.reduce((sum, v, i) => sum + v * weights[i], 0);

/** The candidate the model scores highest over "none", the earlier on a tie; null when none wins. */
export function rankCandidates(doc: Doc, scored: readonly Scored[], m: RankerModel = model): Candidate | null {
  if (scored.length === 0) return null;
  const rows = featureRows(doc, scored);
  let best: Candidate | null = null;
  let bestScore = m.none;
  rows.forEach((x, i) => {
    const s = linearScore(m.weights, x);
    if (s > bestScore) {
      best = scored[i].cand;
      bestScore = s;
    }
  });
  return best;
}
