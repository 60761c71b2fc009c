/**
 * Consensus clustering of unit vectors (the LSA rows of abstracts) into k groups.
 *
 * 1. Neighbour smoothing: each row is averaged with its NEIGHBOURS most similar rows (weighted by
 *    cosine), which pulls a paper towards the topic of the papers most like it and away from its
 *    own incidental words.
 * 2. Many spherical k-means runs (k-means++ seeding from a seeded PRNG) vote on which rows belong
 *    together; average-linkage clustering of that co-association matrix gives the partition.
 *    The runs work on the Gram matrix of the smoothed rows (kernel k-means, kernelKMeans.ts): the cost of a run
 *    does not depend on the number of dimensions, and after the first pass only the rows that
 *    moved cost anything.
 * 3. The dendrogram is cut where it has k groups of at least minSize rows; rows left in smaller
 *    groups join the nearest group.
 *
 * Large inputs: the consensus runs on an evenly spaced sample; every row then joins the nearest
 * centroid, with a few refinement passes over all rows. Deterministic for a given row order and seed.
 */

import { addScaled } from '../vectors';
import { seededRandom } from '../vectors';
import { KernelKMeans } from './kernelKMeans';

/** Groups smaller than this are dissolved into their nearest group. */
export const MIN_THEME_SIZE = 3;
/** Above this many rows, the consensus is computed on a sample. */
export const SAMPLE_SIZE = 1200;
/** Neighbours averaged into each row before clustering. */
export const NEIGHBOURS = 5;
const RUNS = 20;
const SAMPLE_RUNS = 12;
/** Lloyd iterations per run: the vote needs runs that roughly agree, not converged ones. */
const MAX_ITERATIONS = 8;

/**
 * Cluster ids (0..) for the n unit rows of X (n × d, row-major), aiming at k clusters of at least
 * MIN_THEME_SIZE rows; above `sampleSize` rows the consensus runs on an evenly spaced sample of that many.
 * Deterministic for a given row order and seed.
 */
export function clusterRows(
  X: Float32Array,
  n: number,
  d: number,
  k: number,
  seed: number,
  sampleSize = SAMPLE_SIZE,
): number[] {
  if (k <= 1 || n <= 1 || d === 0) return new Array(n).fill(0);
  const sample = n > sampleSize ? Array.from({ length: sampleSize }, (_, i) => Math.floor((i * n) / sampleSize)) : null;
  const m = sample ? sample.length : n;
  const S = new Float32Array(m * d);
  if (sample) sample.forEach((row, i) => S.set(X.subarray(row * d, (row + 1) * d), i * d));
  else S.set(X.subarray(0, n * d));

  const G = smoothedGram(S, m, d, Math.min(NEIGHBOURS, m - 1));
  const runs = sample ? SAMPLE_RUNS : RUNS;
  const co = new Float32Array(m * m);
  const rand = seededRandom(seed);
  const kmeans = new KernelKMeans(G, m, Math.min(k, m));
  for (let r = 0; r < runs; r++) {
    const assign = kmeans.run(rand, MAX_ITERATIONS);
    addCoAssociation(co, m, assign, kmeans.k);
  }
  for (let i = 0; i < m; i++) co[i * m + i] = runs;
  let assign = cutAverageLinkage(co, m, k, MIN_THEME_SIZE);
  assign = dissolveSmall(S, m, d, assign, MIN_THEME_SIZE);
  if (!sample) return assign;

  // Large inputs: every row joins the nearest centroid, then a few refinement passes.
  const kk = assign.reduce((a, b) => Math.max(a, b), 0) + 1;
  let centroids = centroidsOf(S, m, d, assign, kk);
  let full = new Array<number>(n).fill(0);
  for (let pass = 0; pass < 3; pass++) {
    full = nearestCentroid(X, n, d, centroids, kk);
    centroids = centroidsOf(X, n, d, full, kk);
  }
  return dissolveSmall(X, n, d, full, MIN_THEME_SIZE);
}

