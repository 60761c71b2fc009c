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
 * 4. Labels come from labels.ts (distinctive phrases as written in the abstracts), read from the
 *    word streams of the vectors, so the abstracts are not tokenized a second time.
 *
 * Same input → same themes, labels and order, whatever the order of the input (papers are sorted by
 * id first; the vectors do not depend on input order). Large corpora: the consensus runs on a
 * deterministic sample and every paper then joins the nearest theme centroid (plus a few
 * spherical k-means refinement passes over all papers).
 */

import { labelThemes } from './labels';
import { labelKey } from './labelLift';
import { arxivFieldModel, guessField } from '../fields';
import { FieldGroup, fieldGroups, fieldThemeMin, groupsByField, likeliestGroup, massIn } from './fieldGroups';
import { paperText, Theme } from '../papers';
import { clusterRows, MIN_THEME_SIZE, SAMPLE_SIZE } from './consensus';
import { WordStreams } from './phraseDocs';
import {
  keptBroadThemes,
  keptLabels,
  PreviousGrouping,
  readPrevious,
  warmClusters,
  warmCount,
  WarmStart,
  warmStart,
} from './previousGrouping';
import { buildVectors, DocVectors } from '../vectors';

export { clusterRows, cutAverageLinkage, MIN_THEME_SIZE, SAMPLE_SIZE } from './consensus';

export interface ThemeOptions {
  /** How many themes to aim for. Default: themeCount(n). */
  targetCount?: number;
  /** Seed of the k-means runs. Default 1. */
  seed?: number;
  /** Precomputed vectors of the papers, row i = papers[i] (as passed in), e.g. from buildVectors. */
  vectors?: DocVectors;
  /** The papers' texts as paperText gives them, row i = papers[i]: read once by the caller, not again here. */
  texts?: readonly string[];
  /**
   * A regroup: the grouping it replaces (its computed themes). Its papers keep their broad theme, and the topics
   * inside each start from its subthemes (previousGrouping.ts).
   */
  previous?: readonly Theme[];
  /**
   * A grouping made afresh (nothing starts from these themes) in which each topic found again keeps its label here
   * (keptLabels): what growth makes of a small library that a large batch joined (analysis/grow.ts).
   */
  labelsFrom?: readonly Theme[];
}

export interface ThemePaper {
  id: string;
  abstract: string;
  /** Read in place of the abstract when a paper has none. */
  sourceTitle?: string;
}

/** LSA coordinates used for clustering (the leading ones carry the broad topics). */
export const CLUSTER_DIMS = 80;

/** The LSA coordinates clustered for n papers: few papers support few latent topics (one dimension per 4 papers). */
export function clusterDimsFor(n: number, lsaDims: number): number {
  return Math.min(CLUSTER_DIMS, lsaDims, Math.max(2, Math.ceil(n / 4)));
}

/** The default number of themes for n papers: about sqrt(n / 2), between 1 and 30. */
export function themeCount(n: number): number {
  if (n < 2 * MIN_THEME_SIZE) return Math.min(n, 1);
  return Math.max(1, Math.min(30, Math.round(Math.sqrt(n / 2))));
}

/** From this many papers on, themes have two levels: broad themes, and subthemes inside each. */
export const TWO_LEVEL_MIN = 3000;

/** Papers per subtheme aimed at inside a broad theme. */
export const SUBTHEME_SIZE = 120;

/**
 * The consensus sample inside a broad theme: at most 20 subthemes of about SUBTHEME_SIZE papers need fewer rows
 * to vote on than the whole library's themes, and a library has up to 25 broad themes to divide.
 */
const SUBTHEME_SAMPLE = 600;

/**
 * Papers of a theme read for its label, evenly spaced from the most typical: a phrase's share of a theme is
 * known well enough from a few hundred of its papers (a subtheme's from a hundred or less: it is told apart from
 * siblings of its own kind), and reading all of a 100k library's costs tens of seconds.
 */
