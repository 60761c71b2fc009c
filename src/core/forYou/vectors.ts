/**
 * The papers of an analysis as the ranking reads them: the related index's LSA rows (kept in memory and in the
 * analysis cache), and each paper's TF-IDF row read again from its text in the theme model's LSA space, on demand:
 * a ranking reads a thousand or so of them, never the whole library, so nothing corpus-sized is kept or cached.
 */
import type { Analysis } from '../analysis';
import { paperText } from '../papers';
import type { EmbeddingSpace } from '../vectors';
import { readText } from '../vectors/embedding';
import { PaperVectors, TermRow } from './types';

/** Rows read again after this many are remembered: the memo stays far below the size of the library's rows. */
const REMEMBERED_ROWS = 20_000;

/** A paper's TF-IDF row from its text, remembered for the next rankings (a signal changes, the shortlist barely). */
export function termRowReader(space: EmbeddingSpace, textOf: (row: number) => string): (row: number) => TermRow {
  const remembered = new Map<number, TermRow>();
  return (row) => {
    let found = remembered.get(row);
    if (!found) {
      if (remembered.size >= REMEMBERED_ROWS) remembered.clear();
      found = readText(space, textOf(row)).row;
      remembered.set(row, found);
    }
    return found;
  };
}

/** The ranking's view of an analysis, fresh or restored from its cache (LSA rows only when it has no model). */
export function forYouVectors(analysis: Pick<Analysis, 'related' | 'byId' | 'model'>): PaperVectors {
  const { ids, rows, dims } = analysis.related;
  const space = analysis.model?.space;
  if (!space) return { ids, rows, dims };
  return { ids, rows, dims, termRow: termRowReader(space, (i) => paperText(analysis.byId.get(ids[i])!)) };
}
