/**
 * `npm run bench -- partial [sizes] [runs]`: what the partial search (core/search/partial.ts) costs
 * and brings, through the real worker (dist/analysisWorker.js; `npm run build` first). Per synthetic
 * corpus (synthCorpus.ts, as the main benchmark), alternating runs without and with chunks: the time to
 * the first searchable chunk, to the last one, to the full analysis, the process CPU time, the time to
 * restore each chunk on this thread (what the extension host pays), the longest stall of this thread's
 * event loop (receiving the messages included) and queries over all chunks. The machine may be shared:
 * wall times then stretch, so the chunks are also restored and queried again after the analysis, timed
 * in CPU time while no worker runs (process.cpuUsage counts every thread), and the analysis's own step
 * timings are printed (`wait`: how long the analysis thread waited for the titles and keywords).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadCorpus } from '../../../src/core/collections/corpus';
import { PartialSearch, SearchChunk } from '../../../src/core/search/partial';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { analyzeInWorker, SEARCH_CHUNKS } from '../../../src/node/analysis/run';
import { synthAbstracts, writeDailyPapers } from '../common/synthCorpus';
import { readRealAbstracts, realCorpusDir } from '../common/realCorpus';

const root = resolve(__dirname, '..', '..', '..');
const WORKER = join(root, 'dist', 'analysisWorker.js');
const QUERIES = [
  'reinforcement',
  'diffusion model',
  'transfo',
  'graph neural network',
  'halucination',
  'collection:synth',
];

interface Run {
  chunks: boolean;
  firstChunkMs?: number;
  lastChunkMs?: number;
  doneMs: number;
  cpuMs: number;
  restoreMs: number[];
  maxStallMs: number;
  timings: Record<string, number>;
  /** CPU time of each chunk's restore, after the analysis. */
  restoreCpuMs: number[];
  queryCpuMs?: number[];
}

function cpuOf(work: () => void): number {
  const c0 = process.cpuUsage();
  work();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

async function runOnce(file: string, chunks: boolean): Promise<Run> {
  const files = [{ path: file, bytes: readFileSync(file) }];
  const partial: { search?: PartialSearch } = {};
  const restoreMs: number[] = [];
  const received: { chunk: SearchChunk; total: number }[] = [];
  let firstChunkMs: number | undefined;
  let lastChunkMs: number | undefined;
  const stall = monitorEventLoopDelay({ resolution: 5 });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  stall.enable();
  const snapshot = await analyzeInWorker(WORKER, files, {
    chunks: chunks ? SEARCH_CHUNKS : undefined,
    onChunk: chunks
      ? (chunk, total) => {
          const at = performance.now() - t0;
          firstChunkMs ??= at;
          lastChunkMs = at;
          const r0 = performance.now();
          (partial.search ??= new PartialSearch(total)).add(chunk);
          restoreMs.push(performance.now() - r0);
          received.push({ chunk, total });
        }
      : undefined,
  });
  const doneMs = performance.now() - t0;
  stall.disable();
  const cpu = process.cpuUsage(cpu0);
  const run: Run = {
    chunks,
    firstChunkMs,
    lastChunkMs,
    doneMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    restoreMs,
    maxStallMs: stall.max / 1e6,
    timings: snapshot.timings,
    restoreCpuMs: [],
  };
  if (received.length) {
    const again = new PartialSearch(received[0].total);
    run.restoreCpuMs = received.map(({ chunk }) => cpuOf(() => again.add(chunk)));
    run.queryCpuMs = QUERIES.map((q) => cpuOf(() => again.search(q, { limit: 60 })));
  }
  return run;
}

const f = (ms: number | undefined) =>
  ms === undefined ? '—' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(1)} ms`;

/**
 * The corpus of one size argument: `N` synthetic abstracts, or `real-N` for the first N abstracts of the dev corpus
 * in arrival order (skipped, with the reason, when it is absent).
 */
function corpusFile(size: string, sources: string[], dir: string): { file: string; n: number } | { skipped: string } {
  const real = /^real-(\d+)$/.exec(size);
  const n = Number(real ? real[1] : size);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`not a size: ${size} (N or real-N)`);
  const file = join(dir, `${real ? 'real' : 'synth'}-${n / 1000}k.txt`);
  if (!real) {
    writeDailyPapers(file, synthAbstracts(sources, n));
    return { file, n };
  }
  const realDir = realCorpusDir(root);
  if (!realDir) return { skipped: 'no dev corpus (../shared/real or $PAPERS_REAL_DIR)' };
  writeDailyPapers(file, readRealAbstracts(realDir).slice(0, n));
  return { file, n };
}

async function main(): Promise<void> {
  const sizes = (process.argv[2] ?? '10000,100000').split(',');
  const runs = Math.max(1, Number(process.argv[3] ?? '1'));
  const seedDir = join(root, 'seeds');
  const seeds = readdirSync(seedDir)
    .filter((n) => n.endsWith('.txt'))
    .sort()
    .map((n) => join(seedDir, n));
  const sources = (await loadCorpus(seeds, nodeFileSource)).papers.map((p) => p.abstract);
  const dir = join(tmpdir(), 'papers-bench');
  mkdirSync(dir, { recursive: true });
  for (const size of sizes) {
    const corpus = corpusFile(size, sources, dir);
    if ('skipped' in corpus) {
      console.log(`${size}: skipped, ${corpus.skipped}`);
      continue;
    }
    const { file, n } = corpus;
    for (let r = 0; r < runs; r++) {
      for (const chunks of [false, true]) {
        const run = await runOnce(file, chunks);
        const restore = [...run.restoreMs].sort((a, b) => a - b);
        const restoreCpu = [...run.restoreCpuMs].sort((a, b) => a - b);
        console.log(
          [
            `${size.startsWith('real-') ? 'real ' : ''}${n / 1000}k ${chunks ? 'chunks   ' : 'no chunks'}`,
            `first chunk ${f(run.firstChunkMs)}`,
            `last chunk ${f(run.lastChunkMs)}`,
            `analysis ${f(run.doneMs)}`,
            `CPU ${f(run.cpuMs)}`,
            `restore ${restore.length ? `median ${f(restore[Math.floor(restore.length / 2)])} max ${f(restore[restore.length - 1])} (${restore.length} chunks, first ${f(run.restoreMs[0])})` : '—'}`,
            `max stall ${f(run.maxStallMs)}`,
            restoreCpu.length
              ? `restore CPU median ${f(restoreCpu[Math.floor(restoreCpu.length / 2)])} max ${f(restoreCpu[restoreCpu.length - 1])}`
              : '',
            run.queryCpuMs ? `query CPU ${run.queryCpuMs.map((q) => q.toFixed(1)).join('/')} ms` : '',
            `steps ${Object.entries(run.timings)
              .map(([k, v]) => `${k} ${f(v)}`)
              .join(', ')}`,
          ].join(' | '),
        );
      }
    }
  }
}

void main();