/**
 * Cosines of the smoothed rows y_i = x_i + (1/q) Σ_{j ∈ N(i)} max(0, x_i·x_j) x_j, N(i) the q rows
 * most similar to i (ties: lower index). Computed from the Gram matrix R of the rows as
 * (I + W) R (I + W)ᵀ, which costs O(m²·q) instead of another O(m²·d).
 */
function smoothedGram(X: Float32Array, m: number, d: number, q: number): Float32Array {
  const R = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    const oi = i * d;
    for (let j = i; j < m; j++) R[i * m + j] = R[j * m + i] = dotFour(X, oi, j * d, d);
  }
  const out = new Float32Array(m * m);
  if (q <= 0) {
    for (let p = 0; p < m * m; p++) out[p] = R[p];
    return out;
  }
  // The q nearest neighbours of each row and their weights.
  const nb = new Int32Array(m * q);
  const w = new Float64Array(m * q);
  for (let i = 0; i < m; i++) {
    const base = i * q;
    nearestRows(R, i, m, q, nb);
    for (let a = 0; a < q; a++) w[base + a] = Math.max(0, R[i * m + nb[base + a]]) / q;
  }
  // H = (I + W) R, then G = H (I + W)ᵀ (upper triangle, mirrored: exactly symmetric).
  const H = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    const hi = i * m;
    H.set(R.subarray(hi, hi + m), hi);
    for (let a = 0; a < q; a++) {
      const wa = w[i * q + a];
      if (wa !== 0) addScaled(H, hi, R, nb[i * q + a] * m, wa, m);
    }
  }
  const G = R; // R is no longer needed
  for (let i = 0; i < m; i++) smoothRow(G, H, i, m, w, nb, q);
  const inv = new Float64Array(m);
  for (let i = 0; i < m; i++) inv[i] = G[i * m + i] > 0 ? 1 / Math.sqrt(G[i * m + i]) : 0;
  for (let i = 0; i < m; i++) scaleRowSymmetric(out, G, i, m, inv);
  return out;
}

// smoothedGram's inner loops, as small functions of their own (see vectors/denseKernels.ts for why).

/** Σ X[oi + t] X[oj + t] for t < d, in four interleaved partial sums (shorter dependency chains). */
function dotFour(X: Float32Array, oi: number, oj: number, d: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let t = 0;
  for (; t + 3 < d; t += 4) {
    s0 += X[oi + t] * X[oj + t];
    s1 += X[oi + t + 1] * X[oj + t + 1];
    s2 += X[oi + t + 2] * X[oj + t + 2];
    s3 += X[oi + t + 3] * X[oj + t + 3];
  }
  for (; t < d; t++) s0 += X[oi + t] * X[oj + t];
  return s0 + s1 + s2 + s3;
}

/** nb[i·q ..] = the q rows most similar to row i in R (m × m), most similar first (ties: lower index). */
function nearestRows(R: Float64Array, i: number, m: number, q: number, nb: Int32Array): void {
  const base = i * q;
  let size = 0;
  for (let j = 0; j < m; j++) {
    if (j === i) continue;
    const s = R[i * m + j];
    if (size === q && s <= R[i * m + nb[base + size - 1]]) continue;
    let pos = size < q ? size++ : q - 1;
    while (pos > 0 && R[i * m + nb[base + pos - 1]] < s) {
      nb[base + pos] = nb[base + pos - 1];
      pos--;
    }
    nb[base + pos] = j;
  }
}

/** Row i of G = H (I + W)ᵀ, from column i on. */
function smoothRow(
  G: Float64Array,
  H: Float64Array,
  i: number,
  m: number,
  w: Float64Array,
  nb: Int32Array,
  q: number,
): void {
  const hi = i * m;
  for (let l = i; l < m; l++) {
    let s = H[hi + l];
    const bl = l * q;
    for (let a = 0; a < q; a++) s += w[bl + a] * H[hi + nb[bl + a]];
    G[hi + l] = s;
  }
}

