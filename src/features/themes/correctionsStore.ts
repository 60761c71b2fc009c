import * as vscode from 'vscode';
import { EMPTY_CORRECTIONS, parseCorrections, pruneMembers, serializeCorrections, StoredCorrections } from '../../core/themes';
import { PapersInputError } from '../../core/common';
import { FileQueue, readForUpdate, readText, writeFileAtomic } from '../storage/workspaceFiles';
import { refusedInRestrictedMode } from '../storage/restrictedMode';

const FILE = '.papers/themes.json';
const MEMENTO_KEY = 'papers.themeCorrections';

/**
 * The user's theme corrections in `.papers/themes.json` (in the workspace memento without a folder).
 * Every change re-reads the file first (another window, a git pull) and is written atomically; a broken
 * file is reported and kept aside, never overwritten; the file is watched.
 */
export class ThemeCorrectionsStore implements vscode.Disposable {
  private value: StoredCorrections = EMPTY_CORRECTIONS;
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private readonly queue = new FileQueue();
  private readonly uri: vscode.Uri | undefined;

  private constructor(private readonly memento: vscode.Memento, private readonly log: vscode.LogOutputChannel) {
    const folder = vscode.workspace.workspaceFolders?.[0];
    this.uri = folder && vscode.Uri.joinPath(folder.uri, FILE);
  }

  static async create(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): Promise<ThemeCorrectionsStore> {
    const store = new ThemeCorrectionsStore(context.workspaceState, log);
    await store.load();
    if (store.uri) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(store.uri, '..'), 'themes.json'));
      const reload = () =>
        store.queue
          .run(async () => {
            if (await store.load()) store.emitter.fire();
          })
          .catch((err) => log.error(`Papers: cannot re-read ${FILE}: ${(err as Error).message}`));
      store.disposables.push(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload), watcher.onDidDelete(reload));
    }
    return store;
  }

  get corrections(): StoredCorrections {
    return this.value;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Re-reads the file; true when the corrections changed. A broken file keeps the last good corrections. */
  private async load(): Promise<boolean> {
    const before = serializeCorrections(this.value);
    if (!this.uri) {
      this.value = this.memento.get<StoredCorrections>(MEMENTO_KEY, EMPTY_CORRECTIONS);
    } else {
      const text = await readText(this.uri);
      if (text === undefined) this.value = EMPTY_CORRECTIONS;
      else {
        try {
          this.value = parseCorrections(text, vscode.workspace.asRelativePath(this.uri));
        } catch (err) {
          if (!(err instanceof PapersInputError)) throw err;
          this.log.warn(err.message);
          void vscode.window.showWarningMessage(`Papers: ${err.message}. Theme corrections from it are not applied; the file is left as it is until your next correction, which keeps a backup of it first.`);
        }
      }
    }
    return serializeCorrections(this.value) !== before;
  }

  /** Changes the corrections: `edit` gets what is on disk now. */
  update(edit: (onDisk: StoredCorrections) => StoredCorrections): Promise<void> {
    if (refusedInRestrictedMode()) return Promise.resolve();
    return this.queue.run(async () => {
      let onDisk = this.value;
      if (this.uri) {
        const { value, corrupt } = await readForUpdate(this.uri, parseCorrections, this.log);
        // a broken file starts again from the last good corrections read here
        onDisk = value ?? (corrupt ? this.value : EMPTY_CORRECTIONS);
      }
      const changed = pruneMembers(edit(onDisk));
      if (this.uri) {
        await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(this.uri, '..'));
        await writeFileAtomic(this.uri, serializeCorrections(changed));
      } else {
        await this.memento.update(MEMENTO_KEY, changed);
      }
      this.value = changed;
      this.emitter.fire();
    });
  }

  /** Forgets every correction (the file is removed; git still has it). */
  reset(): Promise<void> {
    return this.update(() => EMPTY_CORRECTIONS);
  }
}
