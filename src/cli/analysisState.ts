/**
 * `papers analyze --state DIR`: the analysis kept between runs in DIR, so that a run on a library that grew
 * analyzes only the new papers and keeps the themes of the last one (core/analysis/grow.ts). Only the collection
 * files whose bytes changed are parsed again (stateFiles.ts), and only the papers added are written again
 * (stateSnapshots.ts).
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Analysis, corpusSince, growAnalysis } from '../core/analysis';
import { Corpus, FileAsRead, mergeCollections, parseFileAsRead, readCollectionFile } from '../core/collections';
import { SnapshotError } from '../core/snapshot';
import { nodeFileSource } from '../node/files/nodeFileSource';
import { analyzeInParallel } from '../node/analysis/parallel';
import { bundledSeeds, CliError } from './common';
import { digestOf, digestsInState, forgetDigests, saveDigests } from './stateFiles';
import { readStoredAnalysis, saveStoredAnalysis, StateReadError, StoredAnalysis } from './stateSnapshots';

export interface StatefulRun {
  analysis: Analysis;
  /** Papers that were not in the state the run started from (all of them when it started from none). */
  isNew: (id: string) => boolean;
  /** Whether the themes were grouped (no state, or --regroup: inside the state's broad themes) or grown from the state. */
  regrouped: boolean;
  timings: Record<string, number>;
}

/**
 * Analyzes the files starting from DIR's state (a full analysis when there is none; with `regroup`, a grouping that
 * keeps the state's broad themes and starts its topics from the state's); writes the new state.
 */
export async function analyzeWithState(files: string[], dir: string, regroup: boolean): Promise<StatefulRun> {
  const started = performance.now();
  // how long node took to start and load the CLI: a large share of a small add
  const timings: Record<string, number> = { start: Math.round(started) };
  let cpuAt = process.cpuUsage();
  const lap = (step: string, since: number) => {
    timings[step] = Math.round(performance.now() - since);
    // the process's CPU time (every thread) over the step, beside the wall time the JSON has always given
    const cpu = process.cpuUsage(cpuAt);
    timings[`cpu.${step}`] = Math.round((cpu.user + cpu.system) / 1000);
    cpuAt = process.cpuUsage();
  };
  let t = performance.now();
  const stored = readState(dir);
  const previous = stored?.analysis;
  lap('restore', t);
  t = performance.now();
  const read = await Promise.all(
    (files.length ? files : bundledSeeds()).map((path) => readCollectionFile(path, nodeFileSource)),
  );
  const digests = read.map((f) => ({ path: f.path, sha256: digestOf(f) }));
  const growing = previous?.model !== undefined && !regroup;
  const before = stored?.strayAdditions ? new Map<string, string>() : digestsInState(dir);
  const corpus = growing ? changedSince(previous, read, digests, before) : parsedAll(read);
  lap('load', t);
  t = performance.now();
  const known = previous ? new Set(previous.papers.map((p) => p.id)) : new Set<string>();
  // the papers kept are the state's own, as it had them (none of their files read again): only the new ones need saving
  let untouched = growing && corpus.papers.every((p) => !known.has(p.id) || previous.byId.get(p.id) === p);
  let analysis: Analysis;
  let regrouped = !previous || regroup || !previous.model;
  if (!previous || !previous.model) {
    // the state keeps no search index (stateSnapshots.ts): none is built
    analysis = await analyzeInParallel(corpus, join(__dirname, 'textFeaturesWorker.js'), { indexOnFirstSearch: true });
  } else if (regroup) {
    // as the editor regroups: the new papers placed first, then the topics found again inside the grouping's
    // broad themes, starting from its topics (ThemeOptions.previous)
    const grown = growAnalysis(previous, corpus).analysis;
    analysis = await analyzeInParallel(corpus, join(__dirname, 'textFeaturesWorker.js'), {
      previous: grown.computedThemes,
      indexOnFirstSearch: true,
    });
  } else {
    const growth = growAnalysis(previous, corpus);
    analysis = growth.analysis;
    // a batch large for a small library groups it afresh (growthRegroup.ts): the kept papers' themes and related
    // papers changed, so the state is written whole
    regrouped = growth.regrouped;
    untouched &&= !growth.regrouped;
  }
  lap('analysis', t);
  for (const [step, ms] of Object.entries(analysis.timings)) timings[`analysis.${step}`] = Math.round(ms);
  t = performance.now();
  forgetDigests(dir);
  saveStoredAnalysis(dir, analysis, stored, untouched);
  saveDigests(dir, digests);
  lap('save', t);
  timings.total = Math.round(performance.now() - started);
  return {
    analysis,
    isNew: (id) => !known.has(id),
    regrouped,
    timings,
  };
}

/** Every file parsed (a full analysis, or a regroup, reads every abstract). */
function parsedAll(read: readonly FileAsRead[]): Corpus {
  return mergeCollections(read.map((f) => parseFileAsRead(f)));
}

/**
 * The corpus to grow `previous` to: the files whose bytes are as the state last read them are taken from it
 * without parsing (their papers are the state's own), the others parsed. A file the list knows but the analysis
 * has no collection of (its additions removed by hand) is parsed: taken from the analysis, its papers would be lost.
 */
function changedSince(
  previous: Analysis,
  read: readonly FileAsRead[],
  digests: readonly { path: string; sha256?: string }[],
  before: ReadonlyMap<string, string>,
): Corpus {
  const inState = new Set(previous.collections.map((c) => c.path));
  const files = read.map((f, i) => {
    const sha256 = digests[i].sha256;
    const unchanged = sha256 !== undefined && before.get(f.path) === sha256 && inState.has(f.path);
    return unchanged ? { path: f.path } : parseFileAsRead(f);
  });
  return corpusSince(previous, previous.problems, files);
}

/** The analysis in DIR, or undefined when DIR is missing or empty of a state; an unreadable state is an error. */
function readState(dir: string): StoredAnalysis | undefined {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new CliError(`papers analyze: --state ${dir} is not a folder`, 1);
  mkdirSync(dir, { recursive: true });
  try {
    return readStoredAnalysis(dir);
  } catch (err) {
    if (!(err instanceof StateReadError)) throw err;
    throw new CliError(
      `papers analyze: cannot read the state ${err.file} (${err.message}); it was left as it is: remove it to start afresh`,
      1,
    );
  }
}

/**
 * `work` (the rest of a run with --state DIR: growing, saving, printing), with a damaged part of the state reported
 * as a state that cannot be read. The state's abstracts are read when first used (stateSnapshots.ts), so their
 * damage shows only then; the damaged file is never written over, since a new base is encoded, abstracts and all,
 * before it replaces the old one.
 */
export async function readingState<T>(dir: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof SnapshotError)) throw err;
    throw new CliError(
      `papers analyze: cannot read the state ${dir} (${err.message}); its damaged file was left as it is: remove the folder to start afresh`,
      1,
    );
  }
}
