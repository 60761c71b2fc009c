/**
 * Simulated readers of the For You benchmark: each stars k papers of one arXiv category (drawn at random) and reads
 * 100 other papers of the library (drawn at random from all of it, never a starred one) without marking them.
 * A ranking is good for the reader when its top papers are of the starred papers' category: precision@10 and @20.
 */
import { PaperSignal } from '../../../src/core/forYou';
import { seededRandom } from '../../../src/core/vectors';

export const READ_PAPERS = 100;

export interface Reader {
  category: string;
  k: number;
  starred: number[];
  read: number[];
}

/** Returns row indices, best first, none of them a starred or read paper. */
export type Ranker = (reader: Reader) => number[];

/** A stable seed for one reader: the same readers in every run. */
function seedOf(category: string, k: number, r: number): number {
  let h = 2166136261;
  for (const ch of `${category}/${k}/${r}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function draw(pool: readonly number[], count: number, random: () => number): number[] {
  const copy = [...pool];
  for (let i = 0; i < count && i < copy.length; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

export function makeReaders(
  category: readonly string[],
  categories: string[],
  ks: number[],
  perCell: number,
): Reader[] {
  const readers: Reader[] = [];
  const all = category.map((_, i) => i);
  for (const c of categories) {
    const pool = all.filter((i) => category[i] === c);
    for (const k of ks)
      for (let r = 0; r < perCell; r++) {
        const random = seededRandom(seedOf(c, k, r));
        const starred = draw(pool, k, random);
        const taken = new Set(starred);
        const read = draw(
          all.filter((i) => !taken.has(i)),
          READ_PAPERS,
          random,
        );
        readers.push({ category: c, k, starred, read });
      }
  }
  return readers;
}

export function signalsOf(reader: Reader, ids: readonly string[]): PaperSignal[] {
  return [
    ...reader.starred.map((i) => ({ id: ids[i], kind: 'starred' as const })),
    ...reader.read.map((i) => ({ id: ids[i], kind: 'read' as const })),
  ];
}

/** The share of the first `at` ranked papers in the reader's category. */
export function precisionAt(ranked: readonly number[], category: readonly string[], reader: Reader, at: number) {
  return ranked.slice(0, at).filter((i) => category[i] === reader.category).length / at;
}

/** The top `count` rows of `scores` without the reader's starred and read papers. */
export function topUnmarked(scores: Float32Array, reader: Reader, count: number): number[] {
  const marked = new Set([...reader.starred, ...reader.read]);
  const order: number[] = [];
  for (let i = 0; i < scores.length; i++) if (!marked.has(i)) order.push(i);
  order.sort((a, b) => scores[b] - scores[a] || a - b);
  return order.slice(0, count);
}
