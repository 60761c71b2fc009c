/**
 * The reader's signals as training examples: which papers are positives, which negatives, and how much each
 * counts. One paper may carry several signals; they are read together here, once.
 */
import { PaperSignal, SignalKind } from './types';

/**
 * How much one paper with this signal counts as a positive example. A link from the reader's own code or a note
 * they wrote costs more effort than a star, a highlight or a tag less: the effort says how much they care.
 */
export const POSITIVE_WEIGHT: Partial<Record<SignalKind, number>> = {
  linked: 1.5,
  noted: 1.25,
  starred: 1,
  tagged: 0.75,
  highlighted: 0.75,
};

/**
 * The negatives' weights are relative to an unmarked paper of the library (weight 1), which the model also takes
 * as a negative: most papers are not for this reader. A paper read and left without any mark says a little more
 * than that (it may have been read for its title alone): a weak negative. "Not interested" is the reader's own word
 * about what to show: a strong one.
 */
export const READ_WEIGHT = 2;
export const NOT_INTERESTED_WEIGHT = 10;

export interface Example {
  id: string;
  weight: number;
  /** The signal a reason names (the strongest positive one); absent for a negative. */
  signal?: PaperSignal;
}

export interface Examples {
  positives: Example[];
  negatives: Example[];
  /** Every paper that carries any signal (none of them is ranked). */
  signalled: Set<string>;
}

/**
 * The positives and negatives of `signals`. With `tag`, only the papers with that tag are positives; the other
 * positive signals then say nothing (a starred paper is no evidence against the tag). "Not interested" wins over
 * every positive signal on the same paper: it is the one signal that speaks about what to recommend, and the
 * reader can take it back.
 */
export function examplesOf(signals: readonly PaperSignal[], tag?: string): Examples {
  const byPaper = new Map<string, PaperSignal[]>();
  // by id: the model trains on its examples in order, and the order of the signals must not change the ranking
  const sorted = [...signals].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const s of sorted) {
    const list = byPaper.get(s.id);
    if (list) list.push(s);
    else byPaper.set(s.id, [s]);
  }
  const positives: Example[] = [];
  const negatives: Example[] = [];
  for (const [id, list] of byPaper) {
    if (list.some((s) => s.kind === 'notInterested')) {
      negatives.push({ id, weight: NOT_INTERESTED_WEIGHT });
      continue;
    }
    const counted = list.filter((s) => (tag === undefined ? s.kind !== 'read' : s.kind === 'tagged' && s.tag === tag));
    if (counted.length > 0) {
      const strongest = counted.reduce((a, b) => (weightOf(b) > weightOf(a) ? b : a));
      positives.push({ id, weight: weightOf(strongest), signal: strongest });
    } else if (list.every((s) => s.kind === 'read')) negatives.push({ id, weight: READ_WEIGHT });
  }
  return { positives, negatives, signalled: new Set(byPaper.keys()) };
}

function weightOf(s: PaperSignal): number {
  return POSITIVE_WEIGHT[s.kind] ?? 0;
}
