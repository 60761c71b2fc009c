import { ForYouOptions, ForYouRanking, PaperSignal, PaperVectors, RankedPaper } from './types';

/**
 * Ranks the papers without a signal by how close they are to the reader's positive signal papers.
 * A first version: the centroid of the positives' LSA rows; each reason names the positives closest to the paper.
 */
export function rankForYou(
  vectors: PaperVectors,
  signals: readonly PaperSignal[],
  options: ForYouOptions = {},
): ForYouRanking {
  const { ids, rows, dims } = vectors;
  const limit = options.limit ?? 20;
  const row = new Map(ids.map((id, i) => [id, i]));
  const signalled = new Set(signals.map((s) => s.id));
  const positives = signals.filter((s) => isPositive(s, options.tag) && row.has(s.id));
  const positiveIds = [...new Set(positives.map((s) => s.id))];
  const negatives = new Set(signals.filter((s) => !isPositive(s, options.tag)).map((s) => s.id));
  if (positiveIds.length === 0) return { papers: [], positives: 0, negatives: negatives.size };
  const centroid = new Float32Array(dims);
  for (const id of positiveIds) {
    const o = row.get(id)! * dims;
    for (let d = 0; d < dims; d++) centroid[d] += rows[o + d];
  }
  const scored: RankedPaper[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (signalled.has(ids[i]) || (options.candidates && !options.candidates.has(ids[i]))) continue;
    let score = 0;
    for (let d = 0; d < dims; d++) score += rows[i * dims + d] * centroid[d];
    scored.push({ id: ids[i], score: score / positiveIds.length, because: [] });
  }
  scored.sort((a, b) => b.score - a.score);
  const top = scored.slice(0, limit);
  for (const paper of top) paper.because = reasonsFor(paper.id, positives, vectors, row, options.reasons ?? 3);
  return { papers: top, positives: positiveIds.length, negatives: negatives.size };
}

function isPositive(signal: PaperSignal, tag: string | undefined): boolean {
  if (tag !== undefined) return signal.kind === 'tagged' && signal.tag === tag;
  return signal.kind !== 'read' && signal.kind !== 'notInterested';
}

function reasonsFor(
  id: string,
  positives: readonly PaperSignal[],
  { rows, dims }: PaperVectors,
  row: Map<string, number>,
  count: number,
): RankedPaper['because'] {
  const o = row.get(id)! * dims;
  const byPaper = new Map<string, { signal: PaperSignal; score: number }>();
  for (const signal of positives) {
    if (byPaper.has(signal.id)) continue;
    const p = row.get(signal.id)! * dims;
    let score = 0;
    for (let d = 0; d < dims; d++) score += rows[o + d] * rows[p + d];
    byPaper.set(signal.id, { signal, score });
  }
  return [...byPaper.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(({ signal }) => ({ id: signal.id, signal: signal.kind, ...(signal.file ? { file: signal.file } : {}) }));
}
