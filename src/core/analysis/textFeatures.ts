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
