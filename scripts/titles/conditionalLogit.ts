/**
 * A conditional logit (a softmax over one paper's candidates plus "none", whose score is fixed at 0 while
 * learning), fitted by full-batch Adam from zero weights: the same choices in the same order give the same
 * weights, with no random start and no shuffling.
 */

export interface Choice {
  /** One feature row per candidate. */
  rows: number[][];
  /** The candidate chosen, or -1 for none. */
  label: number;
}

const STEPS = 400;
const RATE = 0.05;
const L2 = 1e-4;

/** `noneWeight`: the weight of a choice of none against one of a name. */
export function trainConditionalLogit(choices: readonly Choice[], dims: number, noneWeight = 1): number[] {
  const w = new Float64Array(dims);
  const m = new Float64Array(dims);
  const v = new Float64Array(dims);
  const grad = new Float64Array(dims);
  for (let step = 1; step <= STEPS; step++) {
    grad.fill(0);
    for (const c of choices) {
      const scores = c.rows.map((x) => x.reduce((s, xi, i) => s + xi * w[i], 0));
      const max = Math.max(0, ...scores);
      const exps = scores.map((s) => Math.exp(s - max));
      const total = exps.reduce((a, b) => a + b, Math.exp(-max));
      const weight = c.label < 0 ? noneWeight : 1;
      c.rows.forEach((x, j) => {
        const p = weight * (exps[j] / total - (j === c.label ? 1 : 0));
        for (let i = 0; i < dims; i++) grad[i] += p * x[i];
      });
    }
    for (let i = 0; i < dims; i++) {
      const g = grad[i] / choices.length + L2 * w[i];
      m[i] = 0.9 * m[i] + 0.1 * g;
      v[i] = 0.999 * v[i] + 0.001 * g * g;
      const mh = m[i] / (1 - 0.9 ** step);
      const vh = v[i] / (1 - 0.999 ** step);
      w[i] -= (RATE * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return [...w];
}
