/**
 * The terms of the abstract genre, learned from the dev corpus: words and two-word phrases used by every field in
 * proportion to its size ("future research", "wide range", "idea", "conclusion"), so that knowing a paper uses one
 * says almost nothing about its field. Such a phrase names no topic, and no theme label is built from one
 * (themes/labelCorpus.ts). Decided by statistics alone: no list of examples.
 */
import { termsOf } from '../../src/core/vectors';
import { DevPaper } from './devCorpus';

/** Categories with fewer training papers than this are too small to tell a share from noise. */
const MIN_CATEGORY_PAPERS = 150;
/** Fewest training papers using a term for its spread to be judged. */
const MIN_TERM_PAPERS = 50;
/**
 * A term is of the genre when the categories of the papers using it are this close to the categories of all the
 * papers: the Kullback–Leibler divergence, in nats, of P(category | term) from P(category).
 */
export const GENRE_DIVERGENCE = 0.3;

/** KL(P(c | term) ‖ P(c)) from the term's paper count per category and the categories' sizes. */
export function divergenceFromPrior(counts: ArrayLike<number>, sizes: readonly number[]): number {
  let n = 0;
  let total = 0;
  for (let c = 0; c < sizes.length; c++) {
    n += counts[c];
    total += sizes[c];
  }
  if (n === 0) return Infinity;
  let kl = 0;
  for (let c = 0; c < sizes.length; c++)
    if (counts[c] > 0) kl += (counts[c] / n) * Math.log(counts[c] / n / (sizes[c] / total));
  return kl;
}

/** The genre's terms among the training papers' terms, sorted. */
export function genreTerms(train: readonly DevPaper[]): string[] {
  const sizeOf = new Map<string, number>();
  for (const p of train) sizeOf.set(p.primary, (sizeOf.get(p.primary) ?? 0) + 1);
  const categories = [...sizeOf]
    .filter(([, n]) => n >= MIN_CATEGORY_PAPERS)
    .map(([c]) => c)
    .sort();
  const column = new Map(categories.map((c, i) => [c, i]));
  const counts = new Map<string, Float64Array>();
  for (const p of train) {
    const c = column.get(p.primary);
    if (c === undefined) continue;
    for (const term of new Set(termsOf(p.text))) {
      let row = counts.get(term);
      if (!row) counts.set(term, (row = new Float64Array(categories.length)));
      row[c]++;
    }
  }
  const sizes = categories.map((c) => sizeOf.get(c)!);
  const out: string[] = [];
  for (const [term, row] of counts) {
    if (row.reduce((s, n) => s + n, 0) < MIN_TERM_PAPERS) continue;
    if (divergenceFromPrior(row, sizes) < GENRE_DIVERGENCE) out.push(term);
  }
  return out.sort();
}
