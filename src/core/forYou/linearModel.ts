/**
 * A linear SVM on dense rows (the papers' LSA coordinates): squared hinge loss, L2 penalty, an intercept as a
 * constant feature, each example with its own weight on the loss. Solved by dual coordinate descent (Hsieh et al.
 * 2008, what liblinear runs): each step is one dot product and one update of the weights, so a few thousand
 * examples of 80 coordinates train in milliseconds.
 */
import { seededRandom } from '../vectors';

export interface TrainingRow {
  /** Row index into the examples' rows. */
  row: number;
  /** +1 or −1. */
  label: number;
  /** The example's share of the penalty C (class balance times signal weight). */
  cost: number;
}

/** What the solver needs of the rows: dense LSA rows here, sparse TF-IDF rows in the benchmark's baseline. */
export interface ExampleRows {
  /** The number of features (weights). */
  features: number;
  dot(row: number, weights: Float64Array): number;
  /** weights += step × row */
  addTo(row: number, weights: Float64Array, step: number): void;
  squaredNorm(row: number): number;
}

export interface LinearModel {
  weights: Float64Array;
  bias: number;
  /** Passes over the examples until the stopping rule held (or MAX_EPOCHS). */
  epochs: number;
}

const MAX_EPOCHS = 100;
/** liblinear's default stopping rule for the dual: the projected gradients of an epoch span less than this. */
const TOLERANCE = 0.1;

/** `ids.length × dims` rows, row-major, as ExampleRows. */
export function denseRows(rows: Float32Array, dims: number): ExampleRows {
  return {
    features: dims,
    dot(row, weights) {
      let s = 0;
      for (let d = 0, o = row * dims; d < dims; d++) s += weights[d] * rows[o + d];
      return s;
    },
    addTo(row, weights, step) {
      for (let d = 0, o = row * dims; d < dims; d++) weights[d] += step * rows[o + d];
    },
    squaredNorm(row) {
      let s = 0;
      for (let d = 0, o = row * dims; d < dims; d++) s += rows[o + d] ** 2;
      return s;
    },
  };
}

export function trainLinearSvm(x: ExampleRows, examples: readonly TrainingRow[], seed = examples.length): LinearModel {
  const n = examples.length;
  const weights = new Float64Array(x.features);
  let bias = 0;
  const alpha = new Float64Array(n);
  const diag = examples.map((e) => 1 / (2 * e.cost));
  // the intercept is a constant feature 1, penalized like the others (as liblinear does)
  const qii = examples.map((e, i) => x.squaredNorm(e.row) + 1 + diag[i]);
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(seed);
  let epochs = 0;
  while (epochs++ < MAX_EPOCHS) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let maxPg = -Infinity;
    let minPg = Infinity;
    for (const i of order) {
      const { row, label } = examples[i];
      const g = label * (x.dot(row, weights) + bias) - 1 + diag[i] * alpha[i];
      const pg = alpha[i] === 0 ? Math.min(g, 0) : g;
      maxPg = Math.max(maxPg, pg);
      minPg = Math.min(minPg, pg);
      if (pg === 0) continue;
      const old = alpha[i];
      alpha[i] = Math.max(old - g / qii[i], 0);
      const step = (alpha[i] - old) * label;
      x.addTo(row, weights, step);
      bias += step;
    }
    if (maxPg - minPg < TOLERANCE) break;
  }
  return { weights, bias, epochs };
}