const LABEL_SAMPLE = 250;
const SUBTHEME_LABEL_SAMPLE = 80;

/** How one level is clustered and labelled: its consensus sample, its label sample, the label it divides. */
interface Level {
  consensusSample: number;
  labelSample: number;
  /** The broad theme's label, which no subtheme label repeats; absent at the top. */
  parentLabel?: string;
}

const TOP_LEVEL: Level = { consensusSample: SAMPLE_SIZE, labelSample: LABEL_SAMPLE };

const subthemeLevel = (parentLabel: string): Level => ({
  consensusSample: SUBTHEME_SAMPLE,
  labelSample: SUBTHEME_LABEL_SAMPLE,
  parentLabel,
});

/** The number of broad themes of a two-level grouping of n papers: about sqrt(n) / 10, between 8 and 25. */
export function broadThemeCount(n: number): number {
  return Math.max(8, Math.min(25, Math.round(Math.sqrt(n) / 10)));
}

/** The number of subthemes of a broad theme of m papers: about m / SUBTHEME_SIZE, between 2 and 20 (1: none). */
export function subthemeCount(m: number): number {
  if (m < 2 * SUBTHEME_SIZE) return 1;
  return Math.min(20, Math.round(m / SUBTHEME_SIZE));
}

/**
 * Groups papers into themes: every paper in exactly one theme. Below TWO_LEVEL_MIN papers (or with a
 * targetCount) one level, themes ordered by size then label. From TWO_LEVEL_MIN on, broad themes whose
 * subthemes (`parent` = the broad theme's id) hold the papers; each broad theme is followed by its subthemes.
 */
export function groupByTheme(papers: readonly ThemePaper[], opts: ThemeOptions = {}): Theme[] {
  const space = themeSpace(papers, opts.vectors, opts.texts);
  if (space.n === 0) return [];
  const seed = opts.seed ?? 1;
  const everyone = Array.from({ length: space.n }, (_, i) => i);
  const used = new Set<string>();
  const previous = opts.previous && readPrevious(opts.previous, space.ids);
  // the grouping whose topics found again keep their labels: the one a regroup starts from, or `labelsFrom`
  const labelled = previous ?? (opts.labelsFrom && readPrevious(opts.labelsFrom, space.ids));
  if (opts.targetCount !== undefined || space.n < TWO_LEVEL_MIN) {
    const warm = previous && warmStart(previous, everyone, previous.twoLevel ? 'broad' : 'leaf');
    const k = Math.max(1, Math.min(opts.targetCount ?? warmCount(themeCount(space.n), warm), space.n));
    const themes = clusterAndLabel(space, everyone, k, seed, TOP_LEVEL, warm);
    const named = labelled && !labelled.twoLevel ? withKeptLabels(themes, labelled) : themes;
    return sortedBySize(named).map((t) => toTheme(space, t, used));
  }
  const out: Theme[] = [];
  for (const broad of broadThemes(space, seed, previous)) {
    const warm = previous && warmStart(previous, broad.members, 'leaf');
    const k = warmCount(subthemeCount(broad.members.length), warm);
    const level = subthemeLevel(broad.label);
    const topics = k > 1 ? clusterAndLabel(space, broad.members, k, seed, level, warm) : [];
    const subs = sortedBySize(labelled ? withKeptLabels(topics, labelled) : topics);
    if (subs.length < 2) {
      out.push(toTheme(space, broad, used));
      continue;
    }
    const parent = toTheme(space, { ...broad, members: [] }, used);
    out.push(parent, ...subs.map((t) => toTheme(space, t, used, parent.id)));
  }
  return out;
}

/**
 * The broad themes of a two-level grouping: the arXiv fields of the papers (fieldGroups.ts), plus themes of papers
 * of fields the model does not know (foreignThemes). A library of no known field at all has its broad themes clustered.
 * A regroup after a two-level grouping keeps its broad themes (previousGrouping.ts).
 */
