/**
 * What the stability bench (stability.ts, stabilityFields.ts) does to a library: analyze it as `papers analyze`
 * does, grow it by a day's dump as the extension does, regroup it as Regroup Themes does, and compare groupings.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Analysis, canGrow, corpusSince, Growth, growAnalysis } from '../../../src/core/analysis';
import { loadCorpus, parseCollectionBytes } from '../../../src/core/collections';
import { Theme } from '../../../src/core/papers';
import { decodeSnapshot, fromSnapshot } from '../../../src/core/snapshot';
import { EMPTY_CORRECTIONS, LevelDiff, regroupDiff, RegroupDiff, resolveCorrections } from '../../../src/core/themes';
import { normalizedMutualInformation } from '../../../src/core/themes/nmi';
import { analyzeIntoFile } from '../../../src/node/analysis/run';
import { analyzeInParallel } from '../../../src/node/analysis/parallel';
import { nodeFileSource } from '../../../src/node/files/nodeFileSource';
import { DevPaper } from '../../lib/devCorpus';
import { writeRealSlice } from '../common/realCorpus';

export const root = resolve(__dirname, '..', '..', '..');
export const ms = (t0: number) => Math.round(performance.now() - t0);
export const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** dist/ built from this checkout: the analysis process and the text features worker are what the regroup runs. */
export function build(): void {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root });
  if (run.status !== 0) throw new Error('the build failed');
}

export const textFeaturesWorker = () => join(root, 'dist', 'textFeaturesWorker.js');

/** The library analyzed as `papers analyze` analyzes it (titles and keywords on the worker thread). */
export async function analyzeFiles(files: string[]): Promise<{ analysis: Analysis; ms: number; cpu_ms: number }> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const analysis = await analyzeInParallel(await loadCorpus(files, nodeFileSource), textFeaturesWorker());
  const cpu = process.cpuUsage(cpu0);
  return { analysis, ms: ms(t0), cpu_ms: Math.round((cpu.user + cpu.system) / 1000) };
}

/** A day's dump joining the library as the extension's load grows it (features/analysis/growth.ts). */
export function growByDay(base: Analysis, libraryFiles: string[], day: string): { growth: Growth; ms: number } {
  const t0 = performance.now();
  const read = [
    ...libraryFiles.map((path) => ({ path })),
    { path: day, result: parseCollectionBytes(readFileSync(day), day) },
  ];
  const corpus = corpusSince(base, base.problems, read);
  if (!canGrow(base, corpus)) throw new Error(`${day}: not a growth of the library`);
  const growth = growAnalysis(base, corpus, {
    corrections: (computed) => resolveCorrections(EMPTY_CORRECTIONS, computed),
  });
  return { growth, ms: ms(t0) };
}

/**
 * Regroup Themes as the extension computes it (features/analysis/regroup.ts): the files analyzed afresh in the
 * analysis process, the entry read back with the corrections applied, compared with the themes shown. `fresh`:
 * without the grouping shown, the alternative the bench compares with.
 */
