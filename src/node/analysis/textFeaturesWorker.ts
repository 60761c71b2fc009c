/**
 * Worker thread of analyzeInParallel: the titles and keywords of the abstracts given as workerData,
 * computed while the starting thread builds the vectors and themes (two cores, half the wait).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { textFeatures } from '../../core/analysis';
import { FeaturesMessage } from './parallel';

const port = parentPort;
if (!port) throw new Error('textFeaturesWorker.js runs as a worker thread');

let message: FeaturesMessage;
try {
  message = { type: 'done', features: textFeatures(workerData as string[]) };
} catch (err) {
  message = { type: 'error', message: err instanceof Error ? err.message : String(err) };
}
port.postMessage(message);
