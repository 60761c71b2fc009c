/**
 * An analysis as plain data: what a worker thread sends back and what the cache stores. Restoring
 * one is much cheaper than analyzing again (no tokenizing, clustering or indexing).
 */
import { Analysis, assignThemes, toSearchDoc } from '../analysis';
import { Collection } from '../collections';
import { RelatedIndex } from '../vectors';
import { PaperSearch } from '../search';
import { SnapshotError, SnapshotReader, SnapshotSource, SnapshotWriter } from './format';
import { abstractRange, decodePapersInSteps, encodePapers, PaperColumns } from './papers';
import { LoadProblem, runSteps, Steps } from '../common';
import { SerializedIndex } from '../search';
import { ThemeCorrections, ThemeModel } from '../themes';
import { decodeThemeModel, encodeThemeModel, ModelBody } from './themeModel';
import { Paper, Theme } from '../papers';

export interface AnalysisSnapshot {
  papers: Paper[];
  computedThemes: Theme[];
  collections: Collection[];
  problems: LoadProblem[];
  timings: Record<string, number>;
  /** Row-major unit vectors for related papers, `papers.length × relatedDims`. */
  relatedRows: Float32Array;
  relatedDims: number;
  /**
   * The search index as typed arrays (see PaperSearch.serialize); anything else is rebuilt on restore. Absent in
   * `papers analyze --state`'s state, which never searches: the index is then built on first use.
   */
  searchIndex?: SerializedIndex;
  /** What places new papers in the themes without regrouping (absent for an analysis made without one). */
  model?: ThemeModel;
}

/** The analysis as a snapshot; with `search: false`, without its search index (see AnalysisSnapshot.searchIndex). */
export function toSnapshot(a: Analysis, options: { search?: boolean } = {}): AnalysisSnapshot {
  return {
    papers: a.papers,
    computedThemes: a.computedThemes,
    collections: a.collections,
    problems: a.problems,
    timings: a.timings,
    relatedRows: a.related.rows,
    relatedDims: a.related.dims,
    ...(options.search === false ? {} : { searchIndex: a.search.serialize() }),
    ...(a.model ? { model: a.model } : {}),
  };
}

/** Rebuilds a live analysis, applying the user's current theme corrections. */
export function fromSnapshot(s: AnalysisSnapshot, corrections?: ThemeCorrections): Analysis {
  return runSteps(fromSnapshotInSteps(s, corrections));
}

/** fromSnapshot in two steps (steps.ts). */
export function* fromSnapshotInSteps(s: AnalysisSnapshot, corrections?: ThemeCorrections): Steps<Analysis> {
  const t0 = performance.now();
  const papers = s.papers;
  const byId = new Map(papers.map((p) => [p.id, p]));
  yield;
  const themes = assignThemes(papers, byId, s.computedThemes, corrections);
  const themeById = new Map(themes.map((t) => [t.id, t]));
  const search = PaperSearch.restore(s.searchIndex, () => papers.map((p) => toSearchDoc(p, themeById)));
  return {
    papers,
    byId,
    themes,
    computedThemes: s.computedThemes,
    collections: s.collections,
    problems: s.problems,
    // the rows when first used: a restored snapshot may still have them in its file
    related: new RelatedIndex(
      papers.map((p) => p.id),
      () => s.relatedRows,
      s.relatedDims,
    ),
    search,
    timings: { ...s.timings, restore: performance.now() - t0 },
    ...(s.model ? { model: s.model } : {}),
  };
}

/** A list of paper ids: paper numbers when every id is a paper's (the usual case), else the ids themselves. */
type IdList = { numbers: number } | { ids: string[] };

/**
 * The snapshot as one buffer (layout in format.ts): papers as columns (papers.ts), themes,
 * collections and problems as JSON with their paper ids as numbers, the related rows and the search index's
 * arrays as typed sections. `label` is stored as it is (snapshotLabel reads it back without decoding).
 */
