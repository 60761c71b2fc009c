import * as vscode from 'vscode';
import { AnalysisSnapshot, decodeSnapshot, encodeSnapshot, openSnapshot, SnapshotOutline } from '../../core/snapshot';
import { SnapshotError } from '../../core/snapshot';
import { contentKey, digestOf, FileDigest } from './digest';
export type { FileDigest } from './digest';
import type { LocalCacheFiles } from './platform';
import { replaceFile } from '../storage/workspaceFiles';
import { runOnHost } from './hostSteps';

/** How many analyses to keep (one per set of collections the user switches between). */
const KEEP = 3;
const EXT = '.snapshot';
/** The collection files' remembered digests (digestMemo.ts), kept by prune. */
const MEMO = 'digests.json';

/**
 * Analyses cached under the extension's global storage, one file per analysis (core/snapshot/format.ts), keyed
 * by the extension version, the snapshot format and the exact bytes of every collection file: a second
 * activation on unchanged collections restores instead of re-analyzing, and any change to a file or to
 * the extension makes a new key. Entries of other keys beyond the last few, of older formats (the
 * `.json` + `.bin` pairs of format 1) and unfinished writes are deleted. On a local disk (`local`, node) entries
 * are read piece by piece and written by the analysis process; elsewhere (the web) through workspace.fs, whole.
 */
export class AnalysisCache {
  private readonly dir: vscode.Uri;

  constructor(
    storage: vscode.Uri,
    private readonly version: string,
    private readonly log: vscode.LogOutputChannel,
    private readonly local?: LocalCacheFiles,
  ) {
    this.dir = vscode.Uri.joinPath(storage, 'analysis-cache');
  }

  async key(files: { path: string; bytes: Uint8Array }[]): Promise<string> {
    return this.keyOf(await Promise.all(files.map((f) => digestOf(f.path, f.bytes))));
  }

  keyOf(digests: readonly FileDigest[]): Promise<string> {
    return contentKey(this.version, digests);
  }

  /**
   * The collection files' digests, computed a few MB at a time without reading the files into memory, or
   * remembered for files whose size and time are unchanged (digestMemo.ts); undefined when a file is not on disk
   * or not readable (the caller then reads the files and calls key()).
   */
  async digestsOf(uris: readonly vscode.Uri[]): Promise<FileDigest[] | undefined> {
    const local = this.local;
    if (!local || uris.length === 0 || uris.some((u) => u.scheme !== 'file') || this.dir.scheme !== 'file')
      return undefined;
    const started = Date.now();
    try {
      const files = uris.map((u) => ({ path: u.toString(), fsPath: u.fsPath }));
      const digests = await local.digestsOf(vscode.Uri.joinPath(this.dir, MEMO).fsPath, files);
      this.log.info(`cache key ${Date.now() - started} ms`);
      return digests;
    } catch {
      return undefined;
    }
  }

  /**
   * The cached analysis, or undefined (none, or one that cannot be read: it is deleted and the caller analyzes
   * again). What the tree does not need (abstracts, search postings, related rows) is read when first used,
   * from the file, kept open while any part of the snapshot is (openSnapshotFile's `whileUsed`). `onOutline`
   * is called with the entry's themes before its papers are decoded; what it throws is logged.
   */
  load(key: string, onOutline?: (outline: SnapshotOutline) => Promise<void>): Promise<AnalysisSnapshot | undefined> {
    return this.loadFile(vscode.Uri.joinPath(this.dir, key + EXT), onOutline);
  }

  /** A regrouping of `key`'s collections waits here for the user to apply it (regroup.ts). */
  pendingFileFor(key: string): string | undefined {
    return this.onDisk ? vscode.Uri.joinPath(this.dir, `${key}.regroup`).fsPath : undefined;
  }

