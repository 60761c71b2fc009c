import * as vscode from 'vscode';
import { isPaperId } from '../../core/common';
import { LINKS_DIR, linksFilePath, PaperLink, paperIdOfLinksFile, parseLinks, serializeLinks } from '../../core/links';
import { JsonFileStore } from '../storage/jsonFileStore';

/** Wait before believing that a link file is gone. */
const REREAD_MS = 150;

/**
 * The links as stored in `.papers/links/<paper id>.json` (one small file per paper) of the first workspace
 * folder: a JsonFileStore whose changes edit the links by id on what the file holds now (so another window's or
 * a git pull's links are kept and a link removed elsewhere is not brought back). A broken file is reported, its
 * links are kept in memory, and it is moved aside before the next write. Without a folder there is nothing to
 * link to: the store is empty.
 */
export class LinkStore extends JsonFileStore<PaperLink[]> {
  /** Fires with the ids of the papers whose links changed. */
  readonly onDidChange = this.onDidChangeKeys;
  readonly folder: vscode.WorkspaceFolder | undefined;

  constructor(log: vscode.LogOutputChannel) {
    const folder = vscode.workspace.workspaceFolders?.[0];
    super(
      folder && vscode.Uri.joinPath(folder.uri, LINKS_DIR),
      {
        fileName: (paperId) => `${paperId}.json`,
        keyOf: paperIdOfLinksFile,
        isKey: isPaperId,
        pattern: '*.json',
        parse: parseLinks,
        serialize: serializeLinks,
        empty: () => [],
        isEmpty: (links) => links.length === 0,
        unreadable:
          "Its links are not shown as they are on disk; fix the file, or your next change to this paper's links keeps a backup of it first.",
        noFolder: 'Papers: open a folder to link code to papers (links are stored in the folder, in .papers/links/).',
        logPrefix: 'Papers links',
        lookAgainMs: REREAD_MS,
      },
      log,
    );
    this.folder = folder;
  }

  /** Reads every link file, then follows the folder with a watcher. */
  async load(): Promise<void> {
    if (!this.dir) return;
    const ids = await this.readAll();
    this.watch();
    if (ids.length) this.emitter.fire(ids);
  }

  all(): PaperLink[] {
    return [...this.values.values()].flat();
  }

  ofPaper(paperId: string): PaperLink[] {
    return this.values.get(paperId) ?? [];
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
    return this.modify(paperId, edit);
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

  /** Kept as a reader of the file would read it. */
  protected override stored(paperId: string, links: PaperLink[]): void {
    if (links.length === 0) this.values.delete(paperId);
    else this.values.set(paperId, parseLinks(serializeLinks(links), linksFilePath(paperId)));
  }
}
