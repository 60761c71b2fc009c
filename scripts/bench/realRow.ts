/**
 * One row of `npm run bench -- --real`, in a process of its own (so its peak RSS is this slice's): the analysis
 * as `papers analyze` runs it (loadCorpus, then analyzeInParallel with the text features on the worker thread),
 * then the NMI of its themes and of the baseline against the primary categories, and the label rule.
 */
import { readFileSync } from 'node:fs';
import { analyzeInParallel } from '../../src/node/analysis/parallel';
import { loadCorpus } from '../../src/core/collections/corpus';
import { nodeFileSource } from '../../src/node/files/nodeFileSource';
import { normalizedMutualInformation as nmi } from '../../src/core/themes/nmi';
import { lsaRows, tfidfRows } from '../../src/core/themes/baselineLsa';
import { kMeans } from '../../src/core/themes/baselineKMeans';
import { COMMONPLACE_LIFT, labelLifts, wordSet } from '../../src/core/themes/labelLift';

export const BASELINE_SEEDS = [1, 2, 3, 4, 5];
export const BASELINE_DIMS = 100;

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** TF-IDF → SVD(100) → l2 → k-means with k clusters, once per seed: the NMI of each against `truth`. */
function baseline(abstracts: string[], truth: string[], k: number) {
  const t0 = performance.now();
  const lsa = lsaRows(tfidfRows(abstracts), BASELINE_DIMS);
  const lsaMs = performance.now() - t0;
  const runs = BASELINE_SEEDS.map((seed) => {
    const t1 = performance.now();
    const km = kMeans(lsa.rows, lsa.dims, k, seed);
    return { seed, nmi: nmi(Array.from(km.assignment), truth), iterations: km.iterations, ms: performance.now() - t1 };
  });
  const scores = runs.map((r) => r.nmi);
  return {
    mean: round(scores.reduce((s, x) => s + x, 0) / scores.length),
    min: round(Math.min(...scores)),
    max: round(Math.max(...scores)),
    lsa_ms: Math.round(lsaMs),
    kmeans_ms_per_seed: Math.round(runs.reduce((s, r) => s + r.ms, 0) / runs.length),
    runs: runs.map((r) => ({ seed: r.seed, nmi: round(r.nmi), iterations: r.iterations })),
  };
}

async function row(slice: string, primariesFile: string, workerPath: string) {
  const primaries = JSON.parse(readFileSync(primariesFile, 'utf8')) as string[];
  const lines = readFileSync(slice, 'utf8').split('\n').slice(2); // after `Daily Papers` and the blank line
  const primaryOf = new Map<string, string>();
  lines.forEach((l, i) => primaries[i] !== undefined && primaryOf.set(l.trim(), primaries[i]));

  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const a = await analyzeInParallel(await loadCorpus([slice], nodeFileSource), workerPath);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);

  const papers = a.papers.filter((p) => primaryOf.has(p.abstract.trim()));
  const truth = papers.map((p) => primaryOf.get(p.abstract.trim())!);
  const index = new Map(papers.map((p, i) => [p.id, i]));
  const words = papers.map((p) => wordSet(p.abstract));
  const lifts = labelLifts(
    a.themes.map((t) => ({
      label: t.label,
      members: t.paperIds.map((id) => index.get(id)).filter((i): i is number => i !== undefined),
    })),
    words,
  );
  const product = nmi(
    papers.map((p) => p.theme),
    truth,
  );
  const base = baseline(
    papers.map((p) => p.abstract),
    truth,
    a.themes.length,
  );
  return {
    papers: a.papers.length,
    matched: papers.length,
    categories: new Set(truth).size,
    themes: a.themes.length,
    nmi: round(product),
    baseline: base,
    gap: round(product - base.mean),
    analysis_wall_ms: Math.round(wallMs),
    analysis_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    peak_rss_mb: peakRssMb,
    commonplace_labels: lifts.filter((l) => l.lift < COMMONPLACE_LIFT).length,
    median_lift: round(median(lifts.map((l) => l.lift)), 2),
    lowest_lift_labels: [...lifts]
      .sort((x, y) => x.lift - y.lift)
      .slice(0, 5)
      .map((l) => ({ ...l, lift: round(l.lift, 2) })),
    labels: lifts.map((l) => ({ label: l.label, size: l.themeSize, lift: round(l.lift, 2) })),
  };
}

/** What a row's process prints, as JSON. */
export type RealRow = Awaited<ReturnType<typeof row>>;

/** `realRow <slice.txt> <primaries.json> <textFeaturesWorker.js>`: prints the row as one JSON line. */
export function runRow(args: string[]): void {
  row(args[0], args[1], args[2]).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (err: unknown) => {
      process.stderr.write(`${(err as Error).stack}\n`);
      process.exitCode = 1;
    },
  );
}
