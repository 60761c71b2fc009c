/**
 * The real rows of `npm run bench`: the dev corpus of real arXiv abstracts (realCorpus.ts) in slices of 1k, 5k and
 * 20k and as the 100k of 80k abstracts plus perturbed copies of 20k, each analyzed cold as `papers analyze` runs it
 * (realRun.ts: the CLI's node flags, the text features on dist/textFeaturesWorker.js) in a process of its own.
 * Skipped, with the reason, when the dev corpus is absent.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeRealCorpora } from '../common/realCorpus';
import type { RealCorpusResult } from './realRun';

export const REAL_SIZES = '1000,5000,20000,100000';

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** The node flags of the CLI, from the shebang of dist/cli.js (`#!/usr/bin/env -S node --flag …`). */
function cliNodeFlags(root: string): string[] {
  const shebang = readFileSync(join(root, 'dist', 'cli.js'), 'utf8').split('\n', 1)[0];
  return shebang.split(/\s+/).slice(shebang.split(/\s+/).indexOf('node') + 1);
}

export type RealResult = RealCorpusResult & { name: string; mb: number };

/** Builds dist/ (the worker and the CLI's flags must be this checkout's), writes the corpora, measures each. */
export function measureRealRows(
  root: string,
  script: string,
  sizes: number[],
  rounds: number,
): { rows: RealResult[] } | { skipped: string } {
  const written = writeRealCorpora(root, sizes);
  if ('skipped' in written) return written;
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed: the real rows need dist/textFeaturesWorker.js');
  const flags = cliNodeFlags(root);
  const worker = join(root, 'dist', 'textFeaturesWorker.js');
  const rows = written.corpora.map((c) => {
    process.stderr.write(`measuring ${c.name}…\n`);
    const run = spawnSync(process.execPath, [...flags, script, '--real-corpus', worker, String(rounds), ...c.files], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`measuring ${c.name} failed (exit ${run.status})`);
    const mb = c.files.reduce((s, f) => s + statSync(f).size, 0) / 2 ** 20;
    return { name: c.name, mb: round(mb), ...(JSON.parse(run.stdout.trim().split('\n').pop()!) as RealCorpusResult) };
  });
  return { rows };
}

const s = (ms: number) => `${round(ms / 1000)} s`;

/** The header and rows of the real table: cold analysis, its steps, memory and search. */
export function realTable(rows: RealResult[]): string[][] {
  const header = [
    'corpus',
    'papers',
    'MB',
    'cold wall',
    'CPU',
    'peak RSS',
    'parse',
    'vectors',
    'themes',
    'keywords',
    'titles',
    'wait',
    'index',
    'query p50 / p95',
    'CPU p50 / p95',
    'themes',
  ];
  const body = rows.map((r) => [
    r.name,
    String(r.papers),
    String(r.mb),
    s(r.wall_ms),
    s(r.cpu_ms),
    `${r.peak_rss_mb} MB`,
    s(r.steps.parse),
    s(r.steps.vectors),
    s(r.steps.themes),
    s(r.steps.keywords),
    s(r.steps.titles),
    s(r.steps.wait),
    s(r.steps.index),
    `${r.search.p50_ms} / ${r.search.p95_ms} ms`,
    `${r.search_cpu.p50_ms} / ${r.search_cpu.p95_ms} ms`,
    String(r.themes),
  ]);
  return [header, ...body];
}
