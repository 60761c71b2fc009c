import { analyzeCorpus } from '../analysis';
import { mergeCollections, parseCollectionBytes } from '../collections';
import { Theme } from '../papers';
import { AnalysisSnapshot, toSnapshot } from './snapshot';

/**
 * Collection files (a name, a URI, and their bytes) analyzed on the calling thread into a snapshot: what a worker
 * without threads of its own does (the web worker), and the last resort of a host that can start no worker.
 */
export function analyzeFilesToSnapshot(
  files: readonly { path: string; bytes: Uint8Array }[],
  options: { onProgress?: (step: string) => void; previous?: readonly Theme[] } = {},
): AnalysisSnapshot {
  const corpus = mergeCollections(files.map((f) => ({ path: f.path, result: parseCollectionBytes(f.bytes, f.path) })));
  return toSnapshot(analyzeCorpus(corpus, { onProgress: options.onProgress, previous: options.previous }));
}
