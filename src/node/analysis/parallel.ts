/**
 * analyzeCorpus on two threads: keywords then titles on a worker thread, vectors and themes on the calling
 * thread at the same time, then the search index once both are there. The titles are shared: each thread takes
 * chunks of them as it becomes free, so neither waits long for the other whatever the machine. Same result as
 * analyzeCorpus; when the worker cannot run, the features are computed here instead.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { Analysis, AnalyzeOptions, analyzeCorpus, beginAnalysis } from '../../core/analysis';
import { Corpus } from '../../core/collections';
import { keywordsForCorpus } from '../../core/keywords';
import { paperText } from '../../core/papers';
import { claimFrom, claimTitles, mergeTitles, TitleChunk } from '../../core/analysis';

/** What textFeaturesWorker.js is given: the abstracts, and the counter both threads claim chunks of titles from. */
export interface FeaturesRequest {
  abstracts: string[];
  /** One Int32 on a SharedArrayBuffer: the next chunk of titles to claim. */
  nextChunk: Int32Array;
}

/** The keywords of every abstract and the titles of the chunks the worker claimed; its step times. */
export interface WorkerFeatures {
  keywords: string[][];
  titles: TitleChunk[];
  timings: Record<string, number>;
}

/** What textFeaturesWorker.js sends back. */
export type FeaturesMessage = { type: 'done'; features: WorkerFeatures } | { type: 'error'; message: string };

/**
 * Below this many papers a thread costs more than it saves: its start, its own compile of the bundle
 * and its own garbage collection compete for a small machine's cores with this thread's background compile
 * and GC. The threshold is where two threads start to pay off in scripts/bench/analyzeSeeds.mjs (--corpus,
 * with and without --parallel): the seeds' few hundred papers are slower on two threads, a few thousand faster.
 */
export const PARALLEL_MIN_PAPERS = 1000;

/** The features from a worker thread running `workerPath` (dist/textFeaturesWorker.js) on the abstracts. */
function featuresInWorker(workerPath: string, request: FeaturesRequest): Promise<WorkerFeatures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerPath, { workerData: request });
    worker.once('message', (m: FeaturesMessage) => {
      void worker.terminate();
      if (m.type === 'done') resolve(m.features);
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
  first?: () => void;
}

/** analyzeCorpus, with the titles and keywords computed on a worker thread running `workerPath`. */
export async function analyzeInParallel(
  corpus: Corpus,
  workerPath: string,
  options: ParallelOptions = {},
): Promise<Analysis> {
  if (corpus.papers.length < (options.minPapers ?? PARALLEL_MIN_PAPERS) || !existsSync(workerPath)) {
    options.first?.();
    return analyzeCorpus(corpus, options);
  }
  const abstracts = corpus.papers.map(paperText);
  const nextChunk = new Int32Array(new SharedArrayBuffer(4));
  const features = featuresInWorker(workerPath, { abstracts, nextChunk });
  // a failed worker is handled below, after the themes: not an unhandled rejection meanwhile
  features.catch(() => {});
  options.first?.();
  const pending = beginAnalysis(corpus, options);
  options.onProgress?.('titles', 0);
  const titlesStart = performance.now();
  const mine = claimTitles(abstracts, claimFrom(nextChunk));
  const titlesHere = performance.now() - titlesStart;
  const waitStart = performance.now();
  let theirs: WorkerFeatures;
  try {
    theirs = await features;
  } catch {
    // the chunks the worker claimed before it failed are computed by mergeTitles
    const keywordsStart = performance.now();
    theirs = { keywords: keywordsForCorpus(abstracts), titles: [], timings: {} };
    theirs.timings.keywords = performance.now() - keywordsStart;
  }
  const titles = mergeTitles(abstracts, [...mine, ...theirs.titles]);
  // how long this thread waited for the worker (or did its work after it failed): what is left to balance
  const timings = {
    ...theirs.timings,
    titles: (theirs.timings.titles ?? 0) + titlesHere,
    titlesHere,
    wait: performance.now() - waitStart,
  };
  return pending.finish({ titles, keywords: theirs.keywords, timings });
}
