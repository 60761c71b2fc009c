import * as vscode from 'vscode';
import { applyChange, isEmptyUserData, parseUserData, PaperUserData, serializeUserData } from '../../core/papers';
import { PapersInputError } from '../../core/papers';
import { PaperMarks, UserState } from '../services';
import { FileQueue, readForUpdate, readText, writeFileAtomic } from './workspaceFiles';
import { refusedInRestrictedMode } from './restrictedMode';

const STORE_DIR = '.papers/papers';
const MEMENTO_KEY = 'papers.userData';

/**
 * What the user marks on each paper (read, starred, tags, annotations). In a workspace folder they live in
 * `.papers/papers/<id>.json`, one small file per paper; without a folder, in the workspace memento.
 * Every write re-reads the file and changes only the fields the user changed, so two windows on the same
 * folder keep each other's changes; a file changed on disk (git pull) is re-read through a watcher.
 * A corrupt file is reported with its path and moved aside as a backup before anything is written there.
 */
export class UserStore implements UserState, vscode.Disposable {
  private readonly records = new Map<string, PaperUserData>();
  private readonly emitter = new vscode.EventEmitter<string[]>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private readonly queue = new FileQueue();

  private constructor(
    private readonly dir: vscode.Uri | undefined,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  static async create(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Promise<UserStore> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    const store = new UserStore(folder ? vscode.Uri.joinPath(folder.uri, STORE_DIR) : undefined, context.workspaceState, log);
    await store.loadAll();
    store.watch();
    return store;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  marks(id: string): PaperMarks {
    const d = this.records.get(id);
    return { read: d?.read === true, starred: d?.starred === true };
  }

  readCount(ids: Iterable<string>): number {
    let n = 0;
    for (const id of ids) if (this.records.get(id)?.read) n++;
    return n;
  }

  data(id: string): Readonly<PaperUserData> {
    return this.records.get(id) ?? {};
  }

  idsWithData(): string[] {
    return [...this.records.keys()];
  }

  setRead(id: string, read: boolean): Promise<void> {
    return this.update(id, (d) => applyChange(d, { read }));
  }

  setStarred(id: string, starred: boolean): Promise<void> {
    return this.update(id, (d) => applyChange(d, { starred }));
  }

  /** Where a paper's file is; undefined without a workspace folder. */
  fileFor(id: string): vscode.Uri | undefined {
    return this.dir && vscode.Uri.joinPath(this.dir, `${id}.json`);
  }

  private async loadAll(): Promise<void> {
    if (!this.dir) {
      const saved = this.memento.get<Record<string, PaperUserData>>(MEMENTO_KEY, {});
      for (const [id, d] of Object.entries(saved)) this.records.set(id, d);
      return;
    }
    let entries: [string, vscode.FileType][] = [];
    try {
      entries = await vscode.workspace.fs.readDirectory(this.dir);
    } catch {
      return; // no user data yet
    }
    await Promise.all(entries.filter(([name, type]) => type === vscode.FileType.File && /^[0-9a-f]+\.json$/.test(name)).map(([name]) => this.loadFile(vscode.Uri.joinPath(this.dir!, name))));
  }

  /** Reads one paper's file into memory; returns the ids that changed. */
  private async loadFile(uri: vscode.Uri): Promise<string | undefined> {
    const id = /([0-9a-f]+)\.json$/.exec(uri.path)?.[1];
    if (!id) return undefined;
    const text = await readText(uri);
    if (text === undefined) {
      const had = this.records.delete(id);
      return had ? id : undefined;
    }
    try {
      this.records.set(id, parseUserData(text, vscode.workspace.asRelativePath(uri)));
    } catch (err) {
      if (!(err instanceof PapersInputError)) throw err;
      this.log.warn(err.message);
      void vscode.window.showWarningMessage(`Papers: ${err.message}. The file is left as it is; your next change to this paper keeps a backup of it first.`);
    }
    return id;
  }

  private watch(): void {
    if (!this.dir) return;
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.dir, '*.json'));
    const reload = (uri: vscode.Uri) =>
      this.queue
        .run(async () => {
          const id = await this.loadFile(uri);
          if (id) this.emitter.fire([id]);
        })
        .catch((err) => this.log.error(`Papers: cannot re-read ${vscode.workspace.asRelativePath(uri)}: ${(err as Error).message}`));
    this.disposables.push(watcher, watcher.onDidCreate(reload), watcher.onDidChange(reload), watcher.onDidDelete(reload));
  }

  /** Serializes writes so two quick clicks cannot interleave their read-merge-write. */
  update(id: string, edit: (onDisk: PaperUserData) => PaperUserData): Promise<void> {
    if (refusedInRestrictedMode()) return Promise.resolve();
    return this.queue.run(() => this.write(id, edit));
  }

  private async write(id: string, edit: (onDisk: PaperUserData) => PaperUserData): Promise<void> {
    const uri = this.fileFor(id);
    if (!uri) {
      const merged = edit({ ...(this.records.get(id) ?? {}) });
      this.records.set(id, merged);
      const all = Object.fromEntries(this.records);
      await this.memento.update(MEMENTO_KEY, all);
      this.emitter.fire([id]);
      return;
    }
    const { value, existed, corrupt } = await readForUpdate(uri, parseUserData, this.log);
    // a broken file starts again from the last good data read here
    const onDisk: PaperUserData = value ?? (corrupt ? { ...(this.records.get(id) ?? {}) } : {});
    const merged = edit(onDisk);
    if (isEmptyUserData(merged)) {
      if (existed) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    } else {
      await vscode.workspace.fs.createDirectory(this.dir!);
      await writeFileAtomic(uri, serializeUserData(merged));
    }
    this.records.set(id, merged);
    this.emitter.fire([id]);
  }
}
