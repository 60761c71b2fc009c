/**
 * Worker thread of analyzeInParallel: the keywords of the abstracts given as workerData, computed while the
 * starting thread builds the vectors and themes (two cores, half the wait), then titles of the chunks it claims
 * before the starting thread does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { claimFrom, claimTitles } from '../../core/analysis';
import { keywordsForCorpus } from '../../core/keywords';
import { FeaturesMessage, FeaturesRequest } from './parallel';

const port = parentPort;
if (!port) throw new Error('textFeaturesWorker.js runs as a worker thread');

let message: FeaturesMessage;
try {
  const { abstracts, nextChunk } = workerData as FeaturesRequest;
  const t0 = performance.now();
  const keywords = keywordsForCorpus(abstracts);
  const t1 = performance.now();
  const titles = claimTitles(abstracts, claimFrom(nextChunk));
  const timings = { keywords: t1 - t0, titles: performance.now() - t1 };
  message = { type: 'done', features: { keywords, titles, timings } };
} catch (err) {
  message = { type: 'error', message: err instanceof Error ? err.message : String(err) };
}
port.postMessage(message);
