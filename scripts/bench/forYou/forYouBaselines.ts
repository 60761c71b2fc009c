/**
 * The two baselines of the For You benchmark, on sparse TF-IDF rows (forYouCorpus.ts):
 * - the centroid: papers by cosine to the mean of the starred papers' rows;
 * - arxiv-sanity-lite's per-user SVM: a linear SVM (sklearn's LinearSVC as arxiv-sanity-lite calls it: squared
 *   hinge loss, L2 penalty, an intercept as a constant feature, class_weight='balanced', C = 0.1) trained with the
 *   starred papers as positives and every other paper as a negative, solved by dual coordinate descent (Hsieh et
 *   al. 2008, the method of liblinear that LinearSVC runs).
 * Both score every paper; the caller leaves out the ones with a signal.
 */
import { ExampleRows, trainLinearSvm } from '../../../src/core/forYou/linearModel';
import type { SparseRows } from './forYouCorpus';

/** Cosine of each row to the centroid of the `positives` rows (rows are unit length: the dot product over |c|). */
export function centroidScores(x: SparseRows, positives: readonly number[]): Float32Array {
  const centroid = new Float32Array(x.cols);
  for (const p of positives) for (let k = x.indptr[p]; k < x.indptr[p + 1]; k++) centroid[x.indices[k]] += x.values[k];
  return sparseTimes(x, centroid, 0);
}

function sparseTimes(x: SparseRows, w: Float32Array, bias: number): Float32Array {
  const n = x.indptr.length - 1;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = bias;
    for (let k = x.indptr[i]; k < x.indptr[i + 1]; k++) s += w[x.indices[k]] * x.values[k];
    out[i] = s;
  }
  return out;
}

/** The rows as the core's SVM solver reads them. */
function sparseRows(x: SparseRows): ExampleRows {
  return {
    features: x.cols,
    dot(row, weights) {
      let s = 0;
      for (let k = x.indptr[row]; k < x.indptr[row + 1]; k++) s += weights[x.indices[k]] * x.values[k];
      return s;
    },
    addTo(row, weights, step) {
      for (let k = x.indptr[row]; k < x.indptr[row + 1]; k++) weights[x.indices[k]] += step * x.values[k];
    },
    squaredNorm(row) {
      let s = 0;
      for (let k = x.indptr[row]; k < x.indptr[row + 1]; k++) s += x.values[k] ** 2;
      return s;
    },
  };
}

/** arxiv-sanity-lite's C. */
export const SVM_C = 0.1;

/** The decision values of a linear SVM trained with `positives` against all other rows. */
export function svmScores(x: SparseRows, positives: readonly number[], c = SVM_C): Float32Array {
  const n = x.indptr.length - 1;
  const positive = new Set(positives);
  // class_weight='balanced': each class's C times n / (2 n_class)
  const cost = (isPositive: boolean) => (c * n) / (2 * (isPositive ? positives.length : n - positives.length));
  const examples = Array.from({ length: n }, (_, i) => ({
    row: i,
    label: positive.has(i) ? 1 : -1,
    cost: cost(positive.has(i)),
  }));
  const model = trainLinearSvm(sparseRows(x), examples, 1);
  return sparseTimes(x, Float32Array.from(model.weights), model.bias);
}
