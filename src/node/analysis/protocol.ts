import { SearchChunk } from '../../core/search';
import { AnalysisSnapshot } from '../../core/snapshot';
import { Theme } from '../../core/papers';

/** How the worker indexes the abstracts for search before the analysis (see core/search/partial.ts). */
export interface ChunkPlan {
  /** Papers in the first chunk: small, so the first results come soon. */
  first: number;
  /** Papers in each later chunk. */
  size: number;
  /** Smaller corpora are analyzed soon enough: no chunks. */
  minPapers: number;
}

/** What the extension sends to the analysis worker: the collection files' bytes, or where to read them on disk. */
export interface AnalyzeRequest {
  type: 'analyze';
  files: ({ path: string; bytes: Uint8Array } | { path: string; fsPath: string })[];
  /** When set, searchable chunks are posted while the analysis runs. */
  chunks?: ChunkPlan;
  /**
   * When set, the worker writes the encoded snapshot to this file (via `<file>.partial` and a rename) and
   * answers `saved` instead of sending the snapshot: the extension host then reads it like a cached analysis,
   * and never holds or encodes the worker's copy.
   */
  saveTo?: string;
  /**
   * A cache entry to grow from (core/analysis/grow.ts) instead of analyzing afresh: the extension host has grown
   * the same analysis already and shows it; the worker makes the same one again, to write it to `saveTo`.
   */
  growFrom?: string;
  /**
   * A regroup (Papers: Regroup Themes…): the computed themes of the grouping shown, which the fresh grouping keeps
   * the papers' fields of and starts its topics from (core/themes/previousGrouping.ts).
   */
  previous?: readonly Theme[];
}

/** What the worker sends back. */
export type WorkerMessage =
  | { type: 'progress'; step: string }
  /** A searchable chunk of the corpus's `total` papers, before the analysis is done. */
  | { type: 'chunk'; chunk: SearchChunk; total: number }
  /** The analysis; `whyNotSaved` when it was asked to write it to a file (saveTo) and could not. */
  | { type: 'done'; snapshot: AnalysisSnapshot; whyNotSaved?: string }
  | { type: 'saved'; file: string; bytes: number }
  | { type: 'error'; message: string };
