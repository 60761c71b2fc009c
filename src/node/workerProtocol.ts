import { SearchChunk } from '../core/partialSearch';
import { AnalysisSnapshot } from '../core/snapshot';

/** How the worker indexes the abstracts for search before the analysis (see core/partialSearch.ts). */
export interface ChunkPlan {
  /** Papers in the first chunk: small, so the first results come soon. */
  first: number;
  /** Papers in each later chunk. */
  size: number;
  /** Smaller corpora are analyzed soon enough: no chunks. */
  minPapers: number;
}

/** What the extension sends to the analysis worker: the collection files' bytes. */
export interface AnalyzeRequest {
  type: 'analyze';
  files: { path: string; bytes: Uint8Array }[];
  /** When set, searchable chunks are posted while the analysis runs. */
  chunks?: ChunkPlan;
}

/** What the worker sends back. */
export type WorkerMessage =
  | { type: 'progress'; step: string }
  /** A searchable chunk of the corpus's `total` papers, before the analysis is done. */
  | { type: 'chunk'; chunk: SearchChunk; total: number }
  | { type: 'done'; snapshot: AnalysisSnapshot }
  | { type: 'error'; message: string };
