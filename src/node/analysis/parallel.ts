/**
 * analyzeCorpus on two threads: keywords and then titles on a worker thread, vectors and themes on the calling
 * thread at the same time, which then derives the titles the worker has not claimed yet (chunks handed out by a
 * shared counter), then the search index once both are there. Same result as
 * analyzeCorpus; when the worker cannot run, the features are computed here instead.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Analysis, AnalyzeOptions, analyzeCorpus, beginAnalysis } from '../../core/analysis';
import { Corpus } from '../../core/collections';
import { paperText } from '../../core/papers';
import { claimedTitles, joinTitleChunks, TextFeatures, textFeatures, TITLE_CHUNK } from '../../core/analysis';
import { TitleResult } from '../../core/titles';

/** What textFeaturesWorker.js is given: the abstracts, and the counter of the next chunk of titles to claim. */
export interface FeaturesWork {
  abstracts: string[];
  next: SharedArrayBuffer;
}

/** What textFeaturesWorker.js sends back: the keywords and the titles of the chunks it claimed. */
export type FeaturesMessage =
  | { type: 'done'; keywords: string[][]; chunks: Map<number, TitleResult[]>; timings: Record<string, number> }
  | { type: 'error'; message: string };

/**
 * Below this many papers a thread costs more than it saves: its start, its own compile of the bundle
 * and its own garbage collection compete for a small machine's cores with this thread's background compile
 * and GC. The threshold is where two threads start to pay off in scripts/bench/activation/analyzeSeeds.mjs (--corpus,
 * with and without --parallel): the seeds' few hundred papers are slower on two threads, a few thousand faster.
 */
export const PARALLEL_MIN_PAPERS = 1000;

/** The keywords and the claimed chunks of titles from a worker thread running `workerPath` (dist/textFeaturesWorker.js). */
function featuresInWorker(workerPath: string, work: FeaturesWork): Promise<Extract<FeaturesMessage, { type: 'done' }>> {
  return new Promise((done, reject) => {
    // a path relative to the working folder: Worker takes it only with a leading ./ and would throw otherwise,
    // which would silently put the whole analysis on this thread
    const worker = new Worker(resolve(workerPath), { workerData: work });
    worker.once('message', (m: FeaturesMessage) => {
      void worker.terminate();
      if (m.type === 'done') done(m);
      else reject(new Error(m.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`text features worker exited with code ${code}`)));
  });
}

export interface ParallelOptions extends AnalyzeOptions {
  /** Fewer papers are analyzed on this thread alone. Default PARALLEL_MIN_PAPERS. */
  minPapers?: number;
  /**
   * Runs on this thread while the worker computes the titles and keywords, before the vectors: work
   * that should be done early (the searchable chunks) without waiting for the analysis.
   */
  first?: () => void | Promise<void>;
}

/** analyzeCorpus, with the titles and keywords computed on a worker thread running `workerPath`. */
export async function analyzeInParallel(
  corpus: Corpus,
  workerPath: string,
  options: ParallelOptions = {},
): Promise<Analysis> {
  if (corpus.papers.length < (options.minPapers ?? PARALLEL_MIN_PAPERS) || !existsSync(workerPath)) {
    await options.first?.();
    return analyzeCorpus(corpus, options);
  }
  const abstracts = corpus.papers.map(paperText);
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const claim = () => Atomics.add(counter, 0, TITLE_CHUNK);
  const features = featuresInWorker(workerPath, { abstracts, next: counter.buffer as SharedArrayBuffer });
  // a failed worker is handled below, after the themes: not an unhandled rejection meanwhile
  features.catch(() => {});
  await options.first?.();
  const pending = beginAnalysis(corpus, { ...options, texts: abstracts });
  options.onProgress?.('titles', 0);
  // the vectors and themes done, this thread derives the titles the worker has not claimed yet
  const hereStart = performance.now();
  const mine = claimedTitles(abstracts, claim);
  const titlesHere = performance.now() - hereStart;
  const waitStart = performance.now();
  let computed: TextFeatures;
  try {
    const theirs = await features;
    computed = {
      titles: joinTitleChunks(abstracts.length, mine, theirs.chunks),
      keywords: theirs.keywords,
      timings: theirs.timings,
    };
  } catch {
    computed = textFeatures(abstracts, options.onProgress);
  }
  // how long this thread waited for the worker (or did its work after it failed): what is left to balance
  computed.timings.wait = performance.now() - waitStart;
  computed.timings.titlesHere = titlesHere;
  return pending.finish(computed);
}