export function encodeSnapshot(s: AnalysisSnapshot, label?: string): Uint8Array {
  const w = new SnapshotWriter();
  const number = new Map(s.papers.map((p, i) => [p.id, i]));
  const idList = (ids: readonly string[]): IdList => {
    const numbers = new Uint32Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const n = number.get(ids[i]);
      if (n === undefined) return { ids: [...ids] };
      numbers[i] = n;
    }
    return { numbers: w.array(numbers) };
  };
  const { searchIndex: index } = s;
  const body: Body = {
    label,
    papers: encodePapers(w, s.papers),
    computedThemes: s.computedThemes.map((t) => ({ ...t, paperIds: idList(t.paperIds) })),
    collections: s.collections.map((c) => ({ ...c, paperIds: idList(c.paperIds) })),
    problems: s.problems,
    timings: s.timings,
    related: { rows: w.array(s.relatedRows), dims: s.relatedDims },
    ...(index
      ? {
          searchIndex: {
            format: index.format,
            ids: idList(index.ids),
            alive: w.array(index.alive),
            avgChars: index.avgChars,
            titleOrder: index.titleOrder && w.array(index.titleOrder),
            segments: index.segments.map((g) => ({
              terms: w.string(g.terms),
              offsets: w.array(g.offsets),
              docs: w.array(g.docs),
              weights: w.array(g.weights),
              fieldMasks: w.array(g.fieldMasks),
            })),
          },
        }
      : {}),
    ...(s.model ? { model: encodeThemeModel(w, s.model) } : {}),
  };
  return w.finish(body);
}

/** The JSON part of an encoded snapshot: numbers are sections or strings of the snapshot. */
interface Body {
  label?: string;
  papers: PaperColumns;
  computedThemes: (Omit<Theme, 'paperIds'> & { paperIds: IdList })[];
  collections: (Omit<Collection, 'paperIds'> & { paperIds: IdList })[];
  problems: LoadProblem[];
  timings: Record<string, number>;
  related: { rows: number; dims: number };
  searchIndex?: Omit<SerializedIndex, 'ids' | 'alive' | 'titleOrder' | 'segments'> & {
    ids: IdList;
    alive: number;
    titleOrder?: number;
    segments: { terms: number; offsets: number; docs: number; weights: number; fieldMasks: number }[];
  };
  model?: ModelBody;
}

/** The label a snapshot was encoded with; throws SnapshotError when the bytes are not a snapshot of this format. */
export function snapshotLabel(bytes: Uint8Array | SnapshotSource): string | undefined {
  return (new SnapshotReader(bytes).body as Body).label;
}

/** What the tree can show before the papers are decoded: the themes as grouped, with their sizes. */
export interface SnapshotOutline {
  papers: number;
  /** `parent`: the broad theme of a subtheme; `size`: the theme's own papers (a broad theme's subthemes hold its papers). */
  themes: { id: string; label: string; size: number; user?: boolean; parent?: string }[];
}

/**
 * A snapshot opened (its header read and checked): the outline at once, the analysis when decoded. The
 * outline is small and quick to read, the decode of a large collection is not: the tree shows the themes
 * first (model.ts).
 */
export function openSnapshot(bytes: Uint8Array | SnapshotSource): {
  outline(): SnapshotOutline;
  decode(options?: { deferred?: boolean }): AnalysisSnapshot;
  /** The decode in short steps (papers.ts PAPERS_PER_STEP papers each; steps.ts). */
  decodeInSteps(options?: { deferred?: boolean }): Steps<AnalysisSnapshot>;
} {
  const r = new SnapshotReader(bytes);
  const body = r.body as Body;
  if (
    !body ||
    typeof body !== 'object' ||
    !body.papers ||
    (body.searchIndex !== undefined && (!body.searchIndex || typeof body.searchIndex !== 'object')) ||
    !body.related ||
    !Array.isArray(body.computedThemes)
  )
    throw new SnapshotError('snapshot body damaged');
  const size = (list: IdList): number =>
    'ids' in list && Array.isArray(list.ids) ? list.ids.length : r.length((list as { numbers: number }).numbers, 'u32');
  return {
    outline: () => ({
      papers: Number(body.papers.count),
      themes: body.computedThemes.map((t) => {
        if (typeof t?.id !== 'string' || typeof t.label !== 'string' || !t.paperIds)
          throw new SnapshotError('snapshot themes damaged');
        return {
          id: t.id,
          label: t.label,
          size: size(t.paperIds),
          ...(t.user ? { user: true } : {}),
          ...(typeof t.parent === 'string' ? { parent: t.parent } : {}),
        };
      }),
    }),
    decode: (options = {}) => runSteps(decodeBody(r, body, options)),
    decodeInSteps: (options = {}) => decodeBody(r, body, options),
  };
}

