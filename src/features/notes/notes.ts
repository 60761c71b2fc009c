import * as vscode from 'vscode';
import { notesFileName, notesFolderSetting, readFrontMatter, renderNotesTemplate } from '../../core/notes';
import { Paper } from '../../core/papers';
import { NotesService, PapersModel } from '../services';
import { isRestrictedModeError } from '../storage/restrictedMode';
import { createFileAtomic } from '../storage/workspaceFiles';
import { NotesFile, NotesIndex } from './notesIndex';

/** Notes bigger than this are searched by their start only. */
const MAX_TEXT_BYTES = 1_000_000;
/** Reads in flight while loading every notes file at start. */
const READ_CONCURRENCY = 8;
/** Bursts of file events (a git checkout, a sync) give one change event. */
const FIRE_DELAY_MS = 50;
const GLOB_SPECIAL = /[*?[\]{}!]/;

interface NotesFolder {
  workspaceFolder: vscode.WorkspaceFolder;
  /** The folder as `/`-separated segments relative to the workspace folder. */
  relative: string;
  uri: vscode.Uri;
}

const isNotesFileName = (name: string) => /\.md$/i.test(name) && !name.startsWith('.');
const baseName = (uri: vscode.Uri) => uri.path.slice(uri.path.lastIndexOf('/') + 1);
const parentPath = (uri: vscode.Uri) => uri.with({ path: uri.path.slice(0, uri.path.lastIndexOf('/')) }).toString();
const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));
const isFileSystemError = (e: unknown, code: string) => e instanceof vscode.FileSystemError && e.code === code;

/**
 * The notes of papers: one Markdown file per paper in the workspace's notes folder (setting
 * `papers.notesFolder`), created from the template when the reader asks for notes (or highlights), never
 * overwritten. Knows which papers have notes (by file name, else by front matter) and keeps their text for search,
 * following the folder with a file watcher. Everything goes through `workspace.fs`, so remote and virtual workspaces work too.
 */