/** out[i][l] = out[l][i] = G[i][l] · inv[i] · inv[l] for l ≥ i (cosines from dot products). */
function scaleRowSymmetric(out: Float32Array, G: Float64Array, i: number, m: number, inv: Float64Array): void {
  for (let l = i; l < m; l++) {
    const v = G[i * m + l] * inv[i] * inv[l];
    out[i * m + l] = v;
    out[l * m + i] = v;
  }
}

/** Adds one vote for every pair of rows in the same cluster. */
function addCoAssociation(co: Float32Array, m: number, assign: Int32Array, k: number): void {
  const start = new Int32Array(k + 1);
  for (let i = 0; i < m; i++) start[assign[i] + 1]++;
  for (let c = 0; c < k; c++) start[c + 1] += start[c];
  const members = new Int32Array(m);
  const fill = start.slice(0, k);
  for (let i = 0; i < m; i++) members[fill[assign[i]]++] = i;
  for (let c = 0; c < k; c++)
    for (let a = start[c]; a < start[c + 1]; a++) {
      const off = members[a] * m;
      for (let b = start[c]; b < start[c + 1]; b++) co[off + members[b]] += 1;
    }
}

/**
 * Average-linkage clustering of an m × m similarity matrix (nearest-neighbour chain, O(m²)),
 * cut where the dendrogram has k clusters of at least minSize members (or k clusters in all if that
 * never happens). Returns cluster ids 0.. in order of first member.
 */