function broadThemes(space: ThemeSpace, seed: number, previous?: PreviousGrouping): LabelledGroup[] {
  const model = arxivFieldModel();
  if (previous?.twoLevel) {
    const kept = keptBroadThemes(model, space.texts, space.X, space.dims, previous);
    return sortedBySize(kept.map((g) => ({ ...g, members: orderByCentrality(space.X, space.dims, g.members) })));
  }
  const guesses = space.texts.map((t) => guessField(model, t));
  const { groups, unknown } = fieldGroups(model, guesses);
  if (groups.length === 0) {
    const everyone = Array.from({ length: space.n }, (_, i) => i);
    return sortedBySize(clusterAndLabel(space, everyone, broadThemeCount(space.n), seed, TOP_LEVEL));
  }
  const groupOfField = groupsByField(model, groups);
  // a paper the model cannot place in one archive but finds likely in the library's fields (between two of them,
  // as a mathematical physics paper between math and math-ph) is not foreign here: it joins the likelier
  const inLibrary = (i: number) => massIn(guesses[i], groupOfField) >= model.minConfidence;
  const foreign = foreignThemes(
    space,
    groups,
    unknown.filter((i) => !inLibrary(i)),
    seed,
  );
  const joined = new Map<FieldGroup, number[]>();
  for (const i of [...unknown.filter(inLibrary), ...foreign.joining]) {
    const g = likeliestGroup(model, guesses[i], groupOfField, groups);
    const list = joined.get(g);
    if (list) list.push(i);
    else joined.set(g, [i]);
  }
  const fields: LabelledGroup[] = groups.map((g) => ({
    label: g.label,
    field: g.field,
    members: orderByCentrality(space.X, space.dims, [...g.members, ...(joined.get(g) ?? [])]),
  }));
  return sortedBySize([...fields, ...foreign.themes]);
}

/** Typical papers of each field clustered beside the papers of no known field (as placement.ts does for strays). */
const FOREIGN_BACKGROUND = 15;
const FOREIGN_BACKGROUND_MAX = 300;
/** Clusters asked for beside the fields' own: one per smallest foreign theme's worth of papers, at most this many. */
const FOREIGN_MAX_CLUSTERS = 30;
/** A cluster is a theme of its own when papers of no known field are at least this share of it. */
const FOREIGN_SHARE = 0.8;

/**
 * Papers the field model does not place in any field it knows: clustered together with typical papers of each
 * field, so that those of a known field after all (a paper between two archives) cluster with it and join it,
 * while a cluster made mostly of them, big enough, is a broad theme of its own, labelled by its phrases.
 */
function foreignThemes(
  space: ThemeSpace,
  groups: readonly FieldGroup[],
  unknown: readonly number[],
  seed: number,
): { themes: LabelledGroup[]; joining: number[] } {
  const minSize = Math.max(10, Math.round(fieldThemeMin(space.n) / 2));
  if (unknown.length < minSize) return { themes: [], joining: [...unknown] };
  const each = Math.max(4, Math.min(FOREIGN_BACKGROUND, Math.floor(FOREIGN_BACKGROUND_MAX / groups.length)));
  const background = groups.flatMap((g) => orderByCentrality(space.X, space.dims, g.members).slice(0, each));
  const isUnknown = new Set(unknown);
  const k = groups.length + Math.min(FOREIGN_MAX_CLUSTERS, Math.ceil(unknown.length / minSize));
  const foreignPart = (members: readonly number[]) => members.filter((i) => isUnknown.has(i));
  const isForeign = (members: readonly number[]) => {
    const theirs = foreignPart(members).length;
    return theirs >= minSize && theirs >= FOREIGN_SHARE * members.length;
  };
  const clusters = clusterAndLabel(space, [...background, ...unknown], k, seed, TOP_LEVEL, undefined, isForeign);
  const themes: LabelledGroup[] = [];
  const placed = new Set<number>();
  for (const c of clusters) {
    if (!isForeign(c.members)) continue;
    const theirs = foreignPart(c.members);
    themes.push({ label: c.label, members: theirs });
    for (const i of theirs) placed.add(i);
  }
  return { themes, joining: unknown.filter((i) => !placed.has(i)) };
}

