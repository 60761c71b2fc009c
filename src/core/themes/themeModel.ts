/**
 * What a full grouping leaves behind so that later papers can join its themes without regrouping (placement.ts):
 * the LSA space the papers were grouped in, each theme's centroid in it and how closely its own papers fit it.
 * Plain data, stored with the analysis (snapshot) and read back when a new dump arrives.
 */
import { Theme } from '../papers';
import { DocVectors, EmbeddingSpace, embeddingSpace, heldOutCoverage, strideSample } from '../vectors';
import { clusterDimsFor } from './themes';
import { FIT_QUANTILE, quantile } from './fitFloor';
import { arxivFieldModel, guessField } from '../fields';

/** A theme as placement sees it. */
export interface ModelTheme {
  id: string;
  label: string;
  /** The broad theme's id, for a subtheme. */
  parent?: string;
  /** Unit-length mean of its papers' clustering rows (for a broad theme: every paper under it). */
  centroid: Float32Array;
  /** The cosine to the centroid that nine in ten of its own papers reach (FIT_QUANTILE): a paper below fits poorly. */
  floor: number;
  /** Formed from newcomers after the grouping: papers the space barely knows may join it (see placement.ts). */
  late?: boolean;
  /** For a broad theme that is an arXiv field, its code (Theme.field): newcomers of that field join it. */
  field?: string;
  /**
   * For a theme at the top that is not a field: the arXiv archives of its papers (those a fifth of its papers the
   * field model places are in), so that a newcomer of another archive does not join it (placement.ts).
   */
  archives?: string[];
}

export interface ThemeModel {
  space: EmbeddingSpace;
  /** The leading LSA coordinates that were clustered (themes.ts clusterDimsFor). */
  clusterDims: number;
  themes: ModelTheme[];
  /** The coverage (embedding.ts) nine in ten of the library's papers reach as newcomers: below, a paper is foreign. */
  coverageFloor: number;
  /** Papers at the last full grouping. */
  groupedPapers: number;
  /** Papers placed since, and how many of them fit no theme well (for the regroup advice). */
  placedSince: number;
  poorSince: number;
}

/** Papers read to estimate the coverage floor: a quantile is known well enough from a few hundred. */
const COVERAGE_SAMPLE = 400;

/**
 * The model of a grouping: `themes` as computed (both levels), `vectors` of the papers the grouping read, row i
 * of `vectors.lsa` being the paper `ids[i]`, whose text is `texts[i]`.
 */
export function buildThemeModel(
  vectors: DocVectors,
  ids: readonly string[],
  texts: readonly string[],
  themes: readonly Theme[],
): ThemeModel {
  const n = ids.length;
  const clusterDims = clusterDimsFor(n, vectors.dims);
  const rowOf = new Map(ids.map((id, i) => [id, i]));
  const rows = (paperIds: readonly string[]) => paperIds.map((id) => rowOf.get(id)).filter((i) => i !== undefined);
  const under = new Map<string, number[]>();
  for (const t of themes) {
    const members = rows(t.paperIds);
    under.set(t.id, [...(under.get(t.id) ?? []), ...members]);
    if (t.parent !== undefined) under.set(t.parent, [...(under.get(t.parent) ?? []), ...members]);
  }
  const model: ModelTheme[] = themes.map((t) => {
    const members = under.get(t.id) ?? [];
    const centroid = centroidOf(
      members.map((i) => clusterRow(vectors.lsa[i], clusterDims)),
      clusterDims,
    );
    const fits = members.map((i) => dotRow(clusterRow(vectors.lsa[i], clusterDims), centroid));
    const theme: ModelTheme = { id: t.id, label: t.label, centroid, floor: quantile(fits, FIT_QUANTILE) };
    if (t.parent !== undefined) theme.parent = t.parent;
    if (t.field !== undefined) theme.field = t.field;
    else if (t.parent === undefined) theme.archives = archivesOf(members.map((i) => texts[i]));
    return theme;
  });
  const space = embeddingSpace(vectors);
  const coverage = strideSample(n, COVERAGE_SAMPLE).map((i) =>
    heldOutCoverage(space, vectors.df, vectors.options.minDf, texts[i]),
  );
  return {
    space,
    clusterDims,
    themes: model,
    coverageFloor: quantile(coverage, FIT_QUANTILE),
    groupedPapers: n,
    placedSince: 0,
    poorSince: 0,
  };
}

/** Papers of a theme the field model reads to know its archives. */
const ARCHIVE_SAMPLE = 200;
/** An archive is a theme's when at least this share of the papers read are of it. */
const ARCHIVE_SHARE = 0.2;

/** The archives that at least ARCHIVE_SHARE of the texts (a sample of them) are of, sorted. */
export function archivesOf(texts: readonly string[]): string[] {
  const fields = arxivFieldModel();
  const read = strideSample(texts.length, ARCHIVE_SAMPLE).map((i) => guessField(fields, texts[i]));
  const count = new Map<string, number>();
  for (const g of read) {
    if (!g.known) continue;
    const archive = fields.fields[g.field].archive;
    count.set(archive, (count.get(archive) ?? 0) + 1);
  }
  return [...count]
    .filter(([, n]) => n >= ARCHIVE_SHARE * read.length)
    .map(([a]) => a)
    .sort();
}

/** The leading `dims` coordinates of an LSA row, unit length (what the themes were clustered on). */
export function clusterRow(lsa: Float32Array, dims: number): Float32Array {
  const out = lsa.slice(0, dims);
  let s = 0;
  for (let j = 0; j < dims; j++) s += out[j] * out[j];
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  for (let j = 0; j < dims; j++) out[j] *= inv;
  return out;
}

/** The unit-length mean of rows (all zero for none). */
export function centroidOf(rows: readonly Float32Array[], dims: number): Float32Array {
  const c = new Float32Array(dims);
  for (const r of rows) for (let j = 0; j < dims; j++) c[j] += r[j];
  let s = 0;
  for (let j = 0; j < dims; j++) s += c[j] * c[j];
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  for (let j = 0; j < dims; j++) c[j] *= inv;
  return c;
}

export function dotRow(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let j = 0; j < a.length; j++) s += a[j] * b[j];
  return s;
}
