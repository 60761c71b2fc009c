import { Theme } from '../core/papers';
import { AnalysisSnapshot } from '../core/snapshot';

/** What the web extension host sends its analysis worker (analysisWorker.ts): the collection files' bytes. */
export interface WebAnalyzeRequest {
  files: { path: string; bytes: Uint8Array }[];
  /** A regroup: the grouping it replaces. */
  previous?: readonly Theme[];
}

/** What the worker answers: steps, then the snapshot (and how long the analysis took there) or why it failed. */
export type WebWorkerMessage =
  | { type: 'progress'; step: string }
  | { type: 'done'; snapshot: AnalysisSnapshot; ms: number }
  | { type: 'error'; message: string };
