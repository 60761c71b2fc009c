/**
 * Groups papers into themes, offline and deterministically.
 *
 * Method (general, no knowledge of any field):
 * 1. TF-IDF + LSA vectors of the abstracts (vectors.ts); clustering uses the first CLUSTER_DIMS
 *    LSA coordinates, which hold the broad topics.
 * 2. Consensus clustering: many spherical k-means runs (k-means++ seeding from a seeded PRNG) vote on
 *    which papers belong together; average-linkage clustering of that co-association matrix gives the
 *    partition. The vote is steadier than any single k-means run.
 * 3. The dendrogram is cut where it has `k` themes of at least MIN_THEME_SIZE papers; papers left in
 *    smaller groups join the nearest theme.
 * 4. Labels come from themeLabels.ts (distinctive phrases as written in the abstracts).
 *
 * Same input → same themes, labels and order, whatever the order of the input (papers are sorted by
 * id first; the vectors do not depend on input order). Large corpora: the consensus runs on a
 * deterministic sample and every paper then joins the nearest theme centroid (plus a few
 * spherical k-means refinement passes over all papers).
 */

import { labelThemes } from './themeLabels';
import { Theme } from './types';
import { buildVectors, DocVectors, seededRandom } from './vectors';

export interface ThemeOptions {
  /** How many themes to aim for. Default: themeCount(n). */
  targetCount?: number;
  /** Seed of the k-means runs. Default 1. */
  seed?: number;
  /** Precomputed vectors of the papers, row i = papers[i] (as passed in), e.g. from buildVectors. */
  vectors?: DocVectors;
}

export interface ThemePaper {
  id: string;
  abstract: string;
}

/** LSA coordinates used for clustering (the leading ones carry the broad topics). */
export const CLUSTER_DIMS = 32;
/** Themes smaller than this are dissolved into their nearest theme. */
export const MIN_THEME_SIZE = 3;
/** Above this many papers, the consensus is computed on a sample. */
export const SAMPLE_SIZE = 1200;
const RUNS = 30;
const SAMPLE_RUNS = 12;
const MAX_ITERATIONS = 20;

/** The default number of themes for n papers: about sqrt(n / 2), between 1 and 30. */
export function themeCount(n: number): number {
  if (n < 2 * MIN_THEME_SIZE) return Math.min(n, 1);
  return Math.max(1, Math.min(30, Math.round(Math.sqrt(n / 2))));
}

/** Groups papers into themes: every paper in exactly one theme, themes ordered by size then label. */
export function groupByTheme(papers: readonly ThemePaper[], opts: ThemeOptions = {}): Theme[] {
  // Canonical order: by id, one entry per id.
  const indexOf = new Map<string, number>();
  papers.forEach((p, i) => {
    if (!indexOf.has(p.id)) indexOf.set(p.id, i);
  });
  const ids = [...indexOf.keys()].sort();
  const n = ids.length;
  if (n === 0) return [];
  const source = ids.map((id) => indexOf.get(id)!);
  const abstracts = source.map((i) => papers[i].abstract);
  let rows: Float32Array[];
  if (opts.vectors && opts.vectors.lsa.length === papers.length) rows = source.map((i) => opts.vectors!.lsa[i]);
  else rows = buildVectors(abstracts).lsa;
  // Few papers support few latent topics: at most one dimension per 4 papers.
  const dims = Math.min(CLUSTER_DIMS, rows[0]?.length ?? 0, Math.max(2, Math.ceil(n / 4)));
  const X = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += rows[i][j] * rows[i][j];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let j = 0; j < dims; j++) X[i * dims + j] = rows[i][j] * inv;
  }
  const k = Math.max(1, Math.min(opts.targetCount ?? themeCount(n), n));
  const assign = clusterRows(X, n, dims, k, opts.seed ?? 1);

  const groups = new Map<number, number[]>();
  assign.forEach((c, i) => {
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c)!.push(i);
  });
  const clusters = [...groups.values()].map((members) => orderByCentrality(X, dims, members));
  const labels = labelThemes(abstracts, clusters);
  const themes = clusters.map((members, c) => ({ label: labels[c], paperIds: members.map((i) => ids[i]) }));
  themes.sort((a, b) => b.paperIds.length - a.paperIds.length || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || (a.paperIds[0] < b.paperIds[0] ? -1 : 1));
  const used = new Set<string>();
  return themes.map((t) => ({ id: uniqueSlug(t.label, used), label: t.label, paperIds: t.paperIds }));
}

