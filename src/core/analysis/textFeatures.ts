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
  abstracts: readonly string[],
  onProgress: (step: string, fraction: number) => void = () => {},
): TextFeatures {
  const timings: Record<string, number> = {};
  const time = timer(timings, onProgress);
  const titles = time('titles', () => abstracts.map((a) => deriveTitle(a)));
  const keywords = time('keywords', () => keywordsForCorpus(abstracts));
  return { titles, keywords, timings };
}

/** Papers of one claim: the titles of a corpus are derived in chunks that two threads take turns to claim. */
export const TITLE_CHUNK = 256;

/**
 * Keywords of all the abstracts, then the titles of the chunks `claim` hands out (the start of the next chunk not
 * taken yet, or ≥ abstracts.length when none is left): a thread that finishes its own work first takes more of the
 * titles. Returns the keywords and each claimed chunk's titles by its start.
 */
export function keywordsThenClaimedTitles(
  abstracts: readonly string[],
  claim: () => number,
): { keywords: string[][]; chunks: Map<number, TitleResult[]>; timings: Record<string, number> } {
  const timings: Record<string, number> = {};
  const time = timer(timings, () => {});
  const keywords = time('keywords', () => keywordsForCorpus(abstracts));
  const chunks = time('titles', () => claimedTitles(abstracts, claim));
  return { keywords, chunks, timings };
}

/** The titles of every chunk `claim` hands out, by the chunk's start. */
export function claimedTitles(abstracts: readonly string[], claim: () => number): Map<number, TitleResult[]> {
  const chunks = new Map<number, TitleResult[]>();
  for (let from = claim(); from < abstracts.length; from = claim())
    chunks.set(
      from,
      abstracts.slice(from, from + TITLE_CHUNK).map((a) => deriveTitle(a)),
    );
  return chunks;
}

/** Titles in order from the chunks two threads claimed (each start claimed once). */
export function joinTitleChunks(count: number, ...parts: Map<number, TitleResult[]>[]): TitleResult[] {
  const titles: TitleResult[] = new Array(count);
  for (const part of parts) for (const [from, chunk] of part) chunk.forEach((t, i) => (titles[from + i] = t));
  for (let i = 0; i < count; i++) if (!titles[i]) throw new Error(`no title was derived for paper ${i}`);
  return titles;
}
