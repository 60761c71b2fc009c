/**
 * Worker thread of the titles and keywords (textFeatures), computed while the starting thread builds the vectors
 * and themes (two cores, half the wait). Given abstracts as workerData (analyzeInParallel), it answers once and
 * ends; started without, it stays and answers each list of abstracts it is sent (FeaturesThread: a day's new
 * papers, one growth after another).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { textFeatures } from '../../core/analysis';
import { FeaturesMessage } from './protocol';

const port = parentPort;
if (!port) throw new Error('textFeaturesWorker.js runs as a worker thread');

function answer(abstracts: string[]): FeaturesMessage {
  try {
    return { type: 'done', features: textFeatures(abstracts) };
  } catch (err) {
    return { type: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}

if (Array.isArray(workerData)) port.postMessage(answer(workerData as string[]));
else port.on('message', (abstracts: string[]) => port.postMessage(answer(abstracts)));