  /** The analysis in a snapshot file, as load(); a file that cannot be read is deleted. */
  async loadFile(
    uri: vscode.Uri,
    onOutline?: (outline: SnapshotOutline) => Promise<void>,
  ): Promise<AnalysisSnapshot | undefined> {
    let file: ReturnType<LocalCacheFiles['open']> | undefined;
    try {
      // a file on a local disk is read piece by piece (src/node/cache/snapshotFile.ts); another file system whole
      if (uri.scheme !== 'file' || !this.local)
        return decodeSnapshot(await vscode.workspace.fs.readFile(uri), { deferred: true });
      file = this.local.open(uri.fsPath);
      const opened = openSnapshot(file);
      if (onOutline) {
        const outline = opened.outline();
        await onOutline(outline).catch((err: Error) =>
          this.log.warn(`could not show the cached themes early: ${err.message}`),
        );
      }
      // in short steps (a large library's whole decode would hold this thread too long): the views are answered meanwhile
      return await runOnHost(opened.decodeInSteps({ deferred: true }));
    } catch (err) {
      file?.close();
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT' || code === 'FileNotFound') return undefined; // no entry yet
      // damaged, truncated or of another format (SnapshotError), or unreadable: analyze again, never fail
      this.log.warn(
        `ignoring the cached analysis ${uri.fsPath} (${err instanceof SnapshotError ? err.message : String(err)}); analyzing again`,
      );
      await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
      return undefined;
    }
  }

  /** Where the entry of `key` lives on disk, for an analysis process to write it; undefined when the storage is not on disk. */
  fileFor(key: string): string | undefined {
    return this.onDisk ? vscode.Uri.joinPath(this.dir, key + EXT).fsPath : undefined;
  }

  private get onDisk(): boolean {
    return this.dir.scheme === 'file' && this.local !== undefined;
  }

  /** After an analysis process wrote the entry of `key` (fileFor): older entries are pruned. */
  async written(key: string, bytes: number): Promise<void> {
    this.log.info(`cached the analysis (${(bytes / 2 ** 20).toFixed(1)} MB, written by the analysis process)`);
    await this.prune(key).catch((err: Error) => this.log.warn(`could not prune the analysis cache: ${err.message}`));
  }

  /** Deletes the entry of `key` (found damaged after it was restored): the next load analyzes again. */
  async drop(key: string): Promise<void> {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.dir, key + EXT)).then(undefined, () => undefined);
  }

  async save(key: string, snapshot: AnalysisSnapshot): Promise<void> {
    try {
      const started = Date.now();
      await vscode.workspace.fs.createDirectory(this.dir);
      const bytes = encodeSnapshot(snapshot);
      // written aside, then renamed: an interrupted write never leaves a partial entry under the key
      await replaceFile(
        vscode.Uri.joinPath(this.dir, key + EXT),
        bytes,
        vscode.Uri.joinPath(this.dir, `${key}${EXT}.partial`),
      );
      this.log.info(
        `cached the analysis (${(bytes.byteLength / 2 ** 20).toFixed(1)} MB) in ${Date.now() - started} ms`,
      );
      await this.prune(key);
    } catch (err) {
      this.log.warn(`could not cache the analysis: ${(err as Error).message}`);
    }
  }

  private async prune(keep: string): Promise<void> {
    const entries = await vscode.workspace.fs.readDirectory(this.dir);
    const stats = await Promise.all(
      entries
        .filter(([name]) => name.endsWith(EXT) && name !== keep + EXT)
        .map(async ([name]) => ({
          name,
          mtime: (await vscode.workspace.fs.stat(vscode.Uri.joinPath(this.dir, name))).mtime,
        })),
    );
    stats.sort((a, b) => b.mtime - a.mtime);
    const stale = [
      ...stats.slice(KEEP - 1).map((s) => s.name),
      ...entries.map(([name]) => name).filter((name) => !name.endsWith(EXT) && !name.startsWith(keep) && name !== MEMO),
    ];
    for (const name of stale)
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(this.dir, name)).then(undefined, () => undefined);
  }
}
