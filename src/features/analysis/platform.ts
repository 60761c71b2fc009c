/**
 * What differs between the desktop extension host (node: an analysis process, cache files read piece by piece) and
 * the web one (a Web Worker, every file through workspace.fs): the loader (loader.ts) runs the same load on either.
 */
import * as vscode from 'vscode';
import { Theme } from '../../core/papers';
import { AnalysisSnapshot, openSnapshot } from '../../core/snapshot';
import type { PartialSearchService } from '../search/partial';
import { FileDigest } from './digest';

/** A collection file's name (a URI) and content, as the analysis reads it. */
export type CollectionFile = { path: string; bytes: Uint8Array };

/** What an analysis off the host gives: the snapshot, or the size of the cache entry it wrote. */
export type Analyzed = { snapshot: AnalysisSnapshot; whyNotWritten?: string } | { written: number };

/** One analysis asked of the platform. */
export interface AnalyzeCall {
  report: (step: string) => void;
  /** A cache entry on disk to write the analysis to (AnalysisCache.fileFor), when the platform can. */
  saveTo?: string;
  signal?: AbortSignal;
  /** A regroup: the grouping it replaces. */
  previous?: readonly Theme[];
  /** No analysis is shown yet: searchable chunks go to `partial` as they come (features/search/partial.ts). */
  first: boolean;
  partial: PartialSearchService;
}

/** Cache files on a local disk: digests remembered by size and time, snapshots read piece by piece. */
export interface LocalCacheFiles {
  /** The digests of local collection files, kept in the memo file `memoPath`; throws when one cannot be read. */
  digestsOf(memoPath: string, fsPaths: readonly { path: string; fsPath: string }[]): Promise<FileDigest[]>;
  /** A snapshot file opened to be read piece by piece while any part of its snapshot is used. */
  open(fsPath: string): Parameters<typeof openSnapshot>[0] & { close(): void };
}

export interface AnalysisPlatform {
  /** Analyzes the files off the extension host where it can. */
  analyze(files: CollectionFile[], call: AnalyzeCall): Promise<Analyzed>;
  /** Present on a local disk (node); absent on the web, where the cache goes through workspace.fs whole. */
  readonly cacheFiles?: LocalCacheFiles;
  /**
   * Writes the entry `entryFile` of a grown analysis by growing the entry `baseFile` again off the host (the host
   * never encodes a library); resolves to the bytes written. Absent: a grown analysis is not cached, and the next
   * load grows it again from its base.
   */
  persistGrowth?(baseFile: string, entryFile: string, uris: readonly vscode.Uri[]): Promise<number>;
}
