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
import { Regrouping } from '../services';
import { Lineage } from './growth';
import { runOnHost } from './hostSteps';
import { digestsOfRead, LoadStages, readCollectionFiles, relativeProblems } from './loadStages';

/** `adopt` makes the fresh analysis the one shown (after its cache entry is in place). */
export async function freshGrouping(
  stages: LoadStages,
  before: Analysis,
  report: (message: string) => void,
  signal: AbortSignal,
  adopt: (after: Analysis, lineage: Lineage) => Promise<void>,
): Promise<Regrouping> {
  const { cache } = stages;
  const uris = await stages.collectionUris();
  const unreadable: LoadProblem[] = [];
  const files = await readCollectionFiles(uris, unreadable);
  const key = cache.key(files);
  const pending = cache.pendingFileFor(key);
  report(`grouping ${files.length} collection${files.length === 1 ? '' : 's'} afresh`);
  // the grouping shown, before the user's corrections: the fresh one keeps its fields and starts its topics from it
  const analyzed = await stages.analyze(files, report, pending, signal, before.computedThemes);
  const snapshot = 'snapshot' in analyzed ? analyzed.snapshot : await cache.loadFile(vscode.Uri.file(pending!));
  if (!snapshot) throw new Error('the fresh grouping could not be read back (see the Papers log)');
  const after = await runOnHost(
    fromSnapshotInSteps(snapshot, resolveCorrections(stages.corrections.corrections, snapshot.computedThemes)),
  );
  after.problems = relativeProblems([...unreadable, ...snapshot.problems]);
  const lineage: Lineage = { analysis: after, files: digestsOfRead(files), problems: snapshot.problems, key };
  return {
    diff: regroupDiff(before.themes, after.themes),
    before: before.themes,
    after: after.themes,
    discard: async () => {
      if (pending) await vscode.workspace.fs.delete(vscode.Uri.file(pending)).then(undefined, () => undefined);
    },
    apply: async () => {
      const entry = cache.fileFor(key);
      if (pending && entry && 'written' in analyzed)
        await vscode.workspace.fs.rename(vscode.Uri.file(pending), vscode.Uri.file(entry), { overwrite: true });
      else void cache.save(key, snapshot);
      await adopt(after, lineage);
    },
  };
}