/**
 * Papers clustered into k labelled groups on one level (each labelled against the others, and never with a phrase
 * of `parentLabel`), in vectors of their own: the groups' members as ids, most typical first, largest group first.
 * With `wanted`, only the groups it keeps are labelled (the others' label is '').
 */
export function labelledGroups(
  papers: readonly ThemePaper[],
  k: number,
  parentLabel?: string,
  wanted?: (paperIds: readonly string[]) => boolean,
): { label: string; paperIds: string[] }[] {
  const space = themeSpace(papers, undefined, undefined);
  if (space.n === 0) return [];
  const everyone = Array.from({ length: space.n }, (_, i) => i);
  const level = parentLabel === undefined ? TOP_LEVEL : subthemeLevel(parentLabel);
  const keep = wanted && ((members: readonly number[]) => wanted(members.map((i) => space.ids[i])));
  const groups = clusterAndLabel(space, everyone, Math.max(1, Math.min(k, space.n)), 1, level, undefined, keep);
  return sortedBySize(groups).map((g) => ({ label: g.label, paperIds: g.members.map((i) => space.ids[i]) }));
}

/** The papers in canonical order (by id, one per id), their texts, unit clustering rows and word streams. */
interface ThemeSpace {
  n: number;
  ids: string[];
  texts: string[];
  X: Float32Array;
  dims: number;
  streams?: WordStreams;
}

function themeSpace(
  papers: readonly ThemePaper[],
  vectors: DocVectors | undefined,
  givenTexts?: readonly string[],
): ThemeSpace {
  const indexOf = new Map<string, number>();
  papers.forEach((p, i) => {
    if (!indexOf.has(p.id)) indexOf.set(p.id, i);
  });
  const ids = [...indexOf.keys()].sort();
  const n = ids.length;
  const source = ids.map((id) => indexOf.get(id)!);
  const texts = source.map((i) => (givenTexts?.length === papers.length ? givenTexts[i] : paperText(papers[i])));
  let rows: Float32Array[];
  let streams: WordStreams | undefined;
  const given = vectors && vectors.lsa.length === papers.length ? vectors : undefined;
  if (given) {
    rows = source.map((i) => given.lsa[i]);
    if (given.streams && given.words) streams = { words: given.words, docs: source.map((i) => given.streams[i]) };
  } else if (n > 0) {
    // only the leading dimensions are clustered: a randomized SVD of more would be thrown away
    const v = buildVectors(texts, { dims: clusterDimsFor(n, CLUSTER_DIMS) });
    rows = v.lsa;
    streams = { words: v.words, docs: v.streams };
  } else rows = [];
  const dims = clusterDimsFor(n, rows[0]?.length ?? 0);
  const X = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < dims; j++) s += rows[i][j] * rows[i][j];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let j = 0; j < dims; j++) X[i * dims + j] = rows[i][j] * inv;
  }
  return { n, ids, texts, X, dims, streams };
}

/** A regroup's topics, those found again under their previous label (previousGrouping.ts). */
function withKeptLabels(topics: LabelledGroup[], previous: PreviousGrouping): LabelledGroup[] {
  const labels = keptLabels(topics, previous, labelKey);
  return topics.map((t, i) => ({ ...t, label: labels[i] }));
}

/** A labelled group of papers (indices into the space), most typical first; `field` for a broad theme that is one. */
interface LabelledGroup {
  label: string;
  members: number[];
  field?: string;
}

/**
 * Clusters the given papers into k groups and labels each against the others of `members` (so subthemes
 * are told apart from their siblings, not from the whole library); a regroup starts from the previous topics (`warm`).
 */
