/**
 * `npm run bench`: synthetic corpora of 1k, 10k and 100k abstracts recombined from the seeds' sentences
 * (written to the system's temporary folder, never committed), plus the seeds themselves. Each corpus
 * is measured in a child process (corpusRun.ts); ripgrep runs the same queries over the same files in
 * the same run, as the reference. Then, when the dev corpus of real arXiv abstracts is there, real slices
 * analyzed as `papers analyze` runs them (realRows.ts). Prints the tables; writes JSON to bench/results/.
 *
 * Options: --sizes 1000,10000 (default 1000,10000,100000), --rounds N (default 3),
 * --real-sizes 1000,100000 (default 1000,5000,20000,100000; `none` for no real rows).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCorpus } from '../../../src/core/collections/corpus';
import { BenchJson, quantile } from '../../../src/node/bench/measure';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { runCorpus } from './corpusRun';
import { measureRealRows, REAL_SIZES, RealResult, realTable } from './realRows';
import { runRealCorpus } from './realRun';
import { BENCH_QUERIES, textOf } from '../common/queries';
import { synthCorpus, writeDailyPapers } from '../common/synthCorpus';
import { writeTopicsSidecar } from '../themes/themeQuality';

interface QueryTime {
  query: string;
  ms: number;
  hits: number;
}
type CorpusResult = BenchJson & {
  theme_nmi: { nmi: number; labelled: number } | null;
  themes: number;
  related_ms: number;
  total_cpu_ms: number;
  search_cpu: BenchJson['search'];
  restore_ms: number;
  index_heap_mb: number;
  queries: QueryTime[];
};

const root = resolve(__dirname, '..', '..', '..');
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function hasRipgrep(): boolean {
  return spawnSync('rg', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** ripgrep over the files, per query: the literal text, case-insensitive, counting matching lines. Median of `rounds` runs. */
