/**
 * The For You list as the reader sees it: the ranking (ranking.ts) of each day's new papers first, newest batch
 * first, then the best of the rest; and the reason of a ranked paper in words. Pure.
 */
import { ForYouScorer } from './ranking';
import { ForYouReason, RankedPaper } from './types';

/** The papers that arrived in one load, as core/papers/arrivals.ts lists them (newest first). */
export interface FeedBatch {
  readonly ids: readonly string[];
}

export interface ForYouFeed {
  /** Best first within each batch, the newest batch first, then the other papers. */
  papers: RankedPaper[];
  /** As in the ranking: 0 positives means no signal to rank by yet. */
  positives: number;
  negatives: number;
}

/**
 * Up to `count` papers: the best of the newest batch first, then of the batch before, and so on, then the best of
 * the papers in no batch (each batch is ranked on its own, so a paper of today is not pushed out by a closer one
 * from last month). One model serves every batch.
 */
export function forYouFeed(
  scorer: ForYouScorer,
  ids: readonly string[],
  batches: readonly FeedBatch[],
  count: number,
): ForYouFeed {
  const papers: RankedPaper[] = [];
  const { positives, negatives } = scorer.counts;
  if (positives === 0) return { papers, positives, negatives };
  const inBatch = new Set<string>();
  for (const batch of batches) {
    for (const id of batch.ids) inBatch.add(id);
    if (papers.length < count) papers.push(...scorer.rank(count - papers.length, new Set(batch.ids)));
  }
  if (papers.length < count) {
    const others = inBatch.size ? new Set(ids.filter((id) => !inBatch.has(id))) : undefined;
    papers.push(...scorer.rank(count - papers.length, others));
  }
  return { papers, positives, negatives };
}

/**
 * A batch's papers in For You order: every one the model ranks (those without a signal of the reader's), best
 * first, with its reasons; then the others (already starred, read, noted…) in the batch's own order. Without a
 * signal to rank by, the batch's own order.
 */
export function rankedBatch(scorer: ForYouScorer, ids: readonly string[]): { order: string[]; ranked: RankedPaper[] } {
  if (scorer.counts.positives === 0) return { order: [...ids], ranked: [] };
  const ranked = scorer.rank(ids.length, new Set(ids));
  const listed = new Set(ranked.map((p) => p.id));
  return { order: [...ranked.map((p) => p.id), ...ids.filter((id) => !listed.has(id))], ranked };
}

/** How a reason names its signal: "starred", "linked from src/train.py". */
export function signalLabel(reason: ForYouReason): string {
  switch (reason.signal) {
    case 'starred':
      return 'starred';
    case 'tagged':
      return 'tagged';
    case 'highlighted':
      return 'highlighted';
    case 'noted':
      return 'in your notes';
    case 'linked':
      return reason.file ? `linked from ${reason.file}` : 'linked from your code';
    case 'read':
      return 'read';
    case 'notInterested':
      return 'not interested';
  }
}

/** A reason in words, each signal paper named by `titleOf`: 'like "X" (starred) and "Y" (linked from src/train.py)'. */
export function reasonText(because: readonly ForYouReason[], titleOf: (id: string) => string): string {
  const parts = because.map((r) => `"${titleOf(r.id)}" (${signalLabel(r)})`);
  if (parts.length === 0) return '';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `like ${list}`;
}
