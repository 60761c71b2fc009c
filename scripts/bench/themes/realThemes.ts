/**
 * `npm run bench -- real [sizes] [--cs-only] [--held-out] [--real-dir <dir>]`: themes on real arXiv abstracts.
 * Slices of the first N abstracts of the dev corpus (../shared/real, or --real-dir, or $PAPERS_REAL_DIR; see its
 * README), with --cs-only the first N whose primary category is cs.*, with --held-out only among the quarter of
 * the corpus the field model was not trained on (scripts/lib/devCorpus.ts); are written to bench/results/real/ (git-ignored;
 * the data is never committed) and each is measured in a child process (realRow.ts). Prints a Markdown table,
 * merges the rows into bench/results/real-themes.json. Sizes: comma-separated, default 1000,5000,20000.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { RealRow, runRow } from './realRow';
import { devCorpusDir, readDevCorpus } from '../../lib/devCorpus';

const root = resolve(__dirname, '..', '..', '..');
const resultsDir = join(root, 'bench', 'results');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Writes the slice as a Daily Papers dump and its primary categories beside it; returns both paths. */
function writeSlice(name: string, rows: { line: string; primary: string }[]): [string, string] {
  const dir = join(resultsDir, 'real');
  mkdirSync(dir, { recursive: true });
  const txt = join(dir, `${name}.txt`);
  const primaries = join(dir, `${name}.primary.json`);
  writeFileSync(txt, `Daily Papers\n\n${rows.map((r) => r.line).join('\n')}\n`);
  writeFileSync(primaries, JSON.stringify(rows.map((r) => r.primary)));
  return [txt, primaries];
}

/** dist/textFeaturesWorker.js, as dist/cli.js uses it: built first when missing. */
function workerPath(): string {
  const path = join(root, 'dist', 'textFeaturesWorker.js');
  if (!existsSync(path))
    spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root });
  return path;
}

type Row = RealRow & { slice: string };

function levelCells(l: RealRow['top']): string {
  const b = l.baseline;
  return `${l.themes} | ${l.nmi.toFixed(3)} | ${b.mean.toFixed(3)} (${b.min.toFixed(3)}–${b.max.toFixed(3)}) | ${l.gap >= 0 ? '+' : ''}${l.gap.toFixed(3)}`;
}

function tableLine(r: Row): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const leaf = r.two_levels ? levelCells(r.leaf) : '– | – | – | –';
  return `| ${r.slice} | ${r.papers} | ${levelCells(r.top)} | ${leaf} | ${s(r.analysis_wall_ms)} | ${s(r.analysis_cpu_ms)} | ${r.peak_rss_mb} | ${r.commonplace_labels} / ${r.labels_judged} | ${r.genre_labels} | ${r.duplicate_sibling_labels} | ${r.latex_labels} | ${r.median_ratio.toFixed(2)} |`;
}

export const TABLE_HEAD =
  '| slice | papers | themes (top) | NMI | baseline NMI mean (min–max) | gap | subthemes | NMI | baseline NMI mean (min–max) | gap | wall s | CPU s | peak RSS MB | commonplace labels | genre labels | duplicate siblings | LaTeX labels | median ratio |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n';

function main(): void {
  const dir = devCorpusDir(root, option('real-dir'));
  if (!dir) {
    process.stdout.write('skipped: no real dev corpus (../shared/real, --real-dir or PAPERS_REAL_DIR)\n');
    return;
  }
  const sizesArg = process.argv.slice(2).find((a) => /^\d+(,\d+)*$/.test(a));
  const sizes = (sizesArg ?? '1000,5000,20000').split(',').map(Number);
  const csOnly = process.argv.includes('--cs-only');
  const heldOut = process.argv.includes('--held-out');
  const all = readDevCorpus(dir).filter((p) => !heldOut || p.part === 'heldOut');
  const pool = csOnly ? all.filter((r) => r.primary.startsWith('cs.')) : all;
  const worker = workerPath();
  const out = join(resultsDir, 'real-themes.json');
  const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { rows: Row[] }).rows : [];
  const rows: Row[] = [];
  process.stdout.write(TABLE_HEAD);
  for (const n of sizes) {
    const name = `${heldOut ? 'held-out-' : ''}${csOnly ? 'cs' : 'mixed'}-${n}`;
    const [txt, primaries] = writeSlice(name, pool.slice(0, n));
    const child = spawnSync(process.execPath, [...process.execArgv, __filename, '--row', txt, primaries, worker], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 2 ** 20,
    });
    if (child.status !== 0) throw new Error(`${name}: the row's process failed (${child.status})`);
    const r: Row = { slice: name, ...(JSON.parse(child.stdout.trim().split('\n').pop()!) as RealRow) };
    rows.push(r);
    process.stdout.write(`${tableLine(r)}\n`);
  }
  const machine = {
    cores: cpus().length,
    node: process.version,
    loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
  };
  const merged = [...previous.filter((p) => !rows.some((r) => r.slice === p.slice)), ...rows];
  writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), machine, rows: merged }, null, 2));
  process.stdout.write(
    `\n${machine.cores} cores, node ${machine.node}, load average ${machine.loadavg.join(' ')}; JSON: ${out}\n`,
  );
}

if (process.argv[2] === '--row') runRow(process.argv.slice(3));
else main();
