import * as vscode from 'vscode';
import { formatProblem, LoadProblem, PapersInputError } from '../../core/common';
import { refusedInRestrictedMode } from './restrictedMode';
import { FileQueue, ReadFile, readForUpdate, readText, readWorkspaceFile, UnreadableFileError } from './workspaceFiles';
import { writeFileAtomic } from './workspaceFiles';

/** How a store's values are kept in their files: one JSON file per key, in one folder of the workspace. */
export interface JsonFileFormat<T> {
  /** The file of a key, in the store's folder. */
  fileName(key: string): string;
  /** The key of a file of the folder; undefined for files of no key (left alone). */
  keyOf(fileName: string): string | undefined;
  /**
   * True for the keys the store may make a file of (core/common/pathSegments.ts); a key from a file or a
   * message that fails it never becomes a path. Absent: every key the store is given is its own.
   */
  isKey?(key: string): boolean;
  /** The glob of the store's files in its folder, for the watcher. */
  pattern: string;
  /**
   * Reads a file; throws PapersInputError (naming `file` and the line) for a file that is not a valid one.
   * Entries it refuses but can leave out go to `refused` (reported, and the file is backed up before a write).
   */
  parse(text: string, file: string, refused?: LoadProblem[]): T;
  serialize(value: T): string;
  /** The value of a key without a file. */
  empty(): T;
  /** True when the value needs no file: the file is deleted instead of written. */
  isEmpty(value: T): boolean;
  /** What the warning about a file that does not parse adds after the problem: what happens to its data. */
  unreadable: string;
  /** The error of a change without a workspace folder (for a store that keeps nothing elsewhere). */
  noFolder: string;
  /** The log's prefix for a file that cannot be re-read. */
  logPrefix: string;
  /**
   * When set, a file found missing is looked for again after this long: a file replaced through workspace.fs
   * is deleted before the new one is renamed in.
   */
  lookAgainMs?: number;
}

/**
 * The skeleton of the stores of what the user writes (marks and tags, theme corrections, code links): the values
 * read from their files in memory, every change made by re-reading the file first (another window's or a git
 * pull's changes are kept), one write at a time and atomic; the files followed by a watcher; a file that does
 * not parse reported with its path, its last good value kept, and moved aside (readForUpdate) before the next
 * write; nothing written in Restricted Mode. Stores specialize it with their format and what they add.
 */
export class JsonFileStore<T> implements vscode.Disposable {
  protected readonly values = new Map<string, T>();
  protected readonly emitter = new vscode.EventEmitter<string[]>();
  /** Fires with the keys whose values changed (here, in another window, or on disk). */
  readonly onDidChangeKeys = this.emitter.event;
  protected readonly disposables: vscode.Disposable[] = [this.emitter];
  protected readonly queue = new FileQueue();
  /** How files are read: workspace.fs; the tests put a failing read here to play an unreadable file. */
  read: ReadFile = readWorkspaceFile;

  /** `dir` undefined: no workspace folder, no files (the store keeps its values elsewhere, or none). */
  constructor(
    protected readonly dir: vscode.Uri | undefined,
    protected readonly format: JsonFileFormat<T>,
    protected readonly log: vscode.LogOutputChannel,
  ) {}

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Where a key's file is; undefined without a workspace folder. */
  uriOf(key: string): vscode.Uri | undefined {
    if (this.format.isKey && !this.format.isKey(key)) return undefined;
    return this.dir && vscode.Uri.joinPath(this.dir, this.format.fileName(key));
  }

  /** Reads every file of the folder; returns the keys read. */
  protected async readAll(): Promise<string[]> {
    if (!this.dir) return [];
    let entries: [string, vscode.FileType][] = [];
    try {
      entries = await vscode.workspace.fs.readDirectory(this.dir);
    } catch {
      return []; // no files yet
    }
    const keys = entries
      .filter(([, type]) => type === vscode.FileType.File)
      .flatMap(([name]) => this.format.keyOf(name) ?? []);
    await Promise.all(keys.map((key) => this.reread(key)));
    return keys;
  }

  /**
   * Re-reads a key's file; true when its value changed. A file that does not parse, or cannot be read, keeps
   * the value read before (reported, never taken for a file that is gone).
   */
  protected async reread(key: string): Promise<boolean> {
    const uri = this.uriOf(key);
    if (!uri) return false;
    const { serialize, lookAgainMs } = this.format;
    const before = this.values.has(key) ? serialize(this.values.get(key)!) : undefined;
    let text: string | undefined;
    try {
      text =
        (await readText(uri, this.read)) ??
        (lookAgainMs
          ? await new Promise((r) => setTimeout(r, lookAgainMs)).then(() => readText(uri, this.read))
          : undefined);
    } catch (err) {
      if (!(err instanceof UnreadableFileError)) throw err;
      this.log.warn(err.message);
      void vscode.window.showWarningMessage(err.message);
      return false;
    }
    if (text === undefined) {
      this.values.delete(key);
      return before !== undefined;
    }
    const file = vscode.workspace.asRelativePath(uri);
    const refused: LoadProblem[] = [];
    try {
      this.values.set(key, this.format.parse(text, file, refused));
    } catch (err) {
      if (!(err instanceof PapersInputError)) throw err;
      this.log.warn(err.message);
      void vscode.window.showWarningMessage(`Papers: ${err.message}. ${this.format.unreadable}`);
      return false;
    }
    if (refused.length) this.reportRefused(refused);
    return serialize(this.values.get(key)!) !== before;
  }