function clusterAndLabel(
  space: ThemeSpace,
  members: readonly number[],
  k: number,
  seed: number,
  level: Level,
  warm?: WarmStart,
  wanted?: (members: readonly number[]) => boolean,
): LabelledGroup[] {
  const { X, dims } = space;
  const m = members.length;
  const rows = new Float32Array(m * dims);
  members.forEach((i, r) => rows.set(X.subarray(i * dims, (i + 1) * dims), r * dims));
  const assign = warm
    ? warmClusters(rows, m, dims, Math.min(k, m), warm, seed, level.consensusSample)
    : clusterRows(rows, m, dims, Math.min(k, m), seed, level.consensusSample);
  const groups = new Map<number, number[]>();
  assign.forEach((c, r) => {
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c)!.push(r);
  });
  const clusters = [...groups.values()].map((local) => orderByCentrality(rows, dims, local).map((r) => members[r]));
  const labels = wanted ? labelWanted(space, clusters, level, wanted) : labelSampled(space, clusters, level);
  return clusters.map((c, i) => ({ label: labels[i], members: c }));
}

/**
 * Labels of the clusters `wanted` keeps ('' for the others), each read against the others' papers taken as one
 * group: a caller that keeps few of many clusters (new themes among strays and typical papers of old ones) reads
 * the papers of a few clusters, not of all.
 */
function labelWanted(
  space: ThemeSpace,
  clusters: readonly number[][],
  level: Level,
  wanted: (members: readonly number[]) => boolean,
): string[] {
  const kept = clusters.map((c) => wanted(c));
  const chosen = clusters.filter((_, i) => kept[i]);
  if (chosen.length === 0) return clusters.map(() => '');
  const rest = clusters.filter((_, i) => !kept[i]).flat();
  const labels = labelSampled(space, rest.length > 0 ? [...chosen, rest] : chosen, level);
  let next = 0;
  return kept.map((k) => (k ? labels[next++] : ''));
}

/** Labels of clusters (indices into the space, most typical first), each read from a sample of its papers. */
function labelSampled(space: ThemeSpace, clusters: number[][], level: Level): string[] {
  const read = clusters.map((c) => labelSample(space, c, level.labelSample));
  const papers = read.flat();
  const local = new Map(papers.map((i, r) => [i, r]));
  const texts = papers.map((i) => space.texts[i]);
  const streams = space.streams && { words: space.streams.words, docs: papers.map((i) => space.streams!.docs[i]) };
  return labelThemes(
    texts,
    read.map((c) => c.map((i) => local.get(i)!)),
    streams,
    level.parentLabel,
  );
}

/**
 * At most `size` papers of a cluster, evenly spaced from the most typical. Papers whose word streams the
 * vectors kept (an evenly spaced sample of the library) are taken first: the others must be read again.
 */
function labelSample(space: ThemeSpace, cluster: number[], size: number): number[] {
  if (cluster.length <= size) return cluster;
  const spaced = (pool: number[], m: number) =>
    Array.from({ length: m }, (_, i) => pool[Math.floor((i * pool.length) / m)]);
  const docs = space.streams?.docs;
  const kept = docs ? cluster.filter((i) => docs[i] !== undefined) : [];
  if (kept.length >= size) return spaced(kept, size);
  const others = cluster.filter((i) => !docs || docs[i] === undefined);
  const taken = new Set([...kept, ...spaced(others, size - kept.length)]);
  return cluster.filter((i) => taken.has(i)); // most typical first, as the cluster
}

/** Largest first, then by label, then by first paper. */
function sortedBySize(groups: LabelledGroup[]): LabelledGroup[] {
  return [...groups].sort(
    (a, b) =>
      b.members.length - a.members.length ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
      (a.members[0] ?? 0) - (b.members[0] ?? 0),
  );
}

function toTheme(space: ThemeSpace, g: LabelledGroup, used: Set<string>, parent?: string): Theme {
  const theme: Theme = { id: uniqueSlug(g.label, used), label: g.label, paperIds: g.members.map((i) => space.ids[i]) };
  if (parent !== undefined) theme.parent = parent;
  if (g.field !== undefined) theme.field = g.field;
  return theme;
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