export function cutAverageLinkage(sim: Float32Array, m: number, k: number, minSize: number): number[] {
  const S = Float64Array.from(sim.subarray(0, m * m));
  const size = new Array<number>(m).fill(1);
  const active = new Uint8Array(m).fill(1);
  const merges: { a: number; b: number; height: number; order: number }[] = [];
  const chain: number[] = [];
  let remaining = m;
  while (remaining > 1) {
    if (chain.length === 0) {
      let first = 0;
      while (!active[first]) first++;
      chain.push(first);
    }
    const a = chain[chain.length - 1];
    const prev = chain.length >= 2 ? chain[chain.length - 2] : -1;
    const b = mostSimilarActive(S, active, a, prev, m);
    const bs = b >= 0 ? S[a * m + b] : -Infinity;
    if (b === prev && prev >= 0) {
      chain.pop();
      chain.pop();
      const keep = Math.min(a, b);
      const gone = Math.max(a, b);
      merges.push({ a: keep, b: gone, height: bs, order: merges.length });
      mergeRows(S, active, keep, gone, size[keep], size[gone], m);
      size[keep] += size[gone];
      active[gone] = 0;
      remaining--;
    } else chain.push(b);
  }
  // The dendrogram of a reducible linkage: apply merges from the most similar down.
  merges.sort((x, y) => y.height - x.height || x.order - y.order);
  const parent = Array.from({ length: m }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  // Replay to find how many merges to apply: the most merges leaving ≥ k clusters of ≥ minSize.
  const sz = new Array<number>(m).fill(1);
  let big = minSize <= 1 ? m : 0;
  let cut = -1;
  const bigAfter: number[] = [big];
  for (const e of merges) {
    const ra = find(e.a);
    const rb = find(e.b);
    big -= (sz[ra] >= minSize ? 1 : 0) + (sz[rb] >= minSize ? 1 : 0);
    parent[rb] = ra;
    sz[ra] += sz[rb];
    big += sz[ra] >= minSize ? 1 : 0;
    bigAfter.push(big);
  }
  for (let t = bigAfter.length - 1; t >= 0; t--)
    if (bigAfter[t] >= k) {
      cut = t;
      break;
    }
  if (cut < 0) cut = Math.max(0, m - k);
  for (let i = 0; i < m; i++) parent[i] = i;
  for (let t = 0; t < cut; t++) parent[find(merges[t].b)] = find(merges[t].a);
  const ids = new Map<number, number>();
  return Array.from({ length: m }, (_, i) => {
    const r = find(i);
    if (!ids.has(r)) ids.set(r, ids.size);
    return ids.get(r)!;
  });
}

// cutAverageLinkage's inner loops, as small functions of their own (see vectors/denseKernels.ts for why).

/** The active cluster most similar to a (other than a), starting from prev (kept on ties); -1 when none. */
function mostSimilarActive(S: Float64Array, active: Uint8Array, a: number, prev: number, m: number): number {
  let b = prev;
  let bs = prev >= 0 ? S[a * m + prev] : -Infinity;
  for (let c = 0; c < m; c++) {
    if (!active[c] || c === a) continue;
    const s = S[a * m + c];
    if (s > bs) {
      bs = s;
      b = c;
    }
  }
  return b;
}

/** Average linkage: `keep`'s similarities become the size-weighted mean of `keep`'s and `gone`'s. */
function mergeRows(
  S: Float64Array,
  active: Uint8Array,
  keep: number,
  gone: number,
  keepSize: number,
  goneSize: number,
  m: number,
): void {
  for (let c = 0; c < m; c++) {
    if (!active[c] || c === keep || c === gone) continue;
    const s = (keepSize * S[keep * m + c] + goneSize * S[gone * m + c]) / (keepSize + goneSize);
    S[keep * m + c] = s;
    S[c * m + keep] = s;
  }
}

function rowDot(X: Float32Array | Float64Array, i: number, d: number, c: Float64Array, co: number): number {
  let s = 0;
  const off = i * d;
  for (let j = 0; j < d; j++) s += X[off + j] * c[co + j];
  return s;
}

/** Unit centroids (k × d) of the rows of each cluster. */
export function centroidsOf(X: Float32Array, n: number, d: number, assign: readonly number[], k: number): Float64Array {
  const C = new Float64Array(k * d);
  for (let i = 0; i < n; i++) {
    const co = assign[i] * d;
    const off = i * d;
    for (let j = 0; j < d; j++) C[co + j] += X[off + j];
  }
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += C[c * d + j] ** 2;
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let j = 0; j < d; j++) C[c * d + j] *= inv;
  }
  return C;
}

export function nearestCentroid(X: Float32Array, n: number, d: number, C: Float64Array, k: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let bc = 0;
    let bs = -Infinity;
    for (let c = 0; c < k; c++) {
      const s = rowDot(X, i, d, C, c * d);
      if (s > bs) {
        bs = s;
        bc = c;
      }
    }
    out[i] = bc;
  }
  return out;
}

/** Rows of clusters smaller than minSize join the nearest larger cluster; ids are renumbered 0.. */
export function dissolveSmall(X: Float32Array, n: number, d: number, assign: number[], minSize: number): number[] {
  const k = assign.reduce((a, b) => Math.max(a, b), 0) + 1;
  const counts = new Array<number>(k).fill(0);
  for (const c of assign) counts[c]++;
  const bigIds = counts.map((c, i) => (c >= minSize ? i : -1)).filter((i) => i >= 0);
  let out = assign;
  if (bigIds.length === 0) out = new Array(n).fill(0);
  else if (bigIds.length < k) {
    const C = centroidsOf(X, n, d, assign, k);
    out = assign.map((c, i) => {
      if (counts[c] >= minSize) return c;
      let bc = bigIds[0];
      let bs = -Infinity;
      for (const b of bigIds) {
        const s = rowDot(X, i, d, C, b * d);
        if (s > bs) {
          bs = s;
          bc = b;
        }
      }
      return bc;
    });
  }
  const ids = new Map<number, number>();
  return out.map((c) => {
    if (!ids.has(c)) ids.set(c, ids.size);
    return ids.get(c)!;
  });
}
