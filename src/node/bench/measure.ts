/**
 * The measurements behind `papers bench` and `npm run bench`: a cold load, the tokenize floor,
 * the analysis (titles, keywords, themes) and the search index, then search latency over a query list.
 * Timings use the real code paths (loadCorpus, analyzeCorpus, PaperSearch.search); nothing is cached.
 */
import { analyzeCorpus, Analysis } from '../../core/analysis';
import { Corpus, loadCorpus } from '../../core/collections';
import { FileSource } from '../../core/common';
import { tokenizeFloor } from '../../core/analysis';
import { nodeFileSource } from '../files/nodeFileSource';

/** What `papers bench --json` prints: the shape is a contract, keep it stable. */
export interface BenchJson {
  papers: number;
  load_ms: number;
  tokenize_floor_ms: number;
  index_ms: number;
  themes_ms: number;
  total_ms: number;
  search: { queries: number; p50_ms: number; p95_ms: number; max_ms: number };
  peak_rss_mb: number;
}

export interface CorpusMeasurement {
  json: BenchJson;
  corpus: Corpus;
  analysis: Analysis;
  /** Milliseconds per query, in the order of the queries. */
  latencies: number[];
}

/** The value at quantile q (0..1) of ascending numbers, nearest rank; 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const ms = (x: number) => Math.round(x * 10) / 10;
const fine = (x: number) => Math.round(x * 100) / 100;

/** Peak resident memory of this process so far, in MB. */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** Search latency summary of per-query times. */
export function latencySummary(latencies: readonly number[]): BenchJson['search'] {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    queries: latencies.length,
    p50_ms: fine(quantile(sorted, 0.5)),
    p95_ms: fine(quantile(sorted, 0.95)),
    max_ms: fine(sorted[sorted.length - 1] ?? 0),
  };
}

/** Runs every query once, in order (as typed: the prefixes of a word come one after another), timing each. */
export function timeQueries(analysis: Analysis, queries: readonly string[], limit = 50): number[] {
  return queries.map((q) => {
    const t0 = performance.now();
    analysis.search.search(q, { limit });
    return performance.now() - t0;
  });
}

/**
 * Measures a corpus cold: load (read + parse), the tokenize floor over the abstracts, the analysis
 * (index_ms = the search index; themes_ms = the rest: titles, keywords, vectors and theme grouping)
 * and the queries. total_ms = load + index + themes.
 */
export async function measureCorpus(
  files: string[],
  queries: readonly string[],
  source: FileSource = nodeFileSource,
): Promise<CorpusMeasurement> {
  const t0 = performance.now();
  const corpus = await loadCorpus(files, source);
  const loadMs = performance.now() - t0;

  const t1 = performance.now();
  tokenizeFloor(corpus.papers.map((p) => p.abstract));
  const floorMs = performance.now() - t1;

  const t2 = performance.now();
  const analysis = analyzeCorpus(corpus);
  const analyzeMs = performance.now() - t2;
  const indexMs = analysis.timings.index ?? 0;

  const latencies = timeQueries(analysis, queries);
  const json: BenchJson = {
    papers: corpus.papers.length,
    load_ms: ms(loadMs),
    tokenize_floor_ms: ms(floorMs),
    index_ms: ms(indexMs),
    themes_ms: ms(analyzeMs - indexMs),
    total_ms: ms(loadMs + analyzeMs),
    search: latencySummary(latencies),
    peak_rss_mb: peakRssMb(),
  };
  return { json, corpus, analysis, latencies };
}

/** The readable form of a measurement. */
export function benchSummary(j: BenchJson): string {
  const times = (x: number, floor: number) => (floor > 0 ? ` (${(x / floor).toFixed(1)}× the floor)` : '');
  return [
    `${j.papers} papers`,
    `  load            ${j.load_ms} ms`,
    `  tokenize floor  ${j.tokenize_floor_ms} ms`,
    `  search index    ${j.index_ms} ms`,
    `  themes          ${j.themes_ms} ms  (titles, keywords, vectors, grouping)`,
    `  total           ${j.total_ms} ms${times(j.total_ms, j.tokenize_floor_ms)}`,
    `  search          ${j.search.queries} queries: p50 ${j.search.p50_ms} ms, p95 ${j.search.p95_ms} ms, max ${j.search.max_ms} ms`,
    `  peak memory     ${j.peak_rss_mb} MB`,
    '',
  ].join('\n');
}