  private reportRefused(refused: LoadProblem[]): void {
    for (const p of refused) this.log.warn(formatProblem(p));
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more, see the Papers log)` : '';
    void vscode.window.showWarningMessage(
      `Papers: ${formatProblem(refused[0])}${more}. Papers never uses such an entry as a path; a change to this ` +
        'file keeps a backup of it first.',
    );
  }

  /** Follows the folder's files: one changed, created or deleted on disk is re-read (after the writes queued here). */
  protected watch(): void {
    if (!this.dir) return;
    // Based on the workspace folder, not on the store's folder: a watcher of a folder that does not exist yet (no
    // link made so far) may miss the files a `git pull` brings into it.
    const folder = vscode.workspace.getWorkspaceFolder(this.dir);
    const relative = folder && vscode.workspace.asRelativePath(this.dir, false);
    const pattern =
      folder && relative && !/[*?{}[\]]/.test(relative)
        ? new vscode.RelativePattern(folder, `${relative}/${this.format.pattern}`)
        : new vscode.RelativePattern(this.dir, this.format.pattern);
    const watcher = vscode.workspace.createFileSystemWatcher(pattern);
    const reload = (uri: vscode.Uri) => {
      const key = this.format.keyOf(uri.path.slice(uri.path.lastIndexOf('/') + 1));
      if (key === undefined) return;
      this.queue
        .run(async () => {
          if (await this.reread(key)) this.emitter.fire([key]);
        })
        .catch((err) =>
          this.log.error(
            `${this.format.logPrefix}: cannot re-read ${vscode.workspace.asRelativePath(uri)}: ${(err as Error).message}`,
          ),
        );
    };
    this.disposables.push(
      watcher,
      watcher.onDidCreate(reload),
      watcher.onDidChange(reload),
      watcher.onDidDelete(reload),
    );
  }

  /**
   * Changes a key's value: `edit` gets what is on disk NOW (re-read just before the write) and returns the new
   * value. Writes are atomic and one at a time; in Restricted Mode nothing is written (the user is told).
   */
  protected modify(key: string, edit: (onDisk: T) => T): Promise<void> {
    if (refusedInRestrictedMode()) return Promise.resolve();
    if (this.format.isKey && !this.format.isKey(key))
      return Promise.reject(
        new Error(`Papers: refused to write the file of ${JSON.stringify(key.slice(0, 80))}: not a valid name`),
      );
    return this.queue.run(() =>
      this.write(key, edit).catch((err: unknown) => {
        // the user's change did not happen: say why, naming the file (an unreadable one, a symlink leading out)
        if (err instanceof Error && /^Papers: (cannot read|refused)/.test(err.message)) {
          this.log.error(err.message);
          void vscode.window.showErrorMessage(err.message);
        }
        throw err;
      }),
    );
  }

  private async write(key: string, edit: (onDisk: T) => T): Promise<void> {
    const uri = this.uriOf(key);
    if (!uri || !this.dir) throw new Error(this.format.noFolder);
    const { serialize, lookAgainMs } = this.format;
    const options = { parse: this.format.parse, read: this.read };
    let { value, corrupt } = await readForUpdate(uri, options, this.log);
    if (value === undefined && !corrupt && lookAgainMs && this.values.has(key)) {
      // Gone, or being replaced by another window right now (workspace.fs deletes before it renames over).
      await new Promise((r) => setTimeout(r, lookAgainMs));
      ({ value, corrupt } = await readForUpdate(uri, options, this.log));
    }
    // A broken file starts again from the last good value read here.
    const onDisk = value ?? (corrupt ? this.values.get(key) : undefined) ?? this.format.empty();
    const next = edit(onDisk);
    if (this.format.isEmpty(next)) {
      await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    } else if (value === undefined || serialize(value) !== serialize(next)) {
      await vscode.workspace.fs.createDirectory(this.dir);
      await writeFileAtomic(uri, serialize(next));
    }
    this.stored(key, next);
    this.emitter.fire([key]);
  }

  /** Keeps a value just written (a store may keep it in another form). */
  protected stored(key: string, value: T): void {
    if (this.format.isEmpty(value)) this.values.delete(key);
    else this.values.set(key, value);
  }
}
