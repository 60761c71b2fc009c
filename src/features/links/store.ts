import * as vscode from 'vscode';
import { LINKS_DIR, linksFilePath, PaperLink, paperIdOfLinksFile, parseLinks, serializeLinks } from '../../core/links';
import { PapersInputError } from '../../core/common';
import { FileQueue, readForUpdate, readText, writeFileAtomic } from '../storage/workspaceFiles';
import { refusedInRestrictedMode } from '../storage/restrictedMode';

/** Wait before believing that a link file is gone. */
const REREAD_MS = 150;

/**
 * The links as stored in `.papers/links/<paper id>.json` (one small file per paper) of the first workspace
 * folder. Every change re-reads the paper's file first and edits the links by id (so another window's or a
 * git pull's links are kept and a link removed elsewhere is not brought back), then writes atomically;
 * changes on disk are picked up by a watcher. A broken file is reported, its links are kept in memory, and
 * it is moved aside before the next write. Without a folder there is nothing to link to: the store is empty.
 */
export class LinkStore implements vscode.Disposable {
  private readonly byPaper = new Map<string, PaperLink[]>();
  private readonly emitter = new vscode.EventEmitter<string[]>();
  /** Fires with the ids of the papers whose links changed. */
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private readonly queue = new FileQueue();
  readonly folder: vscode.WorkspaceFolder | undefined;
  private readonly dir: vscode.Uri | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.folder = vscode.workspace.workspaceFolders?.[0];
    this.dir = this.folder && vscode.Uri.joinPath(this.folder.uri, LINKS_DIR);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Reads every link file, then follows the folder with a watcher. */
  async load(): Promise<void> {
    if (!this.dir) return;
    let entries: [string, vscode.FileType][] = [];
    try {
      entries = await vscode.workspace.fs.readDirectory(this.dir);
    } catch {
      entries = []; // no links yet
    }
    const ids = entries.filter(([name, type]) => type === vscode.FileType.File && paperIdOfLinksFile(name)).map(([name]) => paperIdOfLinksFile(name)!);
    await Promise.all(ids.map((id) => this.loadPaper(id)));
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(this.dir, '*.json'));
    const reload = (uri: vscode.Uri) => {
      const id = paperIdOfLinksFile(uri.path);
      if (!id) return;
      this.queue
        .run(async () => {
          if (await this.loadPaper(id)) this.emitter.fire([id]);
        })
        .catch((err) => this.log.error(`Papers links: cannot re-read ${linksFilePath(id)}: ${(err as Error).message}`));
    };
    this.disposables.push(watcher, watcher.onDidCreate(reload), watcher.onDidChange(reload), watcher.onDidDelete(reload));
    if (ids.length) this.emitter.fire(ids);
  }

  /** Re-reads one paper's file; true when its links changed. A broken file keeps the links read before. */
  private async loadPaper(id: string): Promise<boolean> {
    const uri = this.uriOf(id)!;
    const before = serializeLinks(this.byPaper.get(id) ?? []);
    // A file replaced through workspace.fs is deleted before the new one is renamed in: look twice.
    const text = (await readText(uri)) ?? (await new Promise((r) => setTimeout(r, REREAD_MS)).then(() => readText(uri)));
    if (text === undefined) this.byPaper.delete(id);
    else {
      try {
        this.byPaper.set(id, parseLinks(text, vscode.workspace.asRelativePath(uri)));
      } catch (err) {
        if (!(err instanceof PapersInputError)) throw err;
        this.log.warn(err.message);
        void vscode.window.showWarningMessage(`Papers: ${err.message}. Its links are not shown as they are on disk; fix the file, or your next change to this paper's links keeps a backup of it first.`);
        return false;
      }
    }
    return serializeLinks(this.byPaper.get(id) ?? []) !== before;
  }

  private uriOf(paperId: string): vscode.Uri | undefined {
    return this.folder && vscode.Uri.joinPath(this.folder.uri, linksFilePath(paperId));
  }

  all(): PaperLink[] {
    return [...this.byPaper.values()].flat();
  }

  ofPaper(paperId: string): PaperLink[] {
    return this.byPaper.get(paperId) ?? [];
  }

  ofFile(file: string): PaperLink[] {
    return this.all().filter((l) => l.file === file);
  }

  get(linkId: string): PaperLink | undefined {
    return this.all().find((l) => l.id === linkId);
  }

  /** The files that have links. */
  files(): string[] {
    return [...new Set(this.all().map((l) => l.file))].sort();
  }

  /**
   * Changes one paper's links: `edit` gets what is on disk NOW and returns the new list. Writes are atomic
   * and one at a time.
   */
  update(paperId: string, edit: (onDisk: PaperLink[]) => PaperLink[]): Promise<void> {
    if (refusedInRestrictedMode()) return Promise.resolve();
    return this.queue.run(() => this.write(paperId, edit));
  }

  add(link: PaperLink): Promise<void> {
    return this.update(link.paper, (links) => [...links.filter((l) => l.id !== link.id), link]);
  }

  remove(link: PaperLink): Promise<void> {
    return this.update(link.paper, (links) => links.filter((l) => l.id !== link.id));
  }

  /** Applies `change` to the links with these ids, as they are on disk (links gone from disk stay gone). */
  change(paperId: string, ids: Iterable<string>, change: (link: PaperLink) => PaperLink): Promise<void> {
    const wanted = new Set(ids);
    return this.update(paperId, (links) => links.map((l) => (wanted.has(l.id) ? change(l) : l)));
  }

  private async write(paperId: string, edit: (onDisk: PaperLink[]) => PaperLink[]): Promise<void> {
    const uri = this.uriOf(paperId);
    if (!uri || !this.dir) throw new Error('Papers: open a folder to link code to papers (links are stored in the folder, in .papers/links/).');
    let { value, corrupt } = await readForUpdate(uri, parseLinks, this.log);
    if (value === undefined && !corrupt && this.byPaper.has(paperId)) {
      // Gone, or being replaced by another window right now (workspace.fs deletes before it renames over).
      await new Promise((r) => setTimeout(r, REREAD_MS));
      ({ value, corrupt } = await readForUpdate(uri, parseLinks, this.log));
    }
    // A broken file starts again from the links read before it broke.
    const onDisk = value ?? (corrupt ? this.byPaper.get(paperId) ?? [] : []);
    const links = edit(onDisk);
    const text = serializeLinks(links);
    if (links.length === 0) {
      await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
      this.byPaper.delete(paperId);
    } else {
      if (value === undefined || serializeLinks(value) !== text) {
        await vscode.workspace.fs.createDirectory(this.dir);
        await writeFileAtomic(uri, text);
      }
      this.byPaper.set(paperId, parseLinks(text, linksFilePath(paperId)));
    }
    this.emitter.fire([paperId]);
  }
}
