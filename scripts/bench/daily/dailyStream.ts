/**
 * `npm run bench -- daily [sizes] [--days N]`: the daily stream on real arXiv abstracts (../shared/real or
 * $PAPERS_REAL_DIR; see its README). For each size, a library of the first (size − N × 500) abstracts in arrival
 * order is analyzed and cached as the extension caches it; then N daily dumps of the next 500 abstracts join it as
 * the extension's load does when a dump is saved (features/analysis/growth.ts: the new file parsed, the others taken
 * from the analysis, corpusSince, canGrow, growAnalysis, the user's corrections applied), until a newcomer is found
 * by search. Each day is timed twice: growing the analysis in memory (the window open), and growing it from its
 * cache entry (after a window reload: the restore counted), and grown a third time with every group of strays
 * clustered (`stray_groups`: placement.ts skips scattered ones; whether that changed any paper's theme, and the
 * themes step both ways). Beside it, in the same run, the full analysis of the
 * final library, and the NMI of both groupings against the arXiv primary categories. Size 100,000: the 80k
 * abstracts after perturbed copies of 20k of them (realCorpus.ts), the last days being real abstracts.
 * "seeds": the first two seed dumps, then the third, the NMI against the seeds' hand labels (a batch of a third of
 * the library: growth groups it afresh, core/analysis/growthRegroup.ts; `regrouped` says so for each day). Each
 * size runs in a child process; one JSON line each.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Analysis, canGrow, corpusSince, growAnalysis, Growth } from '../../../src/core/analysis';
import { Corpus, loadCorpus, parseCollectionBytes } from '../../../src/core/collections';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../../src/core/snapshot';
import { EMPTY_CORRECTIONS, resolveCorrections } from '../../../src/core/themes';
import { normalizedMutualInformation } from '../../../src/core/themes/nmi';
import { analyzeInParallel } from '../../../src/node/analysis/parallel';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { peakRssMb } from '../../../src/node/bench/measure';
import { paperId } from '../../../src/core/papers';
import { realCorpus100k, realCorpusDir, writeRealSlice } from '../common/realCorpus';

const root = resolve(__dirname, '..', '..', '..');
const DAY = 500;
const ms = (t0: number) => Math.round(performance.now() - t0);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The abstracts in arrival order with their primary categories (real ones only; a perturbed copy has its source's). */
function realRows(dir: string): { text: string; primary: string }[] {
  const lines = gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.txt.gz')))
    .toString('utf8')
    .split('\n');
  return gunzipSync(readFileSync(join(dir, 'arxiv-dev-80k.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { line: number; primary: string })
    .map((m) => ({ text: lines[m.line - 1], primary: m.primary }));
}

/** The library's files and the days' files of one size, and each abstract's category by paper id. */
function plan(size: string, days: number): { library: string[]; days: string[]; category: Map<string, string> } {
  if (size === 'seeds') {
    const dir = join(root, 'seeds');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .map((f) => join(dir, f));
    // the seeds' hand labels (test/fixtures/theme-labels.json) stand for the categories
    const labels = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'theme-labels.json'), 'utf8')) as {
      id: string;
      topic: string;
    }[];
    return { library: files.slice(0, 2), days: files.slice(2), category: new Map(labels.map((r) => [r.id, r.topic])) };
  }
  const dir = realCorpusDir(root)!;
  const rows = realRows(dir);
  const n = Number(size);
  const texts = rows.map((r) => r.text);
  const category = new Map(rows.map((r) => [paperId(r.text), r.primary]));
  let ordered: string[];
  if (n <= rows.length) ordered = texts.slice(0, n);
  else {
    const copies = realCorpus100k(texts).slice(rows.length, n);
    copies.forEach((c, i) => category.set(paperId(c), rows[i * 4]?.primary ?? ''));
    ordered = [...copies, ...texts]; // the copies first: the days are real abstracts, in arrival order
  }
  const cut = ordered.length - days * DAY;
  return {
    library: [writeRealSlice(root, `daily-${size}-library`, ordered.slice(0, cut))],
    days: Array.from({ length: days }, (_, d) =>
      writeRealSlice(root, `daily-${size}-day${d + 1}`, ordered.slice(cut + d * DAY, cut + (d + 1) * DAY)),
    ),
    category,
  };
}

/** One day joining `base`, as the extension's load grows it; timed until a newcomer is found by search. */
function growDay(
  base: Analysis,
  problems: Corpus['problems'],
  files: string[],
  day: string,
  options: { clusterScattered?: boolean } = {},
) {
  const t0 = performance.now();
  const read = [
    ...files.map((path) => ({ path })),
    { path: day, result: parseCollectionBytes(readFileSync(day), day) },
  ];
  const corpus = corpusSince(base, problems, read);
  if (!canGrow(base, corpus)) throw new Error(`${day}: not a growth of the library`);
  const parsed = ms(t0);
  const growth = growAnalysis(base, corpus, {
    corrections: (computed) => resolveCorrections(EMPTY_CORRECTIONS, computed),
    ...options,
  });
  const grown = ms(t0);
  const newcomer = growth.analysis.byId.get(growth.added[0])!;
  // the newcomer's title words and a few words of its abstract: a query that should find it first among 100k
  const words = `${newcomer.title} ${newcomer.abstract.split(' ').slice(3, 9).join(' ')}`;
  const found = growth.analysis.search.search(words, { limit: 10 }).some((h) => h.id === newcomer.id);
  const total = ms(t0);
  const steps = {
    read: parsed,
    ...Object.fromEntries(Object.entries(growth.analysis.timings).map(([k, v]) => [k, Math.round(v)])),
    grown: grown - parsed,
    query: total - grown,
  };
  return { growth, corpus, total, steps, found, poor: growth.poor, newThemes: growth.newThemes.map((t) => t.label) };
}

