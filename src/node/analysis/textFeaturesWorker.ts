/**
 * Worker thread of analyzeInParallel: the keywords of the abstracts given as workerData, then the titles of the
 * chunks it claims from the counter it shares with the starting thread, which builds the vectors and themes
 * meanwhile and then claims the chunks left (two cores, and whichever is free derives the titles).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keywordsThenClaimedTitles, TITLE_CHUNK } from '../../core/analysis';
import { FeaturesMessage, FeaturesWork } from './parallel';

const port = parentPort;
if (!port) throw new Error('textFeaturesWorker.js runs as a worker thread');

const { abstracts, next } = workerData as FeaturesWork;
const counter = new Int32Array(next);
let message: FeaturesMessage;
try {
  message = { type: 'done', ...keywordsThenClaimedTitles(abstracts, () => Atomics.add(counter, 0, TITLE_CHUNK)) };
} catch (err) {
  message = { type: 'error', message: err instanceof Error ? err.message : String(err) };
}
port.postMessage(message);
