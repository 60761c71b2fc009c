import { keywordsForCorpus } from '../keywords';
import { deriveTitle, TitleResult } from '../titles';

/** The per-paper text features: each depends on one abstract (and corpus counts), on no other step. */
export interface TextFeatures {
  titles: TitleResult[];
  keywords: string[][];
  /** Milliseconds of 'titles' and 'keywords'. */
  timings: Record<string, number>;
}

/** Runs `fn`, recording its milliseconds under `step` and reporting the step first. */
export function timer(timings: Record<string, number>, progress: (step: string, fraction: number) => void) {
  return <T>(step: string, fn: () => T): T => {
    progress(step, 0);
    const t0 = performance.now();
    const out = fn();
    timings[step] = performance.now() - t0;
    return out;
  };
}

/** Titles and keywords of abstracts: work that may run on another thread while the themes are grouped. */
export function textFeatures(
  abstracts: string[],
  onProgress: (step: string, fraction: number) => void = () => {},
): TextFeatures {
  const timings: Record<string, number> = {};
  const time = timer(timings, onProgress);
  const titles = time('titles', () => abstracts.map((a) => deriveTitle(a)));
  const keywords = time('keywords', () => keywordsForCorpus(abstracts));
  return { titles, keywords, timings };
}

/**
 * Papers per chunk of titles shared by two threads: small enough that the two finish within a fraction of a
 * second of each other, large enough that claiming one costs nothing beside its titles (~0.3 ms each).
 */
export const TITLE_CHUNK = 200;

/** Chunk numbers 0, 1, 2... from a counter shared by threads (an Int32Array on a SharedArrayBuffer): each to one thread. */
export const claimFrom = (counter: Int32Array) => (): number => Atomics.add(counter, 0, 1);

/** Titles of consecutive abstracts from `start`, as one thread computed them. */
export interface TitleChunk {
  start: number;
  titles: TitleResult[];
}

/**
 * Titles of the chunks of abstracts this thread claims, until every chunk is claimed. `claim` hands out chunk
 * numbers 0, 1, 2... to whichever thread asks first (an atomic counter shared by the threads), so a thread that
 * finishes its other work early takes more of the titles. Each title depends on its abstract alone: which
 * thread computes it changes nothing.
 */
export function claimTitles(abstracts: string[], claim: () => number, chunk = TITLE_CHUNK): TitleChunk[] {
  const out: TitleChunk[] = [];
  for (let c = claim(); c * chunk < abstracts.length; c = claim()) {
    const start = c * chunk;
    out.push({ start, titles: abstracts.slice(start, start + chunk).map((a) => deriveTitle(a)) });
  }
  return out;
}

/** The titles of all abstracts from the chunks of both threads; a chunk neither has (a thread failed) is computed here. */
export function mergeTitles(abstracts: string[], parts: TitleChunk[], chunk = TITLE_CHUNK): TitleResult[] {
  const titles: TitleResult[] = new Array<TitleResult>(abstracts.length);
  const done = new Uint8Array(Math.ceil(abstracts.length / chunk));
  for (const part of parts) {
    part.titles.forEach((t, i) => (titles[part.start + i] = t));
    done[part.start / chunk] = 1;
  }
  done.forEach((d, c) => {
    if (d) return;
    const start = c * chunk;
    abstracts.slice(start, start + chunk).forEach((a, i) => (titles[start + i] = deriveTitle(a)));
  });
  return titles;
}