/** A readable id from a label ("GUI and web agents" -> "gui-and-web-agents"), made unique against `used`. */
export function uniqueSlug(label: string, used: Set<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'theme';
  let id = base;
  for (let i = 2; used.has(id); i++) id = `${base}-${i}`;
  used.add(id);
  return id;
}

/** Members sorted by cosine to their centroid, most typical first (ties: canonical index). */
function orderByCentrality(X: Float32Array, d: number, members: number[]): number[] {
  const c = new Float64Array(d);
  for (const i of members) for (let j = 0; j < d; j++) c[j] += X[i * d + j];
  const score = new Map(members.map((i) => [i, rowDot(X, i, d, c)]));
  return [...members].sort((a, b) => score.get(b)! - score.get(a)! || a - b);
}

function rowDot(X: Float32Array | Float64Array, i: number, d: number, c: ArrayLike<number>): number {
  let s = 0;
  const off = i * d;
  for (let j = 0; j < d; j++) s += X[off + j] * c[j];
  return s;
}

/**
 * Cluster ids (0..) for the n unit rows of X (n × d, row-major), aiming at k clusters of at least
 * MIN_THEME_SIZE rows. Deterministic for a given row order and seed.
 */
export function clusterRows(X: Float32Array, n: number, d: number, k: number, seed: number): number[] {
  if (k <= 1 || n <= 1 || d === 0) return new Array(n).fill(0);
  const rand = seededRandom(seed);
  const sample = n > SAMPLE_SIZE ? Array.from({ length: SAMPLE_SIZE }, (_, i) => Math.floor((i * n) / SAMPLE_SIZE)) : null;
  const m = sample ? sample.length : n;
  const S = new Float64Array(m * d);
  if (sample) sample.forEach((row, i) => S.set(X.subarray(row * d, (row + 1) * d), i * d));
  else S.set(X);

  // Consensus of k-means runs.
  const runs = sample ? SAMPLE_RUNS : RUNS;
  const co = new Float32Array(m * m);
  for (let r = 0; r < runs; r++) {
    const a = sphericalKMeans(S, m, d, k, rand, MAX_ITERATIONS);
    const byCluster: number[][] = Array.from({ length: k }, () => []);
    a.forEach((c, i) => byCluster[c].push(i));
    for (const members of byCluster)
      for (const i of members) {
        const off = i * m;
        for (const j of members) co[off + j] += 1;
      }
  }
  for (let i = 0; i < m; i++) co[i * m + i] = runs;
  let assign = cutAverageLinkage(co, m, k, MIN_THEME_SIZE);
  assign = dissolveSmall(S, m, d, assign, MIN_THEME_SIZE);
  if (!sample) return assign;

  // Large corpora: every row joins the nearest centroid, then a few refinement passes.
  const kk = assign.reduce((a, b) => Math.max(a, b), 0) + 1;
  let centroids = centroidsOf(S, m, d, assign, kk);
  let full = new Array<number>(n).fill(0);
  for (let pass = 0; pass < 3; pass++) {
    full = nearestCentroid(X, n, d, centroids, kk);
    centroids = centroidsOf(X, n, d, full, kk);
  }
  return dissolveSmall(X, n, d, full, MIN_THEME_SIZE);
}