/** Whether two growths of one day gave every paper the same theme and formed the same themes (labels and papers). */
function samePlacement(a: Growth, b: Growth): boolean {
  const themes = (g: Growth) => JSON.stringify(g.newThemes.map((t) => [t.label, t.parent, [...t.paperIds].sort()]));
  return themes(a) === themes(b) && a.analysis.papers.every((p) => b.analysis.byId.get(p.id)?.theme === p.theme);
}

const nmiOf = (a: Analysis, category: Map<string, string>) => {
  const ids = a.papers.map((p) => p.id).filter((id) => category.has(id));
  if (ids.length === 0) return null;
  return (
    Math.round(
      1000 *
        normalizedMutualInformation(
          ids.map((id) => a.byId.get(id)!.theme),
          ids.map((id) => category.get(id)!),
        ),
    ) / 1000
  );
};

/** Titles and keywords of a full analysis on a second thread, as `papers analyze` (needs `npm run build`). */
const workerPath = join(root, 'dist', 'textFeaturesWorker.js');

async function measureSize(size: string, days: number) {
  const p = plan(size, days);
  let t0 = performance.now();
  const first = await analyzeInParallel(await loadCorpus(p.library, nodeFileSource), workerPath);
  const libraryMs = ms(t0);
  const entry = encodeSnapshot(toSnapshot(first));
  const oldThemes = new Map(first.papers.map((x) => [x.id, x.theme]));
  const oldLabels = new Map(first.computedThemes.map((t) => [t.id, t.label]));
  const rows = [];
  let inMemory: Analysis = first;
  let cached = entry;
  let files = [...p.library];
  for (const day of p.days) {
    // after a window reload: the base restored from its cache entry first
    t0 = performance.now();
    const restored = fromSnapshot(decodeSnapshot(cached, { deferred: true }));
    const restoreMs = ms(t0);
    const cold = growDay(restored, restored.problems, files, day);
    const warm = growDay(inMemory, inMemory.problems, files, day);
    // the same day with every group of strays clustered, scattered ones too (placement.ts `crowded`), from the
    // same restored base: what skipping the scattered ones changes, and what it saves
    const again = fromSnapshot(decodeSnapshot(cached, { deferred: true }));
    const everyGroup = growDay(again, again.problems, files, day, { clusterScattered: true });
    rows.push({
      papers: warm.growth.analysis.papers.length,
      added: warm.growth.added.length,
      in_memory_ms: warm.total,
      after_reload_ms: restoreMs + cold.total,
      restore_ms: restoreMs,
      steps: warm.steps,
      found: warm.found && cold.found,
      poor: warm.poor,
      regrouped: warm.growth.regrouped,
      new_themes: warm.newThemes,
      stray_groups: {
        ...cold.growth.strayGroups,
        themes_ms: Math.round(cold.growth.analysis.timings.themes ?? 0),
        themes_ms_every_group_clustered: Math.round(everyGroup.growth.analysis.timings.themes ?? 0),
        same_placement: samePlacement(cold.growth, everyGroup.growth),
      },
    });
    inMemory = warm.growth.analysis;
    cached = encodeSnapshot(toSnapshot(inMemory));
    files = [...files, day];
  }
  const kept = [...oldThemes].filter(([id, theme]) => inMemory.byId.get(id)?.theme === theme).length;
  const labelsKept = [...oldLabels].filter(
    ([id, l]) => inMemory.computedThemes.find((t) => t.id === id)?.label === l,
  ).length;
  t0 = performance.now();
  const full = await analyzeInParallel(await loadCorpus(files, nodeFileSource), workerPath);
  const fullMs = ms(t0);
  return {
    size,
    library_papers: first.papers.length,
    library_ms: libraryMs,
    full_papers: full.papers.length,
    full_ms: fullMs,
    days: rows,
    kept: `${kept} / ${oldThemes.size}`,
    labels_kept: `${labelsKept} / ${oldLabels.size}`,
    themes_grown: inMemory.themes.length,
    themes_full: full.themes.length,
    nmi_grown: nmiOf(inMemory, p.category),
    nmi_full: nmiOf(full, p.category),
    peak_rss_mb: peakRssMb(),
  };
}

async function main(): Promise<void> {
  const child = option('child');
  const days = Number(option('days') ?? 3);
  if (child) {
    process.stdout.write(`${JSON.stringify(await measureSize(child, days))}\n`);
    return;
  }
  const sizes = (process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'seeds,10000,100000').split(
    ',',
  );
  if (sizes.some((s) => s !== 'seeds') && !realCorpusDir(root)) {
    console.log(
      'skipped the real sizes: no real dev corpus (arxiv-dev-80k.txt.gz in ../shared/real or $PAPERS_REAL_DIR)',
    );
    sizes.splice(0, sizes.length, ...sizes.filter((s) => s === 'seeds'));
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  for (const size of sizes) {
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, __filename, '--child', size, '--days', String(size === 'seeds' ? 1 : days)],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    if (run.status !== 0) throw new Error(`size ${size} failed: ${run.stderr}`);
    console.log(run.stdout.trim());
  }
  console.log(
    `load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

void main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