/**
 * The snapshot in `bytes` (a buffer or a file read piece by piece). Throws SnapshotError when they are not a
 * whole snapshot of this format (an older format, a truncated or damaged file): the caller analyzes again.
 * With `deferred`, what the tree does not need stays in the source until first used: the papers' abstracts,
 * the search postings and the related rows (most of the bytes). The source must then stay open while the
 * snapshot lives (see snapshotFile.ts openSnapshotFile), and a damaged part can throw SnapshotError when it
 * is read.
 */
export function decodeSnapshot(
  bytes: Uint8Array | SnapshotSource,
  options: { deferred?: boolean } = {},
): AnalysisSnapshot {
  return openSnapshot(bytes).decode(options);
}

function* decodeBody(r: SnapshotReader, body: Body, options: { deferred?: boolean }): Steps<AnalysisSnapshot> {
  const deferred = options.deferred ? abstractRange(r, body.papers) : undefined;
  const { strings, text } = deferred
    ? yield* r.stringsExceptInSteps(deferred.from, deferred.to)
    : { strings: r.strings(), text: undefined };
  yield;
  const papers = yield* decodePapersInSteps(r, strings, body.papers, text);
  yield;
  const ids = (list: IdList): string[] => {
    if ('ids' in list && Array.isArray(list.ids)) return list.ids;
    const numbers = r.array<Uint32Array>((list as { numbers: number }).numbers, 'u32');
    const out = new Array<string>(numbers.length);
    for (let i = 0; i < numbers.length; i++) {
      const p = papers[numbers[i]];
      if (!p) throw new SnapshotError('snapshot paper list damaged');
      out[i] = p.id;
    }
    return out;
  };
  const index = body.searchIndex;
  const term = (n: number): string => {
    if (typeof strings[n] !== 'string') throw new SnapshotError('snapshot search index damaged');
    return strings[n];
  };
  // a large array: read now, or when first used (a getter on the object that holds it)
  const large = <T extends Float32Array | Uint32Array | Uint8Array>(
    holder: object,
    key: string,
    n: number,
    type: 'f32' | 'u32' | 'u8',
  ) => {
    if (!options.deferred) return Object.assign(holder, { [key]: r.array<T>(n, type) });
    const read = r.deferred<T>(n, type);
    return Object.defineProperty(holder, key, { get: read, enumerable: true, configurable: true });
  };
  const snapshot = {
    papers,
    computedThemes: body.computedThemes.map((t) => ({ ...t, paperIds: ids(t.paperIds) })),
    collections: body.collections.map((c) => ({ ...c, paperIds: ids(c.paperIds) })),
    problems: body.problems,
    timings: body.timings,
    relatedDims: body.related.dims,
    ...(index
      ? {
          searchIndex: {
            format: index.format,
            ids: ids(index.ids),
            alive: r.array<Uint8Array>(index.alive, 'u8'),
            avgChars: index.avgChars,
            ...(index.titleOrder !== undefined ? { titleOrder: r.array<Uint32Array>(index.titleOrder, 'u32') } : {}),
            segments: index.segments.map((g) => {
              const segment = { terms: term(g.terms), offsets: r.array<Uint32Array>(g.offsets, 'u32') };
              large(segment, 'docs', g.docs, 'u32');
              large(segment, 'weights', g.weights, 'f32');
              large(segment, 'fieldMasks', g.fieldMasks, 'u8');
              return segment as SerializedIndex['segments'][number];
            }),
          },
        }
      : {}),
    ...(body.model ? { model: decodeThemeModel(r, strings, body.model, options.deferred === true) } : {}),
  };
  return large(snapshot, 'relatedRows', body.related.rows, 'f32') as AnalysisSnapshot;
}
