/**
 * One real corpus measured as `papers analyze` runs it, in a process of its own (so its peak RSS is this corpus's):
 * loadCorpus, then analyzeInParallel with the titles and keywords on dist/textFeaturesWorker.js; the time of each
 * step, the process's CPU time (both threads) and peak RSS, then the benchmark's queries. Prints one JSON line.
 */
import { analyzeInParallel } from '../../../src/node/analysis/parallel';
import { loadCorpus } from '../../../src/core/collections/corpus';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { latencySummary, peakRssMb } from '../../../src/node/bench/measure';
import { queriesFor, queryRounds } from '../common/queryRounds';

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const cpuMs = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1000;

export async function runRealCorpus(
  files: string[],
  workerPath: string,
  queryTemplates: readonly string[],
  rounds: number,
) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const corpus = await loadCorpus(files, nodeFileSource);
  const parseMs = performance.now() - t0;
  const a = await analyzeInParallel(corpus, workerPath);
  const wallMs = performance.now() - t0;
  const analysisCpuMs = cpuMs(process.cpuUsage(cpu0));
  const analysisRssMb = peakRssMb();
  const { queries } = queriesFor(a, queryTemplates);
  const { latencies, cpuLatencies } = queryRounds(a, queries, rounds);
  const steps = Object.fromEntries(Object.entries(a.timings).map(([k, v]) => [k, Math.round(v)]));
  const result = {
    papers: a.papers.length,
    themes: a.themes.length,
    wall_ms: Math.round(wallMs),
    cpu_ms: Math.round(analysisCpuMs),
    peak_rss_mb: analysisRssMb,
    steps: { parse: Math.round(parseMs), wait: 0, ...steps } as Record<string, number>,
    search: latencySummary(latencies),
    search_cpu: latencySummary(cpuLatencies),
    slowest_queries: queries
      .map((q, i) => ({ query: q, ms: round(latencies[i], 2) }))
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 5),
  };
  return result;
}

/** What a real corpus's process prints, as JSON. */
export type RealCorpusResult = Awaited<ReturnType<typeof runRealCorpus>>;
