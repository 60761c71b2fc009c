/**
 * Runs the whole analysis (parse, titles, keywords, themes, index) on a worker thread, so the
 * extension host stays responsive while a large corpus is analyzed.
 */
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { mergeCollections, parseCollectionBytes } from '../core/corpus';
import { toSnapshot } from '../core/snapshot';
import { analyzeInParallel } from './parallelAnalysis';
import { AnalyzeRequest, WorkerMessage } from './workerProtocol';

// a worker thread, or a child process started with an IPC channel (see analysisChannel.ts)
const port = parentPort;
const send = process.send?.bind(process);
if (!port && !send) throw new Error('analysisWorker.js runs as a worker thread or a child process with IPC');

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => (port ? port.postMessage(message, transfer) : send!(message));

const onRequest = async (request: AnalyzeRequest) => {
  try {
    post({ type: 'progress', step: 'reading' });
    const corpus = mergeCollections(request.files.map((f) => ({ path: f.path, result: parseCollectionBytes(f.bytes, f.path) })));
    // titles and keywords on a second worker (dist/textFeaturesWorker.js), vectors and themes here
    const analysis = await analyzeInParallel(corpus, join(__dirname, 'textFeaturesWorker.js'), { onProgress: (step) => post({ type: 'progress', step }) });
    const snapshot = toSnapshot(analysis);
    // typed arrays are moved, not copied: at 100k papers the index alone is ~100 MB, and a copy is
    // decoded on the extension host's main thread
    const index = snapshot.searchIndex;
    const arrays = [snapshot.relatedRows, index.alive, index.titleOrder, ...index.segments.flatMap((g) => [g.offsets, g.docs, g.weights, g.fieldMasks])];
    const buffers = new Set(arrays.filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer));
    post({ type: 'done', snapshot }, [...buffers]);
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  }
};
if (port) port.on('message', onRequest);
else {
  process.on('message', (m) => void onRequest(m as AnalyzeRequest));
  // the extension host closed (window closed, reload): no one is waiting for this analysis any more
  process.on('disconnect', () => process.exit(0));
}