export class WorkspaceNotes implements NotesService, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private watchers: vscode.Disposable[] = [];
  private folder: NotesFolder | undefined;
  private files = new Map<string, NotesFile>();
  private readonly index: NotesIndex;
  private scanning: Promise<void> = Promise.resolve();
  private generation = 0;
  private fireTimer: ReturnType<typeof setTimeout> | undefined;
  private warnedSetting: string | undefined;
  private disposed = false;

  constructor(
    private readonly model: PapersModel,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.index = new NotesIndex(model);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('papers.notesFolder')) this.configure();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.configure()),
      model.onDidChange(() => {
        if (this.reindex()) this.fireSoon();
      }),
    );
    this.configure();
  }

  uriFor(paper: Paper): vscode.Uri | undefined {
    if (!this.folder) return undefined;
    const existing = this.index.fileOf(paper, this.files);
    return existing?.uri ?? vscode.Uri.joinPath(this.folder.uri, notesFileName(paper, this.model.keyOf(paper)));
  }

  hasNotes(id: string): boolean {
    return this.index.has(id);
  }

  notesText(id: string): string | undefined {
    const name = this.index.nameOf(id);
    const file = name !== undefined ? this.files.get(name) : undefined;
    if (!file || !name) return undefined;
    if (file.text === undefined && !file.reading) void this.read(name);
    return file.text;
  }

  async open(paper: Paper, column?: vscode.ViewColumn): Promise<vscode.TextEditor | undefined> {
    if (!this.folder) {
      void this.offerOpenFolder();
      return undefined;
    }
    // A file for this paper under another name may still be on its way in from the first scan.
    await this.scanning;
    if (!this.index.has(paper.id)) await this.readUnresolved();
    const uri = this.uriFor(paper);
    if (!uri) return undefined;
    try {
      await this.createIfMissing(uri, paper);
    } catch (e) {
      if (isRestrictedModeError(e)) return undefined; // already said so
      this.log.error(`Could not create the notes file ${uri.toString(true)}: ${errorMessage(e)}`);
      void vscode.window.showErrorMessage(
        `Papers: could not create the notes file ${vscode.workspace.asRelativePath(uri)}: ${errorMessage(e)}. ` +
          'Check that the notes folder (setting papers.notesFolder) can be written to.',
      );
      return undefined;
    }
    try {
      const document = await vscode.workspace.openTextDocument(uri);
      return await vscode.window.showTextDocument(document, {
        viewColumn: column ?? vscode.ViewColumn.Active,
        preview: false,
      });
    } catch (e) {
      this.log.error(`Could not open the notes file ${uri.toString(true)}: ${errorMessage(e)}`);
      void vscode.window.showErrorMessage(
        `Papers: could not open the notes file ${vscode.workspace.asRelativePath(uri)}: ${errorMessage(e)}.`,
      );
      return undefined;
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.fireTimer) clearTimeout(this.fireTimer);
    vscode.Disposable.from(...this.watchers, ...this.disposables).dispose();
    this.watchers = [];
  }

  /** Reads the setting and the workspace, and follows the resulting folder when it changed. */
  private configure(): void {
    const next = this.resolveFolder();
    if (next?.uri.toString() === this.folder?.uri.toString()) return;
    this.folder = next;
    this.watch(next);
    this.rescan();
  }

  private rescan(): void {
    this.scanning = this.scan().catch((e) => this.log.error(`Could not scan the notes folder: ${errorMessage(e)}`));
  }

  private resolveFolder(): NotesFolder | undefined {
    const workspaceFolder = vscode.workspace.workspaceFolders?.[0];
    const raw = vscode.workspace.getConfiguration('papers', workspaceFolder?.uri).get<unknown>('notesFolder');
    const setting = notesFolderSetting(raw);
    if (setting.problem) {
      const shown = String(raw);
      this.log.warn(`papers.notesFolder "${shown}" refused: ${setting.problem}; using "${setting.folder}".`);
      if (this.warnedSetting !== shown) {
        this.warnedSetting = shown;
        void vscode.window.showWarningMessage(
          `Papers: the setting papers.notesFolder ("${shown}") is not used because ${setting.problem}. ` +
            `It must be a folder inside the workspace, such as "notes". Notes go to "${setting.folder}" meanwhile.`,
        );
      }
    }
    if (!workspaceFolder) return undefined;
    return {
      workspaceFolder,
      relative: setting.folder,
      uri: vscode.Uri.joinPath(workspaceFolder.uri, ...setting.folder.split('/')),
    };
  }

  /** Watches the notes files and the folder itself (created, deleted or renamed as a whole). */
  private watch(folder: NotesFolder | undefined): void {
    vscode.Disposable.from(...this.watchers).dispose();
    this.watchers = [];
    if (!folder) return;
    const folderKey = folder.uri.toString();
    const inFolder = (uri: vscode.Uri) => parentPath(uri) === folderKey && isNotesFileName(baseName(uri));
    // A folder name with glob characters cannot be spelled as a pattern: watch all Markdown files and filter.
    const plain = !GLOB_SPECIAL.test(folder.relative);
    const files = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(folder.workspaceFolder, plain ? `${folder.relative}/*.md` : '**/*.md'),
    );
    const onFile = (uri: vscode.Uri) => {
      if (inFolder(uri)) this.changed(baseName(uri), uri);
    };
    this.watchers.push(
      files,
      files.onDidCreate(onFile),
      files.onDidChange(onFile),
      files.onDidDelete((uri) => {
        if (inFolder(uri)) this.deleted(baseName(uri));
      }),
    );
    if (plain) {
      const self = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(folder.workspaceFolder, folder.relative),
        false,
        true,
        false,
      );
      const rescan = (uri: vscode.Uri) => {
        if (uri.toString() === folderKey) this.rescan();
      };
      this.watchers.push(self, self.onDidCreate(rescan), self.onDidDelete(rescan));
    }
  }

  /** Lists the notes folder, then reads every notes file in the background. */
  private async scan(): Promise<void> {
    const generation = ++this.generation;
    const folder = this.folder;
    const found = new Map<string, NotesFile>();
    if (folder) {
      try {
        for (const [name, type] of await vscode.workspace.fs.readDirectory(folder.uri)) {
          if (type & vscode.FileType.File && isNotesFileName(name)) {
            const known = this.files.get(name);
            found.set(
              name,
              known && known.uri.toString() === vscode.Uri.joinPath(folder.uri, name).toString()
                ? known
                : { uri: vscode.Uri.joinPath(folder.uri, name), version: 0 },
            );
          }
        }
      } catch (e) {
        if (!isFileSystemError(e, 'FileNotFound') && !isFileSystemError(e, 'FileNotADirectory')) {
          this.log.warn(`Could not list the notes folder ${folder.uri.toString(true)}: ${errorMessage(e)}`);
        }
      }
    }
    if (generation !== this.generation || this.disposed) return;
    this.files = found;
    this.log.info(`Notes: ${found.size} file(s) in ${folder ? folder.uri.toString(true) : '(no workspace folder)'}.`);
    this.reindex();
    this.fireSoon();
    void this.readAll(generation);
  }

  private async readAll(generation: number): Promise<void> {
    const queue = [...this.files.keys()].filter((name) => this.files.get(name)?.text === undefined);
    const worker = async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        if (generation !== this.generation || this.disposed) return;
        await this.read(name);
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  }

  /** Reads the files only a front matter can tie to a paper, so that none is missed before creating one. */
  private async readUnresolved(): Promise<void> {
    const names = [...this.files]
      .filter(([name, f]) => f.frontMatter === undefined && f.text === undefined && !this.index.namedByFile(name))
      .map(([name]) => name);
    await Promise.all(names.map((name) => this.read(name)));
  }

  /** Reads one notes file into the cache; a read overtaken by a newer change is dropped. */
  private async read(name: string): Promise<void> {
    const file = this.files.get(name);
    if (!file) return;
    const version = file.version;
    file.reading = true;
    try {
      const bytes = await vscode.workspace.fs.readFile(file.uri);
      if (this.files.get(name) !== file || file.version !== version) return;
      file.text = new TextDecoder().decode(
        bytes.byteLength > MAX_TEXT_BYTES ? bytes.subarray(0, MAX_TEXT_BYTES) : bytes,
      );
      file.frontMatter = readFrontMatter(file.text);
      if (!this.index.namedByFile(name)) this.reindex();
      this.fireSoon();
    } catch (e) {
      if (!isFileSystemError(e, 'FileNotFound'))
        this.log.warn(`Could not read the notes file ${file.uri.toString(true)}: ${errorMessage(e)}`);
    } finally {
      if (file.version === version) file.reading = false;
    }
  }

  private changed(name: string, uri: vscode.Uri): void {
    let file = this.files.get(name);
    if (!file) {
      file = { uri, version: 0 };
      this.files.set(name, file);
      if (this.reindex()) this.fireSoon();
    }
    file.version++;
    file.reading = false;
    void this.read(name);
  }

  private deleted(name: string): void {
    if (!this.files.delete(name)) return;
    this.reindex();
    this.fireSoon();
  }

  /** Maps the files to papers again; true when the set of papers with notes changed. */
  private reindex(): boolean {
    return this.index.reindex(this.files);
  }

  /** Creates the notes from the template, without overwriting a file created meanwhile (createFileAtomic). */
  private async createIfMissing(uri: vscode.Uri, paper: Paper): Promise<boolean> {
    if (await this.exists(uri)) return false;
    const text = renderNotesTemplate(paper, {
      key: this.model.keyOf(paper),
      themeLabel: this.model.theme(paper.theme)?.label,
    });
    const name = baseName(uri);
    if (!(await createFileAtomic(uri, text))) return false;
    this.log.info(`Created notes ${uri.toString(true)} for paper ${paper.id}.`);
    const file: NotesFile = { uri, version: 1, text, frontMatter: readFrontMatter(text) };
    this.files.set(name, file);
    if (this.reindex()) this.fireSoon();
    return true;
  }

  private async exists(uri: vscode.Uri): Promise<boolean> {
    try {
      await vscode.workspace.fs.stat(uri);
      return true;
    } catch (e) {
      if (isFileSystemError(e, 'FileNotFound')) return false;
      throw e;
    }
  }

  private async offerOpenFolder(): Promise<void> {
    const folder = notesFolderSetting(vscode.workspace.getConfiguration('papers').get<unknown>('notesFolder')).folder;
    const openFolder = 'Open Folder…';
    const choice = await vscode.window.showInformationMessage(
      `Papers keeps notes as Markdown files in the "${folder}/" folder of a workspace folder, next to your work. Open a folder to take notes.`,
      openFolder,
    );
    if (choice === openFolder) await vscode.commands.executeCommand('vscode.openFolder');
  }

  private fireSoon(): void {
    if (this.fireTimer || this.disposed) return;
    this.fireTimer = setTimeout(() => {
      this.fireTimer = undefined;
      if (!this.disposed) this.emitter.fire();
    }, FIRE_DELAY_MS);
  }
}
