/**
 * An analysis as plain data: what a worker thread sends back and what the cache stores. Restoring
 * one is much cheaper than analyzing again (no tokenizing, clustering or indexing).
 */
import { Analysis, assignThemes, toSearchDoc } from './analyze';
import { Collection } from './corpus';
import { RelatedIndex } from './related';
import { PaperSearch } from './search';
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
  /** The MiniSearch index as JSON text (see PaperSearch.serialize). */
  searchIndex: string;
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

/** The snapshot's JSON part and its binary part, for storing in two files. */
export function encodeSnapshot(s: AnalysisSnapshot): { json: string; binary: Uint8Array } {
  const { relatedRows, ...rest } = s;
  return { json: JSON.stringify(rest), binary: new Uint8Array(relatedRows.buffer, relatedRows.byteOffset, relatedRows.byteLength) };
}

export function decodeSnapshot(json: string, binary: Uint8Array): AnalysisSnapshot {
  const rest = JSON.parse(json) as Omit<AnalysisSnapshot, 'relatedRows'>;
  const copy = binary.slice();
  return { ...rest, relatedRows: new Float32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4) };
}
