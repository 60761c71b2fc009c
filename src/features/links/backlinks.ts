import * as vscode from 'vscode';
import { findMentions, LineIndex, Mention } from '../../core/links';
import { Services } from '../services';
import { keyTrigger } from './paperKeys';
import { Backlink } from './types';

const MARKDOWN = '**/*.{md,markdown}';
const EXCLUDE = '{**/node_modules/**,**/.git/**}';
/** Bigger Markdown files are not read for backlinks. */
const MAX_BYTES = 2_000_000;
/** Most files listed for one paper. */
const MAX_FILES = 5_000;
/**
 * The workspace's Markdown files are listed again at a question when the last listing is older than this: a file
 * created or deleted without a watcher event (a watcher that failed or missed it) is then found all the same.
 */
const RELIST_MS = 5_000;

interface FileMentions {
  mentions: { key: string; range: vscode.Range; line: string }[];
}

/** A Markdown file of the workspace (not a diff's or another scheme's copy of one). */
const isMarkdown = (uri: vscode.Uri) =>
  /\.(md|markdown)$/i.test(uri.path) && vscode.workspace.getWorkspaceFolder(uri) !== undefined;

/** The mentions of paper keys in a Markdown file's text, with their places (core/links' LineIndex) and lines. */
function scan(text: string, trigger: string): FileMentions {
  const index = new LineIndex(text);
  const mentions = findMentions(text, { trigger, wikilinks: true }).map((m: Mention) => {
    const start = index.positionAt(m.start);
    const end = index.positionAt(m.end);
    const lineStart = index.lineStart(start.line);
    const line = text.slice(lineStart, lineStart + index.lineLength(start.line));
    return {
      key: m.key,
      range: new vscode.Range(start.line, start.character, end.line, end.character),
      line: line.trim().replace(/\r$/, ''),
    };
  });
  return { mentions };
}

/**
 * Backlinks: the Markdown files of the workspace that mention a paper's key (`@paper:key` or `[[key]]`).
 * Files are read on demand, the first time anyone asks, then kept; a watcher and edits forget a file's
 * entry so that only changed files are read again.
 */
export class Backlinks implements vscode.Disposable {
  private readonly cache = new Map<string, FileMentions>();
  /** Files to read again at the next question (changed since they were read, or new). */
  private readonly stale = new Set<string>();
  private scanned = false;
  /** When the workspace's Markdown files were last listed (Date.now()). */
  private listedAt = 0;
  private scanning: Promise<void> | undefined;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when Markdown files changed (callers showing backlinks may ask again). */
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private fireTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly services: Pick<Services, 'model' | 'notes'>) {
    const watcher = vscode.workspace.createFileSystemWatcher(MARKDOWN);
    const forget = (uri: vscode.Uri) => this.forget(uri);
    this.disposables.push(
      watcher,
      watcher.onDidCreate(forget),
      watcher.onDidChange(forget),
      watcher.onDidDelete((uri) => {
        this.cache.delete(uri.toString());
        this.fireSoon();
      }),
      // an opened file is read from its document (cheap): its text may be one no event told of
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (isMarkdown(doc.uri)) this.forget(doc.uri);
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (isMarkdown(doc.uri)) this.forget(doc.uri);
      }),
      // a keystroke: only a map lookup (the map holds the workspace's Markdown files only)
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && this.cache.has(e.document.uri.toString())) this.forget(e.document.uri);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('papers.keyTrigger')) {
          this.cache.clear();
          this.scanned = false;
          this.fireSoon();
        }
      }),
    );
  }

  dispose(): void {
    if (this.fireTimer) clearTimeout(this.fireTimer);
    for (const d of this.disposables) d.dispose();
  }

  private fireSoon(): void {
    if (this.fireTimer) return;
    this.fireTimer = setTimeout(() => {
      this.fireTimer = undefined;
      this.emitter.fire();
    }, 100);
  }

  /**
   * A changed or new file is read again at the next question. Also during the first scan: a file written
   * after the scan listed the folder would be missed otherwise.
   */
  private forget(uri: vscode.Uri): void {
    this.stale.add(uri.toString());
    this.fireSoon();
  }

  private async read(uri: vscode.Uri): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    let text: string | undefined = open?.getText();
    if (text === undefined) {
      try {
        const stat = await vscode.workspace.fs.stat(uri);
        if (stat.size > MAX_BYTES) return;
        text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      } catch {
        this.cache.delete(uri.toString());
        return;
      }
    }
    this.cache.set(uri.toString(), scan(text, keyTrigger(uri)));
  }

  private async refresh(): Promise<void> {
    if (!this.scanned) {
      this.stale.clear();
      const uris = await this.list();
      await this.readAll(uris);
      this.scanned = true;
      return;
    }
    const again = [...this.stale];
    this.stale.clear();
    await this.readAll(again.map((s) => vscode.Uri.parse(s)));
    if (Date.now() - this.listedAt >= RELIST_MS) await this.relist();
  }

  private async list(): Promise<vscode.Uri[]> {
    this.listedAt = Date.now();
    return vscode.workspace.findFiles(MARKDOWN, EXCLUDE, MAX_FILES);
  }

  private async readAll(uris: vscode.Uri[]): Promise<void> {
    for (let i = 0; i < uris.length; i += 16) await Promise.all(uris.slice(i, i + 16).map((u) => this.read(u)));
  }

  /** Reads the files listed now that were not known, and drops the known ones no longer listed. */
  private async relist(): Promise<void> {
    const uris = await this.list();
    const listed = new Set(uris.map((u) => u.toString()));
    await this.readAll(uris.filter((u) => !this.cache.has(u.toString())));
    if (uris.length >= MAX_FILES) return;
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const known of [...this.cache.keys()]) if (!listed.has(known) && !open.has(known)) this.cache.delete(known);
  }

  /** The mentions of a paper in the workspace's Markdown files (its own notes file left out). */
  async backlinksOf(paperId: string): Promise<Backlink[]> {
    // Files that changed while a scan ran are read by the next one; a few rounds, in case writes go on.
    const due = () => !this.scanned || this.stale.size > 0 || this.scanning || Date.now() - this.listedAt >= RELIST_MS;
    for (let round = 0; round < 3 && due(); round++) {
      this.scanning ??= this.refresh().finally(() => (this.scanning = undefined));
      await this.scanning;
    }
    const paper = this.services.model.paper(paperId);
    const ownNotes = paper && this.services.notes.uriFor(paper)?.toString();
    const out: Backlink[] = [];
    for (const [uri, file] of this.cache) {
      if (uri === ownNotes) continue;
      for (const m of file.mentions) {
        if (this.services.model.resolve(m.key)?.id === paperId)
          out.push({ uri: vscode.Uri.parse(uri), range: m.range, line: m.line });
      }
    }
    return out.sort((a, b) => a.uri.path.localeCompare(b.uri.path) || a.range.start.line - b.range.start.line);
  }
}
