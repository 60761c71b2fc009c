import { AnalysisSnapshot, analyzeFilesToSnapshot } from '../../core/snapshot';
import { AnalysisTransport, openChannel } from './channel';
import { SearchChunk } from '../../core/search';
import { Theme } from '../../core/papers';
import { AnalyzeRequest, ChunkPlan, WorkerMessage } from './protocol';

/**
 * The extension's chunks: 1,000 papers first (indexed in well under a second at any corpus size), then
 * 5,000 (a chunk restores on the extension host in a few milliseconds; ~20 chunks at 100k papers). Below
 * 3,000 papers the whole analysis takes a few seconds at most: no chunks.
 */
export const SEARCH_CHUNKS: ChunkPlan = { first: 1000, size: 5000, minPapers: 3000 };

export interface RunOptions {
  onProgress?: (step: string) => void;
  /** Ends the worker: the promise rejects with an Error named 'Cancelled'. */
  signal?: AbortSignal;
  /** A child process (default: its memory is not the caller's) or a worker thread. */
  transport?: AnalysisTransport;
  /** Asks the worker for searchable chunks (see core/search/partial.ts), handed to `onChunk` as they come. */
  chunks?: ChunkPlan;
  onChunk?: (chunk: SearchChunk, total: number) => void;
  /** A cache entry to grow the analysis from instead of analyzing afresh (AnalyzeRequest.growFrom). */
  growFrom?: string;
  /** The grouping a regroup starts from (AnalyzeRequest.previous). */
  previous?: readonly Theme[];
}

/** Analyzes collection files in dist/analysisWorker.js (see channel.ts); the caller's thread stays free. */
export async function analyzeInWorker(
  workerPath: string,
  files: AnalyzeRequest['files'],
  options: RunOptions = {},
): Promise<AnalysisSnapshot> {
  const answer = await runWorker(workerPath, { type: 'analyze', files, previous: options.previous }, options);
  if (answer.type !== 'done') throw new Error(`the analysis worker answered ${answer.type}`);
  return answer.snapshot;
}

/**
 * The same, the worker writing the encoded snapshot to `file` (a cache entry) instead of sending it: resolves
 * to the size written, or to the snapshot itself when the worker could not write the file.
 */
export async function analyzeIntoFile(
  workerPath: string,
  files: AnalyzeRequest['files'],
  file: string,
  options: RunOptions = {},
): Promise<{ written: number } | { snapshot: AnalysisSnapshot; whyNotWritten: string }> {
  const answer = await runWorker(
    workerPath,
    { type: 'analyze', files, saveTo: file, growFrom: options.growFrom, previous: options.previous },
    options,
  );
  return answer.type === 'saved'
    ? { written: answer.bytes }
    : { snapshot: answer.snapshot, whyNotWritten: answer.whyNotSaved ?? 'unknown' };
}

type Answer = Extract<WorkerMessage, { type: 'done' } | { type: 'saved' }>;

function runWorker(workerPath: string, request: AnalyzeRequest, options: RunOptions): Promise<Answer> {
  const worker = openChannel(workerPath, options.transport ?? 'process');
  const answer = new Promise<Answer>((resolve, reject) => {
    const finish = () => worker.stop();
    const onAbort = () => {
      finish();
      const err = new Error('analysis cancelled');
      err.name = 'Cancelled';
      reject(err);
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const onMessage = (m: WorkerMessage) => {
      switch (m.type) {
        case 'progress':
          options.onProgress?.(m.step);
          break;
        case 'chunk':
          options.onChunk?.(m.chunk, m.total);
          break;
        case 'done':
        case 'saved':
          options.signal?.removeEventListener('abort', onAbort);
          finish();
          resolve(m);
          break;
        case 'error':
          options.signal?.removeEventListener('abort', onAbort);
          finish();
          // the analysis itself failed (not the process or thread running it): running it elsewhere would fail too
          reject(Object.assign(new Error(m.message), { name: 'AnalysisError' }));
          break;
      }
    };
    worker.listen(onMessage, (err) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
  });
  // sent here, outside the closures that wait for the answer: they would keep the collections' bytes (139 MB
  // at 100k papers) alive on the caller's side for the whole analysis
  if (!options.signal?.aborted) worker.send({ ...request, chunks: options.onChunk ? options.chunks : undefined });
  return answer;
}

/** The same work on the calling thread, for hosts without worker threads. */
export function analyzeHere(files: { path: string; bytes: Uint8Array }[], options: RunOptions = {}): AnalysisSnapshot {
  return analyzeFilesToSnapshot(files, options);
}