export async function regroup(
  shown: Analysis,
  files: string[],
  fresh = false,
): Promise<{ after: Analysis; diff: RegroupDiff; ms: number }> {
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'papers-regroup-'));
  try {
    const entry = join(dir, 'entry.regroup');
    const saved = await analyzeIntoFile(
      join(root, 'dist', 'analysisWorker.js'),
      files.map((f) => ({ path: f, fsPath: f })),
      entry,
      fresh ? {} : { previous: shown.computedThemes },
    );
    const snapshot = 'written' in saved ? decodeSnapshot(readFileSync(entry)) : saved.snapshot;
    const after = fromSnapshot(snapshot, resolveCorrections(EMPTY_CORRECTIONS, snapshot.computedThemes));
    return { after, diff: regroupDiff(shown.themes, after.themes), ms: ms(t0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each paper's leaf theme and broad theme (the same at one level) and the broad theme's arXiv field. */
export function placesOf(themes: readonly Theme[]): Map<string, { leaf: string; broad: string; field?: string }> {
  const byId = new Map(themes.map((t) => [t.id, t]));
  const out = new Map<string, { leaf: string; broad: string; field?: string }>();
  for (const t of themes) {
    const broad = t.parent !== undefined ? byId.get(t.parent)! : t;
    for (const id of t.paperIds) if (!out.has(id)) out.set(id, { leaf: t.id, broad: broad.id, field: broad.field });
  }
  return out;
}

/**
 * What changed for the papers `old` between two groupings: their field (the `field` of their broad theme, none
 * for a broad theme that is not a field), and the papers that moved at each level by regroupDiff's rule (a paper
 * moves when it does not go to the successor of its theme, the theme most of that theme's papers go to), counted
 * over the papers `old` alone.
 */
export function changesOf(old: readonly string[], before: readonly Theme[], after: readonly Theme[]) {
  const b = placesOf(before);
  const a = placesOf(after);
  const both = new Set(old.filter((id) => b.has(id) && a.has(id)));
  const only = (themes: readonly Theme[]) =>
    themes.map((t) => ({ ...t, paperIds: t.paperIds.filter((id) => both.has(id)) }));
  const diff = regroupDiff(only(before), only(after));
  const fieldChanged = [...both].filter((id) => (b.get(id)!.field ?? '') !== (a.get(id)!.field ?? '')).length;
  return {
    papers: both.size,
    field_changed: fieldChanged,
    field_changed_share: round(fieldChanged / both.size, 4),
    broad_moved: diff.broad?.moved ?? diff.themes.moved,
    subtheme_moved: diff.themes.moved,
    subtheme_moved_share: round(diff.themes.moved / both.size, 4),
  };
}

/** A level of the diff as counts. */
function levelCounts(l: LevelDiff) {
  return {
    kept: l.kept.length,
    renamed: l.kept.filter((k) => k.renamed).length,
    split: l.split.length,
    merged: l.merged.length,
    new: l.new.length,
    gone: l.gone.length,
    unchanged: l.unchanged,
    moved: l.moved,
  };
}

export function diffCounts(d: RegroupDiff) {
  return { papers: d.papers, themes: levelCounts(d.themes), broad: d.broad && levelCounts(d.broad) };
}

/** NMI of the broad and the leaf themes against the primary categories. */
export function nmiOf(themes: readonly Theme[], primaryOf: Map<string, string>) {
  const places = placesOf(themes);
  const ids = [...places.keys()].filter((id) => primaryOf.has(id));
  const truth = ids.map((id) => primaryOf.get(id)!);
  const at = (key: 'leaf' | 'broad') =>
    round(
      normalizedMutualInformation(
        ids.map((id) => places.get(id)![key]),
        truth,
      ),
    );
  return { top: at('broad'), leaf: at('leaf') };
}

export const themeCounts = (themes: readonly Theme[]) => ({
  broad: themes.filter((t) => t.parent === undefined).length,
  leaf: themes.filter((t) => !themes.some((c) => c.parent === t.id)).length,
});

/**
 * The ids of a dump's papers as the product reads them, by abstract (entry i is the i-th abstract of the dump, as
 * writeDump wrote it): the parser cleans some abstracts, so an id is not always the hash of the line as written.
 */
export function dumpIds(file: string): string[] {
  const ids: string[] = [];
  for (const p of parseCollectionBytes(readFileSync(file), file).papers)
    for (const s of p.sources) ids[s.line - 3] = p.id; // after `Daily Papers` and the blank line
  return ids;
}

/** Writes the papers as a Daily Papers dump under bench/results/real/. */
export const writeDump = (name: string, papers: readonly DevPaper[]) =>
  writeRealSlice(
    root,
    name,
    papers.map((p) => p.text),
  );
