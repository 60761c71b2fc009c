/**
 * `npm run bench -- stability [--size N] [--day D] [--parts regroup,fields-cs,fields-mixed,seeds] [--real-dir DIR]`: how stable
 * the themes are as papers arrive, on the dev corpus (../shared/real, --real-dir or $PAPERS_REAL_DIR; see its
 * README) in arrival order. Each part runs in a process of its own and prints one JSON line; the parent prints a
 * summary and writes bench/results/stability.json. The corpus's slices are written to bench/results/real/
 * (git-ignored; the data is never committed).
 *
 * - regroup: a library of the first N abstracts (default 20,000), analyzed as `papers analyze` does; the next D
 *   (default 500, a day) join it by growth (growAnalysis, as the extension grows it); then Regroup Themes as the
 *   extension computes it (features/analysis/regroup.ts): a fresh analysis of the files in the analysis process
 *   (dist/analysisWorker.js), read back with the corrections applied, and regroupDiff against the themes shown.
 *   The same regroup is also made without the previous grouping (`fresh`), the alternative it is compared with.
 * - fields, seeds: papers of fields new to the library (stabilityFields.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { peakRssMb } from '../../../src/node/bench/measure';
import { devCorpusDir, DevPaper, readDevCorpus } from '../../lib/devCorpus';
import { measureNewFields, measureSeedsNewFields } from './stabilityFields';
import {
  analyzeFiles,
  build,
  changesOf,
  diffCounts,
  dumpIds,
  growByDay,
  nmiOf,
  option,
  regroup,
  root,
  round,
  themeCounts,
  writeDump,
} from './regroupRun';

const resultsDir = join(root, 'bench', 'results');

/** Part a: a library, a day grown into it, then a regroup (as the extension makes it, and fresh). */
async function measureRegroup(corpus: DevPaper[], size: number, dayPapers: number) {
  const library = writeDump(`stability-${size}-library`, corpus.slice(0, size));
  const day = writeDump(`stability-${size}-day`, corpus.slice(size, size + dayPapers));
  const primaryOf = new Map([
    ...dumpIds(library).map((id, i) => [id, corpus[i].primary] as const),
    ...dumpIds(day).map((id, i) => [id, corpus[size + i].primary] as const),
  ]);
  const first = await analyzeFiles([library]);
  const oldIds = first.analysis.papers.map((p) => p.id);
  const oldThemes = first.analysis.computedThemes;
  const grown = growByDay(first.analysis, [library], day);
  const shown = grown.growth.analysis;
  const files = [library, day];
  const kept = regroup(shown, files);
  const made = await kept;
  const fresh = await regroup(shown, files, true);
  const report = (r: typeof made) => ({
    ms: r.ms,
    // the analysis process's steps (wall): the themes are what a regroup from the previous grouping changes
    steps: Object.fromEntries(Object.entries(r.after.timings).map(([k, v]) => [k, Math.round(v)])),
    themes: themeCounts(r.after.computedThemes),
    old_papers: changesOf(oldIds, shown.computedThemes, r.after.computedThemes),
    diff: diffCounts(r.diff),
    nmi: nmiOf(r.after.computedThemes, primaryOf),
  });
  return {
    part: 'regroup',
    library: size,
    day: grown.growth.added.length,
    analysis_ms: first.ms,
    analysis_cpu_ms: first.cpu_ms,
    growth_ms: grown.ms,
    library_themes: themeCounts(oldThemes),
    grown_themes: themeCounts(shown.computedThemes),
    growth_new_themes: grown.growth.newThemes.map((t) => t.label),
    nmi_library: nmiOf(oldThemes, primaryOf),
    nmi_grown: nmiOf(shown.computedThemes, primaryOf),
    regroup: report(made),
    fresh_regroup: report(fresh),
    peak_rss_mb: peakRssMb(),
  };
}

async function child(part: string, dir: string, size: number, dayPapers: number): Promise<unknown> {
  const corpus = readDevCorpus(dir);
  if (part === 'regroup') return measureRegroup(corpus, size, dayPapers);
  if (part === 'fields-cs') return measureNewFields(corpus, size, 'cs');
  if (part === 'fields-mixed') return measureNewFields(corpus, size, 'mixed');
  if (part === 'seeds') return measureSeedsNewFields(corpus);
  throw new Error(`unknown part ${part}`);
}

/** The summary lines of a part's JSON. */
function summary(r: Record<string, unknown>): string[] {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (r.part === 'regroup') {
    const line = (name: string, g: Awaited<ReturnType<typeof measureRegroup>>['regroup']) =>
      `  ${name}: ${g.ms} ms (themes step ${g.steps.themes} ms); of ${g.old_papers.papers} old papers, field changed ${g.old_papers.field_changed} (${pct(g.old_papers.field_changed_share)}), subtheme moved ${g.old_papers.subtheme_moved} (${pct(g.old_papers.subtheme_moved_share)}); diff moved ${g.diff.themes.moved} / ${g.diff.papers.compared} (broad ${g.diff.broad?.moved ?? '–'}); NMI top ${g.nmi.top} leaf ${g.nmi.leaf}`;
    const m = r as Awaited<ReturnType<typeof measureRegroup>>;
    return [
      `regroup: library ${m.library} (analysis ${m.analysis_ms} ms, CPU ${m.analysis_cpu_ms} ms), day ${m.day} grown in ${m.growth_ms} ms`,
      line('regroup', m.regroup),
      line('fresh', m.fresh_regroup),
    ];
  }
  const n = r as { part: string; day: number; in_new_broad: number; library: string };
  return [
    `${n.part}: ${n.library}; of ${n.day} new-field papers ${n.in_new_broad} (${pct(n.in_new_broad / n.day)}) in new themes`,
  ];
}

async function main(): Promise<void> {
  const dir = devCorpusDir(root, option('real-dir'));
  const size = Number(option('size') ?? 20_000);
  const dayPapers = Number(option('day') ?? 500);
  const part = option('part');
  if (part) {
    process.stdout.write(`${JSON.stringify(await child(part, dir!, size, dayPapers))}\n`);
    return;
  }
  if (!dir) {
    process.stdout.write('skipped: no real dev corpus (../shared/real, --real-dir or PAPERS_REAL_DIR)\n');
    return;
  }
  build();
  const parts = (option('parts') ?? 'regroup,fields-cs,fields-mixed,seeds').split(',');
  const machine = { cores: cpus().length, node: process.version, loadavg_before: loadavg().map((x) => round(x, 2)) };
  const rows: Record<string, unknown>[] = [];
  for (const p of parts) {
    const run = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        __filename,
        '--part',
        p,
        '--real-dir',
        dir,
        '--size',
        String(size),
        '--day',
        String(dayPapers),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 },
    );
    if (run.status !== 0) throw new Error(`part ${p} failed (${run.status})`);
    const row = JSON.parse(run.stdout.trim().split('\n').pop()!) as Record<string, unknown>;
    rows.push(row);
    for (const line of summary(row)) process.stdout.write(`${line}\n`);
  }
  mkdirSync(resultsDir, { recursive: true });
  const out = join(resultsDir, 'stability.json');
  const loadAfter = loadavg().map((x) => round(x, 2));
  writeFileSync(
    out,
    JSON.stringify({ date: new Date().toISOString(), machine, loadavg_after: loadAfter, rows }, null, 2),
  );
  process.stdout.write(
    `${machine.cores} cores, node ${machine.node}, load average ${machine.loadavg_before.join(' ')} → ${loadAfter.join(' ')}; JSON: ${out}\n`,
  );
}

void main().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exitCode = 1;
});
