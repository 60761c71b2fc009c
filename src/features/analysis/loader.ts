/**
 * The loading seam: the model (model.ts) hands the loader the collection files and gets back the analysis, with
 * progress and an early outline as events of the run, one way. How the analysis is made (an analysis process on
 * the desktop, a Web Worker on the web) and cached is the loader's: see platform.ts.
 */
import * as vscode from 'vscode';
import { Analysis, GrowthRegroupNotice } from '../../core/analysis';
import { Theme } from '../../core/papers';
import { SnapshotOutline } from '../../core/snapshot';
import { RegroupDiff } from '../../core/themes';
import type { PartialSearchService } from '../search/partial';
import { Grown, Lineage } from './growth';

export interface LoadRequest {
  uris: readonly vscode.Uri[];
  /** The analysis shown now, to grow from (undefined when none, or the bundled seeds'). */
  shown: Lineage | undefined;
  signal: AbortSignal;
}

/** What a load shows, and what a later load may grow from (none for the bundled seeds). */
export interface Loaded {
  analysis: Analysis;
  lineage?: Lineage;
  /** Set when the analysis was grown from the last one. */
  grown?: Grown;
  /**
   * Set when this load grew the library by grouping it afresh (core/analysis/growthRegroup.ts), from the analysis
   * shown before to this one; never for a restore, which changes nothing the user saw.
   */
  groupedAfresh?: GrowthRegroupNotice;
}

/** A fresh grouping of the library, not shown yet (see regroup.ts). */
export interface FreshGrouping {
  diff: RegroupDiff;
  /** The themes `diff` compares: those shown and the fresh ones. */
  before: readonly Theme[];
  after: readonly Theme[];
  /** Puts its cache entry in place; what the model then shows. */
  apply(): Promise<Lineage>;
  discard(): Promise<void>;
}

/** One load or regroup under way: its events, then its result. */
export interface LoadRun<T> {
  /** A step of the work, for the progress shown. */
  readonly onProgress: vscode.Event<string>;
  /** The themes of a cached analysis, before its papers are decoded. */
  readonly onOutline: vscode.Event<SnapshotOutline>;
  readonly result: Promise<T>;
}

export interface CollectionLoader extends vscode.Disposable {
  /** Search over the chunks indexed so far while the first analysis runs (see features/search/partial.ts). */
  readonly partial: PartialSearchService;
  /** No analysis shown yet: the load indexes chunks for the partial search as it goes. */
  load(request: LoadRequest & { first: boolean }): LoadRun<Loaded>;
  /** Groups the library of `before` afresh, off the host, without showing it. */
  regroup(request: { uris: readonly vscode.Uri[]; before: Analysis; signal: AbortSignal }): LoadRun<FreshGrouping>;
  /** Drops the cache entry of `key` (found damaged after it was restored): the next load analyzes again. */
  forget(key: string): Promise<void>;
}

/**
 * Starts `work` after the caller has subscribed to the run's events (the work begins on a later microtask), and
 * ends the events with it.
 */
export function startRun<T>(
  work: (emit: { progress(step: string): void; outline(outline: SnapshotOutline): void }) => Promise<T>,
): LoadRun<T> {
  const progress = new vscode.EventEmitter<string>();
  const outline = new vscode.EventEmitter<SnapshotOutline>();
  const result = Promise.resolve()
    .then(() => work({ progress: (s) => progress.fire(s), outline: (o) => outline.fire(o) }))
    .finally(() => {
      progress.dispose();
      outline.dispose();
    });
  return { onProgress: progress.event, onOutline: outline.event, result };
}
