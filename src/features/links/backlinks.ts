import * as vscode from 'vscode';
import { findMentions, Mention } from '../../core/linksMentions';
import { Services } from '../services';
import { keyTrigger } from './paperKeys';

/** A Markdown file in the workspace that mentions a paper's key. */
export interface Backlink {
  uri: vscode.Uri;
  range: vscode.Range;
  /** The line of the mention, trimmed. */
  line: string;
}

const MARKDOWN = '**/*.{md,markdown}';
const EXCLUDE = '{**/node_modules/**,**/.git/**}';
/** Bigger Markdown files are not read for backlinks. */
const MAX_BYTES = 2_000_000;
/** Most files listed for one paper. */
const MAX_FILES = 5_000;

interface FileMentions {
  mentions: { key: string; range: vscode.Range; line: string }[];
}

function scan(text: string, trigger: string): FileMentions {
  const lines = text.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const l of lines) {
    starts.push(offset);
    offset += l.length + 1;
  }
  const lineAt = (o: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const mentions = findMentions(text, { trigger, wikilinks: true }).map((m: Mention) => {
    const sl = lineAt(m.start);
    const el = lineAt(m.end);
    return { key: m.key, range: new vscode.Range(sl, m.start - starts[sl], el, m.end - starts[el]), line: lines[sl].trim().replace(/\r$/, '') };
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
  private scanning: Promise<void> | undefined;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when Markdown files changed (callers showing backlinks may ask again). */
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private fireTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly services: Services) {
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
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && /\.(md|markdown)$/i.test(e.document.uri.path) && this.cache.has(e.document.uri.toString())) this.forget(e.document.uri);
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
      const uris = await vscode.workspace.findFiles(MARKDOWN, EXCLUDE, MAX_FILES);
      for (let i = 0; i < uris.length; i += 16) await Promise.all(uris.slice(i, i + 16).map((u) => this.read(u)));
      this.scanned = true;
      return;
    }
    const again = [...this.stale];
    this.stale.clear();
    await Promise.all(again.map((s) => this.read(vscode.Uri.parse(s))));
  }

  /** The mentions of a paper in the workspace's Markdown files (its own notes file left out). */
  async backlinksOf(paperId: string): Promise<Backlink[]> {
    // Files that changed while a scan ran are read by the next one; a few rounds, in case writes go on.
    for (let round = 0; round < 3 && (!this.scanned || this.stale.size > 0 || this.scanning); round++) {
      this.scanning ??= this.refresh().finally(() => (this.scanning = undefined));
      await this.scanning;
    }
    const paper = this.services.model.paper(paperId);
    const ownNotes = paper && this.services.notes.uriFor(paper)?.toString();
    const out: Backlink[] = [];
    for (const [uri, file] of this.cache) {
      if (uri === ownNotes) continue;
      for (const m of file.mentions) {
        if (this.services.model.resolve(m.key)?.id === paperId) out.push({ uri: vscode.Uri.parse(uri), range: m.range, line: m.line });
      }
    }
    return out.sort((a, b) => a.uri.path.localeCompare(b.uri.path) || a.range.start.line - b.range.start.line);
  }
}
