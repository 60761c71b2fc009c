/**
 * The terms of the abstract genre, learned from the dev corpus: words and two-word phrases that the fields use in
 * proportion to their size ("future research", "wide range", "idea"), so that knowing a paper uses one says almost
 * nothing about its field. Such a phrase names no topic, and no theme label is built from one
 * (themes/labelCorpus.ts). Judged across all the categories, and inside each archive across its own categories
 * (inside Computer Science, "future research" is spread over its fields as evenly as "idea" is over all of arXiv),
 * by statistics alone: no list of examples.
 */
import { termsOf } from '../../src/core/vectors';
import { DevPaper } from '../lib/devCorpus';

/** Categories with fewer training papers than this are too small to tell a share from noise. */
const MIN_CATEGORY_PAPERS = 150;
/** An archive is judged on its own when it has this many such categories. */
const MIN_ARCHIVE_CATEGORIES = 3;
/** Fewest papers (of those judged) using a term for its spread to be judged. */
const MIN_TERM_PAPERS = 50;
/**
 * A term is of the genre when the categories of the papers using it are this close to the categories of all the
 * papers judged: the Kullback–Leibler divergence, in nats, of P(category | term) from P(category); across all the
 * categories, and inside an archive.
 */
export const GENRE_DIVERGENCE = 0.15;
export const ARCHIVE_GENRE_DIVERGENCE = 0.12;

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

const archiveOf = (code: string) => (code.includes('.') ? code.slice(0, code.indexOf('.')) : code);

/** The genre's terms among the training papers' terms, sorted. */
export function genreTerms(train: readonly DevPaper[]): string[] {
  const out = new Set(evenlySpread(train, GENRE_DIVERGENCE));
  const archives = new Map<string, Set<string>>();
  for (const [code, n] of categorySizes(train))
    if (n >= MIN_CATEGORY_PAPERS && code.includes('.'))
      archives.set(archiveOf(code), (archives.get(archiveOf(code)) ?? new Set()).add(code));
  for (const [archive, codes] of [...archives].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (codes.size < MIN_ARCHIVE_CATEGORIES) continue;
    const inside = train.filter((p) => archiveOf(p.primary) === archive);
    for (const t of evenlySpread(inside, ARCHIVE_GENRE_DIVERGENCE)) out.add(t);
  }
  return [...out].sort();
}

function categorySizes(papers: readonly DevPaper[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const p of papers) sizes.set(p.primary, (sizes.get(p.primary) ?? 0) + 1);
  return sizes;
}

/** The terms whose papers' categories diverge from all the papers' by less than `divergence`. */
function evenlySpread(papers: readonly DevPaper[], divergence: number): string[] {
  const sizeOf = categorySizes(papers);
  const categories = [...sizeOf]
    .filter(([, n]) => n >= MIN_CATEGORY_PAPERS)
    .map(([c]) => c)
    .sort();
  const column = new Map(categories.map((c, i) => [c, i]));
  const counts = new Map<string, Float64Array>();
  for (const p of papers) {
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
    if (divergenceFromPrior(row, sizes) < divergence) out.push(term);
  }
  return out;
}
