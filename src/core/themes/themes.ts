/**
 * Groups papers into themes, offline and deterministically.
 *
 * Method (general, no knowledge of any field):
 * 1. TF-IDF + LSA vectors of the abstracts (vectors.ts); clustering uses up to CLUSTER_DIMS LSA
 *    coordinates (at most one per 4 papers).
 * 2. Consensus clustering (themes/consensus.ts): each paper is first averaged with its nearest
 *    neighbours; many spherical k-means runs (seeded PRNG) vote on which papers belong together;
 *    average-linkage clustering of that co-association matrix gives the partition. The vote is
 *    steadier than any single k-means run.
 * 3. The dendrogram is cut where it has `k` themes of at least MIN_THEME_SIZE papers; papers left in
 *    smaller groups join the nearest theme.
 * 4. Labels come from themeLabels.ts (distinctive phrases as written in the abstracts), read from the
 *    word streams of the vectors, so the abstracts are not tokenized a second time.
 *
 * Same input → same themes, labels and order, whatever the order of the input (papers are sorted by
 * id first; the vectors do not depend on input order). Large corpora: the consensus runs on a
 * deterministic sample and every paper then joins the nearest theme centroid (plus a few
 * spherical k-means refinement passes over all papers).
 */

import { labelThemes } from './labels';
import { paperText, Theme } from '../papers';
import { clusterRows, MIN_THEME_SIZE } from './consensus';
import { WordStreams } from './phraseDocs';
import { buildVectors, DocVectors } from '../vectors';

export { clusterRows, cutAverageLinkage, MIN_THEME_SIZE, SAMPLE_SIZE } from './consensus';

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
  /** Read in place of the abstract when a paper has none. */
  sourceTitle?: string;
}

/** LSA coordinates used for clustering (the leading ones carry the broad topics). */
export const CLUSTER_DIMS = 80;

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
  const abstracts = source.map((i) => paperText(papers[i]));
  let rows: Float32Array[];
  let streams: WordStreams | undefined;
  const given = opts.vectors && opts.vectors.lsa.length === papers.length ? opts.vectors : undefined;
  if (given) {
    rows = source.map((i) => given.lsa[i]);
    if (given.streams && given.words) streams = { words: given.words, docs: source.map((i) => given.streams[i]) };
  } else {
    const v = buildVectors(abstracts);
    rows = v.lsa;
    streams = { words: v.words, docs: v.streams };
  }
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
  const labels = labelThemes(abstracts, clusters, streams);
  const themes = clusters.map((members, c) => ({ label: labels[c], paperIds: members.map((i) => ids[i]) }));
  themes.sort(
    (a, b) =>
      b.paperIds.length - a.paperIds.length ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
      (a.paperIds[0] < b.paperIds[0] ? -1 : 1),
  );
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
