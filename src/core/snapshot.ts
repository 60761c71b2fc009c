/**
 * An analysis as plain data: what a worker thread sends back and what the cache stores. Restoring
 * one is much cheaper than analyzing again (no tokenizing, clustering or indexing).
 */
import { Analysis, assignThemes, toSearchDoc } from './analyze';
import { Collection } from './corpus';
import { RelatedIndex } from './related';
import { PaperSearch } from './search';
import { SerializedIndex } from './termIndex';
import { ThemeCorrections } from './themeCorrections';
import { LoadProblem, Paper, Theme } from './types';

export interface AnalysisSnapshot {
  papers: Paper[];
  computedThemes: Theme[];
  collections: Collection[];
  problems: LoadProblem[];
  timings: Record<string, number>;
  /** Row-major unit vectors for related papers, `papers.length × relatedDims`. */
  relatedRows: Float32Array;
  relatedDims: number;
  /** The search index as typed arrays (see PaperSearch.serialize); anything else is rebuilt on restore. */
  searchIndex: SerializedIndex;
}

export function toSnapshot(a: Analysis): AnalysisSnapshot {
  return {
    papers: a.papers,
    computedThemes: a.computedThemes,
    collections: a.collections,
    problems: a.problems,
    timings: a.timings,
    relatedRows: a.related.rows,
    relatedDims: a.related.dims,
    searchIndex: a.search.serialize(),
  };
}

/** Rebuilds a live analysis, applying the user's current theme corrections. */
export function fromSnapshot(s: AnalysisSnapshot, corrections?: ThemeCorrections): Analysis {
  const papers = s.papers;
  const byId = new Map(papers.map((p) => [p.id, p]));
  const themes = assignThemes(papers, byId, s.computedThemes, corrections);
  const themeById = new Map(themes.map((t) => [t.id, t]));
  const t0 = performance.now();
  const search = PaperSearch.restore(s.searchIndex, papers.map((p) => toSearchDoc(p, themeById)));
  return {
    papers,
    byId,
    themes,
    computedThemes: s.computedThemes,
    collections: s.collections,
    problems: s.problems,
    related: new RelatedIndex(papers.map((p) => p.id), s.relatedRows, s.relatedDims),
    search,
    timings: { ...s.timings, restore: performance.now() - t0 },
  };
}

type Typed = Float32Array | Uint32Array | Uint8Array;
const TYPED = { Float32Array, Uint32Array, Uint8Array } as const;
/** Where a typed array lives in the binary part. */
interface BinaryRef {
  $binary: keyof typeof TYPED;
  offset: number;
  length: number;
}

/**
 * The snapshot's JSON part and its binary part, for storing in two files: every typed array (related
 * rows, the search index's postings) goes to the binary part, 4-byte aligned, and the JSON refers to it.
 */
export function encodeSnapshot(s: AnalysisSnapshot): { json: string; binary: Uint8Array } {
  const parts: { array: Typed; offset: number }[] = [];
  let size = 0;
  const ref = (array: Typed): BinaryRef => {
    parts.push({ array, offset: size });
    const r: BinaryRef = { $binary: array.constructor.name as keyof typeof TYPED, offset: size, length: array.length };
    size += Math.ceil(array.byteLength / 4) * 4;
    return r;
  };
  const { relatedRows, searchIndex, ...rest } = s;
  const encoded = {
    ...rest,
    relatedRows: ref(relatedRows),
    searchIndex: {
      ...searchIndex,
      alive: ref(searchIndex.alive),
      titleOrder: searchIndex.titleOrder && ref(searchIndex.titleOrder),
      segments: searchIndex.segments.map((g) => ({ terms: g.terms, offsets: ref(g.offsets), docs: ref(g.docs), weights: ref(g.weights), fieldMasks: ref(g.fieldMasks) })),
    },
  };
  const binary = new Uint8Array(size);
  for (const { array, offset } of parts) binary.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
  return { json: JSON.stringify(encoded), binary };
}

export function decodeSnapshot(json: string, binary: Uint8Array): AnalysisSnapshot {
  const copy = binary.slice();
  const isRef = (v: unknown): v is BinaryRef => !!v && typeof v === 'object' && typeof (v as BinaryRef).$binary === 'string' && (v as BinaryRef).$binary in TYPED;
  const view = <T>(v: unknown): T => (isRef(v) ? (new TYPED[v.$binary](copy.buffer, copy.byteOffset + v.offset, v.length) as T) : (v as T));
  // plain JSON.parse, then the few known places: a reviver would be called for every value of every paper
  const parsed = JSON.parse(json) as AnalysisSnapshot;
  parsed.relatedRows = view(parsed.relatedRows);
  const index = parsed.searchIndex as unknown as Record<string, unknown> | undefined;
  if (index && typeof index === 'object' && Array.isArray(index.segments)) {
    index.alive = view(index.alive);
    index.titleOrder = view(index.titleOrder);
    for (const g of index.segments as Record<string, unknown>[]) for (const k of ['offsets', 'docs', 'weights', 'fieldMasks']) g[k] = view(g[k]);
  }
  // a snapshot from before the binary refs: the binary part was the related rows alone
  if (!(parsed.relatedRows instanceof Float32Array)) parsed.relatedRows = new Float32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
  return parsed;
}
