/** What the reader's own files say about papers, and the ranking made from it. Plain data, no logic. */

/**
 * One kind of evidence about a paper, strongest first: a paper the reader starred, tagged, highlighted, wrote
 * notes on or linked from code is one they care about; one they read and left without any of these is a weak
 * negative; "not interested" is a strong one.
 */
export type SignalKind = 'starred' | 'tagged' | 'highlighted' | 'noted' | 'linked' | 'read' | 'notInterested';

export interface PaperSignal {
  /** The paper's id (the analysis's `Paper.id`). */
  id: string;
  kind: SignalKind;
  /** For `tagged`: the tag. */
  tag?: string;
  /** For `linked`: the workspace-relative file the link comes from (shown in the reason). */
  file?: string;
}

/** The papers as the ranking reads them: unit-length LSA rows, `ids.length × dims`, row-major. */
export interface PaperVectors {
  ids: readonly string[];
  rows: Float32Array;
  dims: number;
  /**
   * Optional: paper i's TF-IDF row in the analysis's terms (unit length). The ranking reads it for the few papers
   * it looks at closely (the positives and its shortlist), to tell apart what the LSA rows blur; without it the
   * ranking reads the LSA rows alone. forYouVectors makes it from an analysis's text and LSA space.
   */
  termRow?: (row: number) => TermRow;
}

/** A sparse row: term indices (ascending) and their weights. */
export interface TermRow {
  indices: Uint32Array;
  values: Float32Array;
}

export interface ForYouOptions {
  /** Rank by the papers with this tag only ("papers like my #diffusion ones"); other positives are ignored. */
  tag?: string;
  /** How many papers to return (default 20). */
  limit?: number;
  /** Ids that may be ranked (e.g. only the newest batch); default every paper. */
  candidates?: ReadonlySet<string>;
  /** How many signal papers each reason names (default 3). */
  reasons?: number;
}

/** One signal paper a ranked paper is like, with the strongest signal it carries. */
export interface ForYouReason {
  id: string;
  signal: SignalKind;
  /** The linked file, when `signal` is `linked`. */
  file?: string;
}

export interface RankedPaper {
  id: string;
  /** Higher is more likely wanted; comparable within one ranking only. */
  score: number;
  because: ForYouReason[];
}

export interface ForYouRanking {
  /** Best first; never a paper that carries a signal (read, starred, ... or not interested). */
  papers: RankedPaper[];
  /** Signal papers that counted as positive / negative examples (0 positives: the ranking is empty). */
  positives: number;
  negatives: number;
}
