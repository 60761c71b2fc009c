/**
 * The desktop's analysis platform (../platform.ts): analyses in a child process (the memory of a large analysis is
 * never the extension host's), cache entries it writes itself and the host reads piece by piece.
 */
import * as vscode from 'vscode';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { DigestMemo } from '../../../node/cache/digestMemo';
import { openSnapshotFile } from '../../../node/cache/snapshotFile';
import { analyzeHere, analyzeInWorker, analyzeIntoFile, SEARCH_CHUNKS } from '../../../node/analysis/run';
import { Analyzed, AnalysisPlatform, AnalyzeCall, CollectionFile, LocalCacheFiles } from '../platform';

export function nodeAnalysisPlatform(extensionPath: string, log: vscode.LogOutputChannel): AnalysisPlatform {
  const workerPath = path.join(extensionPath, 'dist', 'analysisWorker.js');
  return {
    analyze: (files, call) => analyzeOffHost(workerPath, log, files, call),
    cacheFiles: nodeCacheFiles(log),
    async persistGrowth(baseFile, entryFile, uris) {
      const files = uris.map((u) => ({ path: u.toString(), fsPath: u.fsPath }));
      const saved = await analyzeIntoFile(workerPath, files, entryFile, { growFrom: baseFile });
      if (!('written' in saved)) throw new Error(saved.whyNotWritten);
      return saved.written;
    },
  };
}

function nodeCacheFiles(log: vscode.LogOutputChannel): LocalCacheFiles {
  return {
    async digestsOf(memoPath, files) {
      mkdirSync(path.dirname(memoPath), { recursive: true }); // a local folder; no await at activation
      const memo = await DigestMemo.open(memoPath);
      const digests = [];
      for (const f of files) digests.push(await memo.digest(f.path, f.fsPath)); // one file open at a time
      await memo
        .save(files.map((f) => f.fsPath))
        .catch((err: Error) => log.warn(`could not save the collections' digests: ${err.message}`));
      return digests;
    },
    open: (fsPath) => openSnapshotFile(fsPath, { whileUsed: true }),
  };
}

/**
 * Analyzes in a child process; on a worker thread when no process can be started; on the extension host itself as
 * the last resort. The first analysis (`first`) posts searchable chunks to the partial search as it goes.
 */
async function analyzeOffHost(
  workerPath: string,
  log: vscode.LogOutputChannel,
  files: CollectionFile[],
  { report, saveTo, signal, previous, first, partial }: AnalyzeCall,
): Promise<Analyzed> {
  // the first analysis posts searchable chunks as it goes; later ones leave search on the current analysis
  const chunks = !first ? {} : { chunks: SEARCH_CHUNKS, onChunk: partial.add.bind(partial) };
  for (const transport of ['process', 'thread'] as const) {
    if (first) partial.begin();
    try {
      const options = { onProgress: report, transport, signal, previous, ...chunks };
      return saveTo
        ? await analyzeIntoFile(workerPath, files, saveTo, options)
        : { snapshot: await analyzeInWorker(workerPath, files, options) };
    } catch (err) {
      partial.end();
      if ((err as Error).name === 'AnalysisError' || (err as Error).name === 'Cancelled') throw err;
      log.warn(`the analysis ${transport} failed (${(err as Error).message})`);
    }
  }
  if (signal?.aborted) throw Object.assign(new Error('analysis cancelled'), { name: 'Cancelled' });
  log.warn('analyzing on the extension host');
  return { snapshot: analyzeHere(files, { onProgress: report, previous }) };
}
