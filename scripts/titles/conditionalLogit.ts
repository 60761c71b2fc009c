/**
 * A conditional logit (a softmax over one paper's candidates plus "none", whose score is fixed at 0 while
 * learning) whose score is a linear term plus a small hidden layer (ranker.ts `rankerScore`), fitted by
 * full-batch Adam: the same choices in the same order give the same weights, with a fixed start (zero linear
 * weights, hidden weights from a fixed pattern) and no shuffling.
 */

import { type RankerWeights } from '../../src/core/titles/ranker';

export interface Choice {
  /** One feature row per candidate. */
  rows: number[][];
  /** The candidate chosen, or -1 for none. */
  label: number;
}

const RATE = 0.03;
const L2 = 1e-4;

/** Where each part of the weights sits in one flat vector: linear, hidden-to-score, hidden (row by row), biases. */
function layout(dims: number, hidden: number) {
  const out = dims;
  const inner = out + hidden;
  const bias = inner + hidden * dims;
  return { out, inner, bias, size: bias + hidden };
}

/**
 * Fits the weights: `noneWeight` is the weight of a choice of none against one of a name, `hidden` the size of
 * the hidden layer, `steps` the full-batch steps.
 */
export function trainConditionalLogit(
  choices: readonly Choice[],
  dims: number,
  noneWeight: number,
  hidden: number,
  steps: number,
): RankerWeights {
  const at = layout(dims, hidden);
  const theta = new Float64Array(at.size);
  // a fixed start that differs between hidden units (all-equal units would stay equal), small and rational
  for (let j = 0; j < hidden; j++)
    for (let k = 0; k < dims; k++) theta[at.inner + j * dims + k] = (((j * 7 + k * 3) % 11) - 5) / 20;
  const m = new Float64Array(at.size);
  const v = new Float64Array(at.size);
  const grad = new Float64Array(at.size);
  const h = new Float64Array(hidden);
  const rows = choices.map((c) => c.rows.map((r) => Float64Array.from(r)));
  /** The score of row x, leaving the hidden units' values in h. */
  const score = (x: Float64Array): number => {
    let s = 0;
    for (let k = 0; k < dims; k++) s += theta[k] * x[k];
    for (let j = 0; j < hidden; j++) {
      let a = theta[at.bias + j];
      const o = at.inner + j * dims;
      for (let k = 0; k < dims; k++) a += theta[o + k] * x[k];
      h[j] = Math.tanh(a);
      s += theta[at.out + j] * h[j];
    }
    return s;
  };
  for (let step = 1; step <= steps; step++) {
    grad.fill(0);
    choices.forEach((c, ci) => {
      const scores = rows[ci].map(score);
      const max = Math.max(0, ...scores);
      const exps = scores.map((s) => Math.exp(s - max));
      const total = exps.reduce((a, b) => a + b, Math.exp(-max));
      const weight = c.label < 0 ? noneWeight : 1;
      rows[ci].forEach((x, r) => {
        const p = weight * (exps[r] / total - (r === c.label ? 1 : 0));
        score(x);
        for (let k = 0; k < dims; k++) grad[k] += p * x[k];
        for (let j = 0; j < hidden; j++) {
          grad[at.out + j] += p * h[j];
          const d = p * theta[at.out + j] * (1 - h[j] * h[j]);
          const o = at.inner + j * dims;
          for (let k = 0; k < dims; k++) grad[o + k] += d * x[k];
          grad[at.bias + j] += d;
        }
      });
    });
    for (let i = 0; i < at.size; i++) {
      const g = grad[i] / choices.length + L2 * theta[i];
      m[i] = 0.9 * m[i] + 0.1 * g;
      v[i] = 0.999 * v[i] + 0.001 * g * g;
      const mh = m[i] / (1 - 0.9 ** step);
      const vh = v[i] / (1 - 0.999 ** step);
      theta[i] -= (RATE * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  const part = (from: number, to: number): number[] => [...theta.subarray(from, to)];
  return {
    weights: part(0, dims),
    hiddenOut: part(at.out, at.inner),
    hidden: Array.from({ length: hidden }, (_, j) => part(at.inner + j * dims, at.inner + (j + 1) * dims)),
    hiddenBias: part(at.bias, at.size),
  };
}
