import { AnalysisSnapshot } from '../core/snapshot';

/** What the extension sends to the analysis worker: the collection files' bytes. */
export interface AnalyzeRequest {
  type: 'analyze';
  files: { path: string; bytes: Uint8Array }[];
}

/** What the worker sends back. */
export type WorkerMessage =
  | { type: 'progress'; step: string }
  | { type: 'done'; snapshot: AnalysisSnapshot }
  | { type: 'error'; message: string };
