/**
 * Runs the whole analysis (parse, titles, keywords, themes, index) on a worker thread, so the
 * extension host stays responsive while a large corpus is analyzed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { Corpus, mergeCollections, parseCollectionBytes } from '../../core/collections';
import { readRegularFileSync } from '../files/regularFile';
import { buildSearchChunk, chunkBuffers } from '../../core/search';
import { decodeSnapshot, encodeSnapshot, fromSnapshot, toSnapshot } from '../../core/snapshot';
import { Analysis, growAnalysis } from '../../core/analysis';
import { analyzeInParallel } from './parallel';
import { AnalyzeRequest, ChunkPlan, WorkerMessage } from './protocol';
import { writeFileAtomicSync } from '../files/atomicWrite';
import { useColdRunCompileFlags } from './compileFlags';

// a worker thread, or a child process started with an IPC channel (see channel.ts)
const port = parentPort;
const send = process.send?.bind(process);
if (!port && !send) throw new Error('analysisWorker.js runs as a worker thread or a child process with IPC');

const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
  port ? port.postMessage(message, transfer) : send!(message);

/**
 * Posts a message and resolves once it has left: a child process's IPC pipe takes a large message only as the
 * event loop turns, so one posted before hours of synchronous work would arrive after it.
 */
const postAndFlush = (message: WorkerMessage, transfer: ArrayBuffer[] = []): Promise<void> =>
  port
    ? Promise.resolve(port.postMessage(message, transfer))
    : new Promise((resolve, reject) => send!(message, undefined, undefined, (err) => (err ? reject(err) : resolve())));

/**
 * Indexes the abstracts chunk by chunk and posts each chunk at once: search works on them before the analysis
 * ends. Resolves when every chunk has left, so the analysis that follows does not hold them back.
 */
async function postChunks(corpus: Corpus, plan: ChunkPlan): Promise<void> {
  const papers = corpus.papers;
  if (papers.length < plan.minPapers) return;
  post({ type: 'progress', step: 'indexing abstracts for search' });
  const sent: Promise<void>[] = [];
  for (let start = 0; start < papers.length;) {
    const end = Math.min(papers.length, start + Math.max(1, start === 0 ? plan.first : plan.size));
    const chunk = buildSearchChunk(papers.slice(start, end));
    sent.push(postAndFlush({ type: 'chunk', chunk, total: papers.length }, chunkBuffers(chunk)));
    start = end;
    // the pipe takes this chunk while the next one is indexed
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(sent);
}

/** A file's bytes as sent, or read from disk (a file read here need not be copied from the extension host). */
function bytesOf(file: AnalyzeRequest['files'][number]): Uint8Array {
  return 'bytes' in file ? file.bytes : readRegularFileSync(file.fsPath);
}

/** Titles and keywords on a second worker (dist/textFeaturesWorker.js), vectors and themes here. */
function analyzeAfresh(corpus: Corpus, request: AnalyzeRequest): Promise<Analysis> {
  const plan = request.chunks;
  return analyzeInParallel(corpus, join(__dirname, 'textFeaturesWorker.js'), {
    previous: request.previous,
    onProgress: (step) => post({ type: 'progress', step }),
    first: plan ? () => postChunks(corpus, plan) : undefined,
  });
}

const onRequest = async (request: AnalyzeRequest) => {
  try {
    post({ type: 'progress', step: 'reading' });
    const corpus = mergeCollections(
      request.files.map((f) => ({ path: f.path, result: parseCollectionBytes(bytesOf(f), f.path) })),
    );
    const analysis = request.growFrom
      ? growAnalysis(fromSnapshot(decodeSnapshot(readFileSync(request.growFrom))), corpus).analysis
      : await analyzeAfresh(corpus, request);
    const snapshot = toSnapshot(analysis);
    let whyNotSaved: string | undefined;
    if (request.saveTo) {
      post({ type: 'progress', step: 'saving' });
      try {
        const bytes = encodeSnapshot(snapshot);
        mkdirSync(dirname(request.saveTo), { recursive: true });
        // an interrupted write never leaves a partial entry under the name (`.partial`: what the cache's prune removes)
        writeFileAtomicSync(request.saveTo, bytes, `${request.saveTo}.partial`);
        post({ type: 'saved', file: request.saveTo, bytes: bytes.byteLength });
        return;
      } catch (err) {
        // a full disk or a read-only storage: the analysis is still good, sent as it is
        whyNotSaved = (err as Error).message;
      }
    }
    // on a worker thread typed arrays are moved, not copied: at 100k papers the index alone is ~100 MB
    // (a child process sends a copy through its IPC pipe)
    const index = snapshot.searchIndex;
    const arrays = [
      snapshot.relatedRows,
      index?.alive,
      index?.titleOrder,
      ...(index?.segments ?? []).flatMap((g) => [g.offsets, g.docs, g.weights, g.fieldMasks]),
    ];
    const buffers = new Set(arrays.filter((a) => a !== undefined).map((a) => a.buffer as ArrayBuffer));
    post({ type: 'done', snapshot, whyNotSaved }, [...buffers]);
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) });
  }
};
if (port) port.on('message', onRequest);
else {
  // a process of its own (on a worker thread the flags would be the extension host's)
  useColdRunCompileFlags();
  process.on('message', (m) => void onRequest(m as AnalyzeRequest));
  // the extension host closed (window closed, reload): no one is waiting for this analysis any more
  process.on('disconnect', () => process.exit(0));
}