function ripgrep(queries: readonly string[], files: string[], rounds: number): (number | null)[] {
  return queries.map((q) => {
    const text = textOf(q);
    if (text === '') return null; // a filter alone has no text to grep
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      const run = spawnSync(
        'rg',
        ['--no-config', '--ignore-case', '--fixed-strings', '--count', '--', text, ...files],
        { encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      times.push(performance.now() - t0);
      if (run.status !== 0 && run.status !== 1) throw new Error(`rg failed on "${text}": ${run.stderr}`);
    }
    return median(times);
  });
}

function measureInChild(files: string[], rounds: number): CorpusResult {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=6144', __filename, '--corpus', String(rounds), ...files],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (run.status !== 0) throw new Error(`measuring ${files.join(', ')} failed (exit ${run.status})`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as CorpusResult;
}

async function writeCorpora(sizes: number[]): Promise<{ name: string; files: string[] }[]> {
  const seedDir = join(root, 'seeds');
  const seeds = readdirSync(seedDir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => join(seedDir, f));
  const corpora = [{ name: 'seeds', files: seeds }];
  const papers = (await loadCorpus(seeds, nodeFileSource)).papers;
  const sources = papers.map((p) => p.abstract);
  const dir = join(tmpdir(), 'papers-bench');
  mkdirSync(dir, { recursive: true });
  for (const n of sizes) {
    const file = join(dir, `synth-${n >= 1000 ? `${n / 1000}k` : n}.txt`);
    const synth = synthCorpus(sources, n);
    writeDailyPapers(file, synth.texts);
    writeTopicsSidecar(
      file,
      papers.map((p) => p.id),
      synth.origins,
    );
    corpora.push({ name: `synth-${n >= 1000 ? `${n / 1000}k` : n}`, files: [file] });
  }
  return corpora;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ');
      return i === 0
        ? `| ${line} |\n|${widths.map((w, c) => (c === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`
        : `| ${line} |`;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const sizes = option('sizes', '1000,10000,100000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const rounds = Math.max(1, Number(option('rounds', '3')));
  const rg = hasRipgrep();
  if (!rg)
    process.stderr.write(
      'ripgrep (rg) is not installed, so the rg column is skipped; install it with: apt-get update && apt-get install -y ripgrep\n',
    );
  const corpora = await writeCorpora(sizes);
  const results: (CorpusResult & { name: string; mb: number; rg?: Record<string, number | null> })[] = [];
  for (const c of corpora) {
    process.stderr.write(`measuring ${c.name}…\n`);
    const r = measureInChild(c.files, rounds);
    const mb = c.files.reduce((s, f) => s + statSync(f).size, 0) / 2 ** 20;
    const entry: (typeof results)[number] = { name: c.name, mb: round(mb), ...r };
    if (rg) {
      const rgTimes = ripgrep(
        r.queries.map((q) => q.query),
        c.files,
        rounds,
      );
      // search against rg on the queries both can run (rg has nothing to do for a filter alone)
      const both = r.queries
        .map((q, i) => ({ search: q.ms, rg: rgTimes[i] }))
        .filter((x): x is { search: number; rg: number } => x.rg !== null);
      const s = both.map((x) => x.search).sort((a, b) => a - b);
      const g = both.map((x) => x.rg).sort((a, b) => a - b);
      entry.rg = {
        queries: both.length,
        p50_ms: round(quantile(g, 0.5), 2),
        p95_ms: round(quantile(g, 0.95), 2),
        search_p50_ms: round(quantile(s, 0.5), 2),
        search_p95_ms: round(quantile(s, 0.95), 2),
        speedup_p50: round(quantile(g, 0.5) / Math.max(quantile(s, 0.5), 1e-3), 1),
        speedup_p95: round(quantile(g, 0.95) / Math.max(quantile(s, 0.95), 1e-3), 1),
      };
      r.queries.forEach((q, i) => Object.assign(q, { rg_ms: rgTimes[i] === null ? null : round(rgTimes[i]!, 2) }));
    }
    results.push(entry);
  }

  const header = [
    'corpus',
    'papers',
    'MB',
    'load',
    'floor',
    'index',
    'themes',
    'total',
    'total CPU',
    '×floor',
    'related',
    '2nd act.',
    'p50',
    'p95',
    'max',
    'CPU p50/p95',
    'rg p50',
    'rg p95',
    'vs rg p50/p95',
    'index MB',
    'peak RSS',
    'themes',
    'NMI',
  ];
  const ms = (x: number) => (x >= 1000 ? `${round(x / 1000, 1)} s` : `${round(x, x < 10 ? 2 : 0)} ms`);
  const realSizes = option('real-sizes', REAL_SIZES)
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const real = realSizes.length
    ? measureRealRows(root, __filename, realSizes, rounds)
    : { skipped: '--real-sizes none' };
  const rows = results.map((r) => [
    r.name,
    String(r.papers),
    String(r.mb),
    ms(r.load_ms),
    ms(r.tokenize_floor_ms),
    ms(r.index_ms),
    ms(r.themes_ms),
    ms(r.total_ms),
    ms(r.total_cpu_ms),
    `${round(r.total_ms / r.tokenize_floor_ms)}×`,
    ms(r.related_ms),
    ms(r.restore_ms),
    ms(r.search.p50_ms),
    ms(r.search.p95_ms),
    ms(r.search.max_ms),
    `${ms(r.search_cpu.p50_ms)} / ${ms(r.search_cpu.p95_ms)}`,
    r.rg ? ms(r.rg.p50_ms!) : '—',
    r.rg ? ms(r.rg.p95_ms!) : '—',
    r.rg ? `${r.rg.speedup_p50}× / ${r.rg.speedup_p95}×` : '—',
    String(r.index_heap_mb),
    `${r.peak_rss_mb} MB`,
    String(r.themes),
    r.theme_nmi ? r.theme_nmi.nmi.toFixed(3) : '—',
  ]);
  const machine = {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memory_gb: round(totalmem() / 2 ** 30),
    node: process.version,
    os: `Debian ${(() => {
      try {
        return readFileSync('/etc/debian_version', 'utf8').trim();
      } catch {
        return '?';
      }
    })()}`,
  };
  const elapsed = (performance.now() - started) / 1000;
  // other processes on the machine slow every wall-clock figure: the load average says how busy it was
  const load = loadavg().map((x) => round(x, 1));
  const out = table([header, ...rows]);
  const realOut = 'rows' in real ? table(realTable(real.rows)) : `real rows skipped: ${real.skipped}`;
  process.stdout.write(
    `\n${out}\n\n${realOut}\n\n${machine.cores} cores (${machine.cpu}), ${machine.memory_gb} GB, Node ${machine.node}, ${machine.os}; ${rounds} rounds; load average ${load.join(' ')}; bench took ${round(elapsed)} s\n`,
  );
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    machine,
    load_average: load,
    rounds,
    elapsed_s: round(elapsed),
    table: out,
    corpora: results,
    real_table: realOut,
    real: 'rows' in real ? real.rows : ([] as RealResult[]),
  };
  const name = `bench-${report.date.replace(/[:.]/g, '-')}.json`;
  writeFileSync(join(dir, name), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(`wrote bench/results/${name}\n`);
}

const failed = (err: unknown) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exitCode = 1;
};
/** A child's measurement: one JSON line on stdout. */
const printJson = (result: Promise<unknown>) =>
  result.then((r) => process.stdout.write(`${JSON.stringify(r)}\n`), failed);

if (process.argv[2] === '--real-corpus') {
  const [, , , worker, rounds, ...files] = process.argv;
  void printJson(runRealCorpus(files, worker, BENCH_QUERIES, Number(rounds)));
} else if (process.argv[2] === '--corpus') {
  const [, , , rounds, ...files] = process.argv;
  void printJson(runCorpus(files, BENCH_QUERIES, Number(rounds)));
} else {
  main().catch(failed);
}
