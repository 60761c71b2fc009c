/**
 * Spherical k-means on the Gram matrix of unit vectors (kernel k-means), the voting runs of the
 * consensus clustering (consensus.ts).
 */

import { addScaled } from '../vectors';

/**
 * Spherical k-means on a Gram matrix of unit vectors: the similarity of row i to the centroid of a
 * cluster C is Σ_{j∈C} G_ij / ‖Σ_{j∈C} x_j‖, and ‖Σ_{j∈C} x_j‖² = Σ_{i,j∈C} G_ij. The sums
 * S[c][i] (k × m, one contiguous row per cluster) are updated only for the rows that move.
 */
export class KernelKMeans {
  readonly k: number;
  private readonly assign: Int32Array;
  private readonly sums: Float64Array;
  private readonly norm2: Float64Array;
  private readonly counts: Int32Array;
  private readonly best: Float64Array;
  private readonly dist: Float64Array;
  private readonly seeds: Int32Array;
  private readonly moved: Int32Array;
  private readonly target: Int32Array;

  constructor(
    private readonly G: Float32Array,
    private readonly m: number,
    k: number,
  ) {
    this.k = k;
    this.assign = new Int32Array(m);
    this.sums = new Float64Array(m * k);
    this.norm2 = new Float64Array(k);
    this.counts = new Int32Array(k);
    this.best = new Float64Array(m);
    this.dist = new Float64Array(m);
    this.seeds = new Int32Array(k);
    this.moved = new Int32Array(m);
    this.target = new Int32Array(m);
  }

  /** One run: k-means++ seeding, then up to maxIter Lloyd passes. Returns the assignment (a view, valid until the next run). */
  run(rand: () => number, maxIter: number): Int32Array {
    const { G, m, k, assign, sums, norm2, counts, best, dist, seeds } = this;
    // k-means++ seeding on the distance 1 - cosine.
    seeds[0] = Math.floor(rand() * m);
    dist.fill(Infinity);
    for (let c = 1; c < k; c++) {
      const total = lowerDistances(G, seeds[c - 1] * m, dist, m);
      let pick = m - 1;
      if (total > 0) {
        let t = rand() * total;
        for (let i = 0; i < m; i++) {
          t -= dist[i];
          if (t <= 0) {
            pick = i;
            break;
          }
        }
      } else pick = Math.floor(rand() * m);
      seeds[c] = pick;
    }
    // Every row joins its most similar seed.
    counts.fill(0);
    for (let i = 0; i < m; i++) {
      const bc = mostSimilarSeed(G, seeds, k, m, i);
      assign[i] = bc;
      counts[bc]++;
    }
    sums.fill(0);
    for (let j = 0; j < m; j++) addScaled(sums, assign[j] * m, G, j * m, 1, m);
    for (let it = 0; it < maxIter; it++) {
      norm2.fill(0);
      for (let i = 0; i < m; i++) norm2[assign[i]] += sums[assign[i] * m + i];
      for (let c = 0; c < k; c++) norm2[c] = norm2[c] > 0 ? 1 / Math.sqrt(norm2[c]) : 0;
      let movedCount = 0;
      for (let i = 0; i < m; i++) {
        const bc = nearestCentroidOf(sums, norm2, counts, assign[i], k, m, i, best);
        if (bc !== assign[i]) {
          this.moved[movedCount] = i;
          this.target[movedCount++] = bc;
        }
      }
      if (movedCount === 0) break;
      for (let p = 0; p < movedCount; p++) this.move(this.moved[p], this.target[p]);
      // An emptied cluster restarts at the worst-served row.
      for (let c = 0; c < k; c++) {
        if (counts[c] > 0) continue;
        let worst = -1;
        for (let i = 0; i < m; i++) if (counts[assign[i]] > 1 && (worst < 0 || best[i] < best[worst])) worst = i;
        if (worst < 0) break;
        best[worst] = Infinity;
        this.move(worst, c);
      }
    }
    return assign;
  }

  private move(j: number, to: number): void {
    const { G, m, assign, sums, counts } = this;
    const from = assign[j];
    if (from === to) return;
    assign[j] = to;
    counts[from]--;
    counts[to]++;
    // s - g written as s + (-1)·g: the same number
    addScaled(sums, from * m, G, j * m, -1, m);
    addScaled(sums, to * m, G, j * m, 1, m);
  }
}

// KernelKMeans's inner loops, as small functions of their own (see vectors/denseKernels.ts for why).

/** dist[i] = min(dist[i], 1 - cosine to the seed whose Gram row starts at `seedRow`); returns Σ dist. */
function lowerDistances(G: Float32Array, seedRow: number, dist: Float64Array, m: number): number {
  let total = 0;
  for (let i = 0; i < m; i++) {
    const dd = Math.max(0, 1 - G[seedRow + i]);
    if (dd < dist[i]) dist[i] = dd;
    total += dist[i];
  }
  return total;
}

/** The seed (0..k-1) most similar to row i (ties: the first). */
function mostSimilarSeed(G: Float32Array, seeds: Int32Array, k: number, m: number, i: number): number {
  let bc = 0;
  let bs = -Infinity;
  for (let c = 0; c < k; c++) {
    const s = G[seeds[c] * m + i];
    if (s > bs) {
      bs = s;
      bc = c;
    }
  }
  return bc;
}

/** The non-empty cluster whose centroid is most similar to row i (else `current`); its similarity goes to best[i]. */
function nearestCentroidOf(
  sums: Float64Array,
  norm2: Float64Array,
  counts: Int32Array,
  current: number,
  k: number,
  m: number,
  i: number,
  best: Float64Array,
): number {
  let bc = current;
  let bs = -Infinity;
  for (let c = 0; c < k; c++) {
    if (counts[c] === 0) continue;
    const s = sums[c * m + i] * norm2[c];
    if (s > bs) {
      bs = s;
      bc = c;
    }
  }
  best[i] = bs;
  return bc;
}
