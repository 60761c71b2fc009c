/**
 * One row of `npm run bench -- --real`, in a process of its own (so its peak RSS is this slice's): the analysis
 * as `papers analyze` runs it (loadCorpus, then analyzeInParallel with the text features on the worker thread),
 * then the NMI of its themes and of the baseline against the primary categories, and the label rule.
 */
import { readFileSync } from 'node:fs';
import { analyzeInParallel } from '../../../src/node/analysis/parallel';
import { loadCorpus } from '../../../src/core/collections/corpus';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { normalizedMutualInformation as nmi } from '../../../src/core/themes/nmi';
import { lsaRows, tfidfRows } from '../../lib/baselineLsa';
import { kMeans } from '../../lib/baselineKMeans';
import { contentWords, judgeLabels, LabelJudgement, labelKey, labelReadings } from '../../../src/core/themes/labelLift';
import { arxivFieldModel, isGenrePhrase } from '../../../src/core/fields';
import { paperText, Theme } from '../../../src/core/papers';

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
  const levels = themeLevels(a.themes, papers);
  const abstracts = papers.map((p) => p.abstract);
  const top = level(levels.top, truth, abstracts);
  const leaf = levels.twoLevels ? level(levels.leaf, truth, abstracts) : top;
  const judged = judgeLabels(
    levels.judged.filter((t) => t.field === undefined),
    // the text the labeller read: LaTeX decoded (Schr\"odinger is Schrödinger there)
    papers.map((p) => contentWords(paperText(p))),
  );
  const rules = labelRules(a.themes);
  const commonplace = judged.filter((j) => j.commonplace);
  const ratio = (j: LabelJudgement) => Math.min(...j.parts.map((p) => p.ratio));
  return {
    papers: a.papers.length,
    matched: papers.length,
    categories: new Set(truth).size,
    two_levels: levels.twoLevels,
    top,
    leaf,
    analysis_wall_ms: Math.round(wallMs),
    analysis_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    peak_rss_mb: peakRssMb,
    labels_judged: judged.length,
    commonplace_labels: commonplace.length,
    field_themes: a.themes.filter((t) => t.field !== undefined).length,
    ...rules,
    median_ratio: round(median(judged.map(ratio).filter(Number.isFinite)), 2),
    commonplace_examples: commonplace.slice(0, 8).map((j) => ({
      label: j.label,
      size: j.themeSize,
      parts: j.parts.map((p) => ({ ...p, ratio: round(p.ratio, 2) })),
    })),
    labels: a.themes.map((t) => ({ label: t.label, parent: t.parent ?? null, size: t.paperIds.length })),
  };
}

/** The NMI of one level's themes against the categories, beside the baseline's with as many clusters. */
function level(assignment: string[], truth: string[], abstracts: string[]) {
  const k = new Set(assignment).size;
  const product = nmi(assignment, truth);
  const base = baseline(abstracts, truth, k);
  return { themes: k, nmi: round(product), baseline: base, gap: round(product - base.mean) };
}

/**
 * Each paper's broad theme and its leaf theme (the same at one level), and every theme with the papers it is
 * judged among for the label rule: the library for a broad theme, its broad theme's papers for a subtheme.
 */
function themeLevels(themes: readonly Theme[], papers: readonly { id: string }[]) {
  const index = new Map(papers.map((p, i) => [p.id, i]));
  const membersOf = (t: Theme) => t.paperIds.map((id) => index.get(id)).filter((i): i is number => i !== undefined);
  const under = new Map<string, number[]>(themes.map((t) => [t.id, membersOf(t)]));
  for (const t of themes) if (t.parent !== undefined) under.get(t.parent)?.push(...membersOf(t));
  const top = new Array<string>(papers.length);
  const leaf = new Array<string>(papers.length);
  for (const t of themes)
    for (const i of membersOf(t)) {
      leaf[i] = t.id;
      top[i] = t.parent ?? t.id;
    }
  const library = papers.map((_, i) => i);
  return {
    twoLevels: themes.some((t) => t.parent !== undefined),
    top,
    leaf,
    judged: themes.map((t) => ({
      label: t.label,
      field: t.field,
      members: under.get(t.id)!,
      among: t.parent !== undefined ? (under.get(t.parent) ?? library) : library,
    })),
  };
}

/**
 * The label rules beside the commonplace one: labels (of the themes that are not arXiv fields, whose names are
 * arXiv's) with a part of the abstract genre (the field model's genre terms), sibling labels that are the same words
 * up to case and plural, and labels with LaTeX left in them.
 */
function labelRules(themes: readonly Theme[]) {
  const fields = arxivFieldModel();
  const topics = themes.filter((t) => t.field === undefined);
  // as judgeLabels reads a label: as favourably as it can be read ("Prompt and contrastive learning" as two kinds of learning)
  const genre = topics.filter((t) =>
    labelReadings(t.label).every((parts) => parts.some((part) => isGenrePhrase(fields, part.trim().split(' ')))),
  );
  const siblings = new Map<string, string[]>();
  for (const t of themes) {
    const key = `${t.parent ?? ''}\u0000${labelKey(t.label)}`;
    siblings.set(key, [...(siblings.get(key) ?? []), t.label]);
  }
  const duplicates = [...siblings.values()].filter((labels) => labels.length > 1);
  const latex = themes.filter((t) => /[\\{}$]/.test(t.label));
  return {
    genre_labels: genre.length,
    genre_examples: genre.slice(0, 8).map((t) => t.label),
    duplicate_sibling_labels: duplicates.length,
    duplicate_examples: duplicates.slice(0, 4),
    latex_labels: latex.length,
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
