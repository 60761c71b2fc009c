/**
 * Multinomial logistic regression by plain SGD over sparse unit rows, deterministic (a seeded shuffle, a fixed
 * order of operations), so the build script writes the same file every run.
 */

/** Sparse rows: row r is terms[start[r] .. start[r + 1]) with its values. */
export interface SparseRows {
  start: Uint32Array;
  terms: Int32Array;
  values: Float32Array;
}

export interface Softmax {
  classes: number;
  vocabulary: number;
  /** weights[term * classes + class] */
  weights: Float64Array;
  bias: Float64Array;
}

export function toSparseRows(rows: readonly { terms: Int32Array; values: Float32Array }[]): SparseRows {
  const start = new Uint32Array(rows.length + 1);
  rows.forEach((r, i) => (start[i + 1] = start[i] + r.terms.length));
  const terms = new Int32Array(start[rows.length]);
  const values = new Float32Array(start[rows.length]);
  rows.forEach((r, i) => {
    terms.set(r.terms, start[i]);
    values.set(r.values, start[i]);
  });
  return { start, terms, values };
}

export function logitsOf(model: Softmax, rows: SparseRows, r: number, out: Float64Array): void {
  const C = model.classes;
  out.set(model.bias);
  for (let e = rows.start[r]; e < rows.start[r + 1]; e++) {
    const base = rows.terms[e] * C;
    const v = rows.values[e];
    for (let k = 0; k < C; k++) out[k] += model.weights[base + k] * v;
  }
}

/** Trains on the rows with the given labels (one class index each) for `epochs` passes. */
export function trainSoftmax(
  rows: SparseRows,
  labels: Int32Array,
  classes: number,
  vocabulary: number,
  epochs: number,
  onEpoch?: (epoch: number, model: Softmax) => void,
): Softmax {
  const model: Softmax = {
    classes,
    vocabulary,
    weights: new Float64Array(vocabulary * classes),
    bias: new Float64Array(classes),
  };
  const order = Int32Array.from({ length: labels.length }, (_, i) => i);
  let seed = 1;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const p = new Float64Array(classes);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let a = order.length - 1; a > 0; a--) {
      const b = Math.floor(random() * (a + 1));
      const t = order[a];
      order[a] = order[b];
      order[b] = t;
    }
    const rate = 0.5 / (1 + epoch);
    for (const r of order) step(model, rows, r, labels[r], rate, p);
    onEpoch?.(epoch, model);
  }
  return model;
}

function step(model: Softmax, rows: SparseRows, r: number, label: number, rate: number, p: Float64Array): void {
  const C = model.classes;
  logitsOf(model, rows, r, p);
  let max = -Infinity;
  for (let k = 0; k < C; k++) if (p[k] > max) max = p[k];
  let sum = 0;
  for (let k = 0; k < C; k++) sum += p[k] = Math.exp(p[k] - max);
  for (let k = 0; k < C; k++) {
    const g = p[k] / sum - (k === label ? 1 : 0);
    if (Math.abs(g) < 1e-4) continue;
    model.bias[k] -= rate * g * 0.1;
    for (let e = rows.start[r]; e < rows.start[r + 1]; e++)
      model.weights[rows.terms[e] * C + k] -= rate * g * rows.values[e];
  }
}

/** Per class, the terms of its `keep` largest weights in magnitude (ties: lower term first), ascending. */
export function strongestTerms(model: Softmax, keep: number): Int32Array[] {
  const C = model.classes;
  const out: Int32Array[] = [];
  for (let k = 0; k < C; k++) {
    const candidates: number[] = [];
    for (let t = 0; t < model.vocabulary; t++) if (model.weights[t * C + k] !== 0) candidates.push(t);
    const mag = (t: number) => Math.abs(model.weights[t * C + k]);
    candidates.sort((a, b) => mag(b) - mag(a) || a - b);
    out.push(Int32Array.from(candidates.slice(0, keep)).sort());
  }
  return out;
}