/** One spherical k-means run with k-means++ seeding; returns the assignment (0..k-1). */
function sphericalKMeans(X: Float64Array, n: number, d: number, k: number, rand: () => number, maxIter: number): number[] {
  const C = new Float64Array(k * d);
  const first = Math.floor(rand() * n);
  for (let j = 0; j < d; j++) C[j] = X[first * d + j];
  const dist = new Float64Array(n).fill(Infinity);
  for (let c = 1; c < k; c++) {
    let total = 0;
    const prev = C.subarray((c - 1) * d, c * d);
    for (let i = 0; i < n; i++) {
      const dd = Math.max(0, 1 - rowDot(X, i, d, prev));
      if (dd < dist[i]) dist[i] = dd;
      total += dist[i];
    }
    let pick = n - 1;
    if (total > 0) {
      let t = rand() * total;
      for (let i = 0; i < n; i++) {
        t -= dist[i];
        if (t <= 0) {
          pick = i;
          break;
        }
      }
    } else pick = Math.floor(rand() * n);
    for (let j = 0; j < d; j++) C[c * d + j] = X[pick * d + j];
  }
  const assign = new Array<number>(n).fill(-1);
  const best = new Float64Array(n);
  const counts = new Uint32Array(k);
  for (let it = 0; it < maxIter; it++) {
    let changed = 0;
    for (let i = 0; i < n; i++) {
      let bc = 0;
      let bs = -Infinity;
      const off = i * d;
      for (let c = 0; c < k; c++) {
        // four partial sums: shorter dependency chains, noticeably faster in V8
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        const co = c * d;
        let j = 0;
        for (; j + 3 < d; j += 4) {
          s0 += X[off + j] * C[co + j];
          s1 += X[off + j + 1] * C[co + j + 1];
          s2 += X[off + j + 2] * C[co + j + 2];
          s3 += X[off + j + 3] * C[co + j + 3];
        }
        for (; j < d; j++) s0 += X[off + j] * C[co + j];
        const s = s0 + s1 + s2 + s3;
        if (s > bs) {
          bs = s;
          bc = c;
        }
      }
      best[i] = bs;
      if (assign[i] !== bc) {
        assign[i] = bc;
        changed++;
      }
    }
    if (changed === 0) break;
    C.fill(0);
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const co = assign[i] * d;
      counts[assign[i]]++;
      for (let j = 0; j < d; j++) C[co + j] += X[i * d + j];
    }
    for (let c = 0; c < k; c++) {
      if (counts[c] === 0) {
        // An empty cluster restarts at the worst-served row.
        let worst = 0;
        for (let i = 1; i < n; i++) if (best[i] < best[worst]) worst = i;
        best[worst] = Infinity;
        for (let j = 0; j < d; j++) C[c * d + j] = X[worst * d + j];
        continue;
      }
      let s = 0;
      for (let j = 0; j < d; j++) s += C[c * d + j] * C[c * d + j];
      const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
      for (let j = 0; j < d; j++) C[c * d + j] *= inv;
    }
  }
  return assign;
}

/**
 * Average-linkage clustering of an m × m similarity matrix (nearest-neighbour chain, O(m²)),
 * cut where the dendrogram has k clusters of at least minSize members (or k clusters in all if that
 * never happens). Returns cluster ids 0.. in order of first member.
 */
export function cutAverageLinkage(sim: Float32Array, m: number, k: number, minSize: number): number[] {
  const S = Float64Array.from(sim);
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
    if (b === prev && prev >= 0) {
      chain.pop();
      chain.pop();
      const keep = Math.min(a, b);
      const gone = Math.max(a, b);
      merges.push({ a: keep, b: gone, height: bs, order: merges.length });
      for (let c = 0; c < m; c++) {
        if (!active[c] || c === keep || c === gone) continue;
        const s = (size[keep] * S[keep * m + c] + size[gone] * S[gone * m + c]) / (size[keep] + size[gone]);
        S[keep * m + c] = s;
        S[c * m + keep] = s;
      }
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

function centroidsOf(X: Float32Array | Float64Array, n: number, d: number, assign: number[], k: number): Float64Array {
  const C = new Float64Array(k * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) C[assign[i] * d + j] += X[i * d + j];
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += C[c * d + j] ** 2;
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let j = 0; j < d; j++) C[c * d + j] *= inv;
  }
  return C;
}

function nearestCentroid(X: Float32Array, n: number, d: number, C: Float64Array, k: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let bc = 0;
    let bs = -Infinity;
    for (let c = 0; c < k; c++) {
      const s = rowDot(X, i, d, C.subarray(c * d, (c + 1) * d));
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
function dissolveSmall(X: Float32Array | Float64Array, n: number, d: number, assign: number[], minSize: number): number[] {
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
        const s = rowDot(X, i, d, C.subarray(b * d, (b + 1) * d));
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
