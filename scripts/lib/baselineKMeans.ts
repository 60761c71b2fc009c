/**
 * Plain k-means (k-means++ start, Lloyd iterations) over dense rows: the clustering step of the baseline the
 * themes are measured against (scripts/bench/themes/realThemes.ts). Not used by the product's grouping.
 */
import { seededRandom } from '../../src/core/vectors';

export interface KMeansResult {
  /** The cluster of each row, 0..k-1. */
  assignment: Int32Array;
  /** Lloyd iterations run (the last one changed nothing unless the cap was reached). */
  iterations: number;
}

function squaredDistance(rows: Float64Array, i: number, centers: Float64Array, c: number, d: number): number {
  let s = 0;
  for (let t = 0; t < d; t++) {
    const x = rows[i * d + t] - centers[c * d + t];
    s += x * x;
  }
  return s;
}

/** k-means++: the first center uniformly at random, each next one a row drawn with probability ∝ D². */
function plusPlusCenters(rows: Float64Array, n: number, d: number, k: number, rand: () => number): Float64Array {
  const centers = new Float64Array(k * d);
  const nearest = new Float64Array(n).fill(Infinity);
  let pick = Math.floor(rand() * n);
  for (let c = 0; c < k; c++) {
    centers.set(rows.subarray(pick * d, pick * d + d), c * d);
    let total = 0;
    for (let i = 0; i < n; i++) {
      nearest[i] = Math.min(nearest[i], squaredDistance(rows, i, centers, c, d));
      total += nearest[i];
    }
    if (total === 0) {
      pick = Math.floor(rand() * n); // every row sits on a center: any row will do
      continue;
    }
    let target = rand() * total;
    pick = n - 1;
    for (let i = 0; i < n; i++) {
      target -= nearest[i];
      if (target < 0) {
        pick = i;
        break;
      }
    }
  }
  return centers;
}

/** Assigns each row to its nearest center; returns how many rows changed cluster. */
function assign(rows: Float64Array, n: number, d: number, centers: Float64Array, k: number, out: Int32Array): number {
  let changed = 0;
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < k; c++) {
      const dist = squaredDistance(rows, i, centers, c, d);
      if (dist < bestD) {
        bestD = dist;
        best = c;
      }
    }
    if (out[i] !== best) changed++;
    out[i] = best;
  }
  return changed;
}

/** Centers = means of their rows; a center that lost all its rows stays where it was. */
function updateCenters(rows: Float64Array, n: number, d: number, assignment: Int32Array, centers: Float64Array): void {
  const k = centers.length / d;
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const c = assignment[i];
    counts[c]++;
    for (let t = 0; t < d; t++) sums[c * d + t] += rows[i * d + t];
  }
  for (let c = 0; c < k; c++) {
    if (counts[c] === 0) continue;
    for (let t = 0; t < d; t++) centers[c * d + t] = sums[c * d + t] / counts[c];
  }
}

/**
 * k-means of n rows of d numbers (row-major) into k clusters: k-means++ start from `seed`, then Lloyd
 * iterations until no row changes cluster or `maxIterations` is reached.
 */
export function kMeans(rows: Float64Array, d: number, k: number, seed: number, maxIterations = 100): KMeansResult {
  const n = d > 0 ? rows.length / d : 0;
  const assignment = new Int32Array(n).fill(-1);
  if (n === 0 || k <= 0) return { assignment: new Int32Array(n), iterations: 0 };
  const kk = Math.min(k, n);
  const centers = plusPlusCenters(rows, n, d, kk, seededRandom(seed));
  let iterations = 0;
  while (iterations < maxIterations) {
    iterations++;
    if (assign(rows, n, d, centers, kk, assignment) === 0) break;
    updateCenters(rows, n, d, assignment, centers);
  }
  return { assignment, iterations };
}
