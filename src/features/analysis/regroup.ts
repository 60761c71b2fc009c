/**
 * A fresh grouping of the whole library for Papers: Regroup Themes… (features/themes/regroup.ts shows it): analyzed
 * off the host like a first analysis, its cache entry written aside (`<key>.regroup`) until the user applies it,
 * and compared with the themes shown, the user's corrections applied to both.
 */
import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import { LoadProblem } from '../../core/common';
import { fromSnapshotInSteps } from '../../core/snapshot';
import { regroupDiff, resolveCorrections } from '../../core/themes';
import { ThemeCorrectionsService } from '../services';
import { PartialSearchService } from '../search/partial';
import { AnalysisCache } from './cache';
import { digestsOfRead } from './digest';
import { Lineage } from './growth';
import { runOnHost } from './hostSteps';
import { FreshGrouping } from './loader';
import { AnalysisPlatform } from './platform';
import { readCollectionFiles, relativeProblems } from './readCollection';

export async function freshGrouping(
  {
    cache,
    platform,
    partial,
    corrections,
  }: {
    cache: AnalysisCache;
    platform: AnalysisPlatform;
    partial: PartialSearchService;
    corrections: ThemeCorrectionsService;
  },
  { uris, before, signal }: { uris: readonly vscode.Uri[]; before: Analysis; signal: AbortSignal },
  report: (message: string) => void,
): Promise<FreshGrouping> {
  const unreadable: LoadProblem[] = [];
  const files = await readCollectionFiles(uris, unreadable);
  const key = await cache.key(files);
  const pending = cache.pendingFileFor(key);
  report(`grouping ${files.length} collection${files.length === 1 ? '' : 's'} afresh`);
  // the grouping shown, before the user's corrections: the fresh one keeps its fields and starts its topics from it
  const previous = before.computedThemes;
  const analyzed = await platform.analyze(files, { report, saveTo: pending, signal, previous, first: false, partial });
  const snapshot = 'snapshot' in analyzed ? analyzed.snapshot : await cache.loadFile(vscode.Uri.file(pending!));
  if (!snapshot) throw new Error('the fresh grouping could not be read back (see the Papers log)');
  const after = await runOnHost(
    fromSnapshotInSteps(snapshot, resolveCorrections(corrections.corrections, snapshot.computedThemes)),
  );
  after.problems = relativeProblems([...unreadable, ...snapshot.problems]);
  const lineage: Lineage = { analysis: after, files: await digestsOfRead(files), problems: snapshot.problems, key };
  return {
    diff: regroupDiff(before.themes, after.themes),
    discard: async () => {
      if (pending) await vscode.workspace.fs.delete(vscode.Uri.file(pending)).then(undefined, () => undefined);
    },
    apply: async () => {
      const entry = cache.fileFor(key);
      if (pending && entry && 'written' in analyzed)
        await vscode.workspace.fs.rename(vscode.Uri.file(pending), vscode.Uri.file(entry), { overwrite: true });
      else void cache.save(key, snapshot);
      return lineage;
    },
  };
}
