/**
 * `npm run bench -- foryou [--size N] [--offset N] [--readers N] [--timing 20000,100000] [--reuse]`: the For You
 * ranking (src/core/forYou) on the real dev corpus (realCorpus.ts) against two baselines in the same run: the
 * TF-IDF centroid of the starred papers and arxiv-sanity-lite's per-user linear SVM on TF-IDF (forYouBaselines.ts).
 * Library: `size` abstracts from `offset` (default the first 40,000), analyzed, cached and restored
 * (forYouCorpus.ts). Readers (forYouReaders.ts): for each category and k ∈ {5, 10, 20}, `readers` (default 8)
 * simulated readers (fixed seeds) who star k papers of the category and read 100 others. Then the time of one
 * ranking at each timing size, the median of several. `--reuse` keeps the analyzed library between runs
 * (development only).
 * Prints the table; writes JSON to bench/results/.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { FOR_YOU_MODEL, ForYouModelParams, PaperVectors, rankForYou, rankForYouWith } from '../../../src/core/forYou';
import { centroidScores, svmScores } from './forYouBaselines';
import { readerLibrary, ReaderLibrary, timingVectors } from './forYouCorpus';
import { forYouTimings } from './forYouTiming';
import { makeReaders, precisionAt, Ranker, Reader, signalsOf, topUnmarked } from './forYouReaders';
import { realCorpusDir } from '../common/realCorpus';

const root = resolve(__dirname, '..', '..', '..');
const KS = [5, 10, 20];
/** Broad (a fifth to a tenth of the library) and narrow (under one in a hundred) categories of the dev corpus. */
const CATEGORIES = ['cs.CV', 'cs.CL', 'cs.LG', 'quant-ph', 'math.AP', 'cs.RO', 'astro-ph.GA', 'math.DG', 'gr-qc'];
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

async function library(dir: string, size: number, offset: number): Promise<ReaderLibrary> {
  const cache = join(root, 'bench', 'results', 'real', `foryou-library-${offset}-${size}.v8`);
  if (process.argv.includes('--reuse') && existsSync(cache)) return deserialize(readFileSync(cache)) as ReaderLibrary;
  const lib = await readerLibrary(root, dir, size, offset);
  mkdirSync(join(root, 'bench', 'results', 'real'), { recursive: true });
  writeFileSync(cache, serialize(lib));
  return lib;
}

function productRanker(lib: ReaderLibrary, params: ForYouModelParams = FOR_YOU_MODEL): Ranker {
  const row = new Map(lib.vectors.ids.map((id, i) => [id, i]));
  // the TF-IDF rows forYouVectors reads from each paper's text, read once here for all readers
  const { indptr, indices, values } = lib.tfidf;
  const termRow = (i: number) => ({
    indices: indices.subarray(indptr[i], indptr[i + 1]),
    values: values.subarray(indptr[i], indptr[i + 1]),
  });
  const vectors: PaperVectors = { ...lib.vectors, termRow };
  return (reader) => {
    const signals = signalsOf(reader, lib.vectors.ids);
    const ranking =
      params === FOR_YOU_MODEL
        ? rankForYou(vectors, signals, { limit: 20 })
        : rankForYouWith(vectors, signals, { limit: 20 }, params);
    return ranking.papers.map((p) => row.get(p.id)!);
  };
}

type Cell = { p10: number[]; p20: number[] };

function evaluate(rankers: Record<string, Ranker>, readers: Reader[], category: string[]) {
  const cells = new Map<string, Cell>();
  for (const reader of readers)
    for (const [name, rank] of Object.entries(rankers)) {
      const ranked = rank(reader);
      for (const key of [`${name}/${reader.k}`, `${name}/${reader.k}/${reader.category}`]) {
        const cell = cells.get(key) ?? { p10: [], p20: [] };
        cell.p10.push(precisionAt(ranked, category, reader, 10));
        cell.p20.push(precisionAt(ranked, category, reader, 20));
        cells.set(key, cell);
      }
    }
  const mean = (xs: number[]) => round(xs.reduce((s, x) => s + x, 0) / xs.length);
  return Object.fromEntries([...cells].map(([k, c]) => [k, { p10: mean(c.p10), p20: mean(c.p20) }]));
}

type Quality = ReturnType<typeof evaluate>;

/** The table (mean P@10 and P@20 per k and ranker) and P@10 per category. */
function qualityLines(quality: Quality, names: string[], categories: string[]): string[] {
  const header = ['k', ...names.flatMap((n) => [`${n} P@10`, `${n} P@20`])];
  const rows = KS.map((k) => [
    String(k),
    ...names.flatMap((n) => [quality[`${n}/${k}`].p10, quality[`${n}/${k}`].p20].map((x) => x.toFixed(3))),
  ]);
  const perCategory = categories.map(
    (c) =>
      `${c.padEnd(12)} ${KS.map((k) => `k=${k} ${names.map((n) => quality[`${n}/${k}/${c}`].p10.toFixed(2)).join('/')}`).join('  ')}`,
  );
  return [
    header.join(' | '),
    ...rows.map((r) => r.join(' | ')),
    `P@10 per category (${names.join('/')}):`,
    ...perCategory,
  ];
}

async function main(): Promise<void> {
  const started = performance.now();
  const dir = realCorpusDir(root);
  if (!dir) {
    process.stdout.write('For You bench skipped: no real dev corpus (../shared/real or $PAPERS_REAL_DIR)\n');
    return;
  }
  const size = Number(option('size', '40000'));
  const offset = Number(option('offset', '0'));
  const perCell = Number(option('readers', '8'));
  const lib = await library(dir, size, offset);
  const present = CATEGORIES.filter((c) => lib.category.filter((x) => x === c).length >= 60);
  const readers = makeReaders(lib.category, present, KS, perCell);
  const variants = JSON.parse(option('variants', '[]')) as Partial<ForYouModelParams>[];
  const rankers: Record<string, Ranker> = {
    forYou: productRanker(lib),
    centroid: (r) => topUnmarked(centroidScores(lib.tfidf, r.starred), r, 20),
    svm: (r) => topUnmarked(svmScores(lib.tfidf, r.starred), r, 20),
    ...Object.fromEntries(variants.map((v, i) => [`v${i}`, productRanker(lib, { ...FOR_YOU_MODEL, ...v })])),
  };
  const quality: Quality = readers.length ? evaluate(rankers, readers, lib.category) : {};
  const timingSizes = option('timing', '20000,100000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const timings = forYouTimings(timingSizes.map((n) => timingVectors(dir, n)));
  const text = [
    `library: ${lib.vectors.ids.length} abstracts from ${offset}; categories ${present.join(', ')}; ${perCell} readers per (category, k)`,
    ...(readers.length ? qualityLines(quality, Object.keys(rankers), present) : []),
    ...timings.map(
      (t) =>
        `ranking at ${t.papers}: cold median ${t.cold.median_ms} ms (${t.cold.min_ms}–${t.cold.max_ms}), CPU ${t.cold_cpu.median_ms} ms; warm ${t.warm.median_ms} ms (${t.warm.min_ms}–${t.warm.max_ms}), CPU ${t.warm_cpu.median_ms} ms`,
    ),
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}; took ${Math.round((performance.now() - started) / 1000)} s`,
  ].join('\n');
  process.stdout.write(`${text}\n`);
  const out = join(root, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const report = { date: new Date().toISOString(), size, offset, perCell, categories: present, quality, timings, text };
  writeFileSync(join(out, `foryou-${report.date.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(report, null, 1)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exitCode = 1;
});
