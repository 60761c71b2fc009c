import * as vscode from 'vscode';
import { anchorAt, AnchorStatus, LineIndex, normalizeEol, reanchor, sameRange, TextRange } from '../../core/links';
import { normalizeLinkPath, PaperLink, shiftRange, TextChange } from '../../core/links';
import { outsideWorkspace } from '../storage/insideWorkspace';
import { LinkStore } from './store';

/** Where a link is now and whether its text is there. */
export interface LiveState {
  range: TextRange;
  status: AnchorStatus;
}

/** Quiet time after typing before stale or replaced links are looked for again. */
const RECHECK_MS = 250;
/** Quiet time after a save or an external change before moved links are written back. */
const PERSIST_MS = 300;
/** Events of several documents and the watcher in a burst give one refresh of the views. */
const FIRE_MS = 30;

export const toTextRange = (r: vscode.Range): TextRange => ({
  startLine: r.start.line,
  startCharacter: r.start.character,
  endLine: r.end.line,
  endCharacter: r.end.character,
});
export const toRange = (r: TextRange): vscode.Range =>
  new vscode.Range(r.startLine, r.startCharacter, r.endLine, r.endCharacter);

/**
 * Keeps links true while their files change. In an open document, edits move the ranges as they happen
 * (core shiftRange); text replaced as a whole (a reload, a paste over the link) and stale links are looked
 * for again from the content. Files not open are re-anchored from disk when they change on disk, and when
 * they are opened or closed. What moved is written back once the document matches the disk (after a save,
 * or at once for files not open), so the stored ranges always describe the saved files. Renamed files take
 * their links along.
 */
export class LiveLinks implements vscode.Disposable {
  private readonly states = new Map<string, LiveState>();
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires (debounced) when a link's place or status changed. */
  readonly onDidChange = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  private readonly rechecks = new Map<string, { ids: Set<string> | 'all'; timer: ReturnType<typeof setTimeout> }>();
  private readonly persists = new Map<string, ReturnType<typeof setTimeout>>();
  private fireTimer: ReturnType<typeof setTimeout> | undefined;
  /** Linked files refused (outside the workspace), reported once each. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly store: LinkStore,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const folder = store.folder;
    if (folder) {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*'));
      const onDisk = (uri: vscode.Uri) => {
        const file = this.fileOf(uri);
        // An open document follows the disk through its own change events.
        if (file && !this.documentOf(file) && this.store.ofFile(file).length)
          this.scheduleCheck(file, 'all', PERSIST_MS);
      };
      this.disposables.push(
        watcher,
        watcher.onDidChange(onDisk),
        watcher.onDidCreate(onDisk),
        watcher.onDidDelete(onDisk),
      );
    }
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)),
      vscode.workspace.onDidSaveTextDocument((doc) => this.whenFile(doc.uri, (file) => this.schedulePersist(file))),
      vscode.workspace.onDidOpenTextDocument((doc) =>
        this.whenFile(doc.uri, (file) => this.scheduleCheck(file, 'all', 0)),
      ),
      vscode.workspace.onDidCloseTextDocument((doc) =>
        this.whenFile(doc.uri, (file) => this.scheduleCheck(file, 'all', 0)),
      ),
      vscode.workspace.onDidRenameFiles((e) => void this.onRename(e.files)),
      store.onDidChange((paperIds) => this.onStoreChange(paperIds)),
    );
  }

  /** Re-anchors the links of every file from its content (at start). */
  async checkAll(): Promise<void> {
    await Promise.all(this.store.files().map((f) => this.check(f, 'all')));
  }

  dispose(): void {
    for (const r of this.rechecks.values()) clearTimeout(r.timer);
    for (const t of this.persists.values()) clearTimeout(t);
    if (this.fireTimer) clearTimeout(this.fireTimer);
    for (const d of this.disposables) d.dispose();
  }

  /** Where the link is now (its stored range and `ok` until its file was looked at). */
  state(link: PaperLink): LiveState {
    return this.states.get(link.id) ?? { range: link.range, status: 'ok' };
  }

  /** Records a link made or re-linked here, from text the editor shows. */
  set(link: PaperLink, state: LiveState): void {
    this.states.set(link.id, state);
    this.fireSoon();
  }

  /** The workspace-relative path of a file in the first folder, or undefined for files outside it. */
  fileOf(uri: vscode.Uri): string | undefined {
    const folder = this.store.folder;
    if (!folder || uri.scheme !== folder.uri.scheme || uri.authority !== folder.uri.authority) return undefined;
    const base = folder.uri.path.endsWith('/') ? folder.uri.path : `${folder.uri.path}/`;
    return uri.path.startsWith(base) ? normalizeLinkPath(uri.path.slice(base.length)) : undefined;
  }

  uriOf(file: string): vscode.Uri | undefined {
    return this.store.folder && vscode.Uri.joinPath(this.store.folder.uri, file);
  }

  private documentOf(file: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => !d.isClosed && this.fileOf(d.uri) === file);
  }

  private whenFile(uri: vscode.Uri, run: (file: string) => void): void {
    const file = this.fileOf(uri);
    if (file && this.store.ofFile(file).length) run(file);
  }

  private fireSoon(): void {
    if (this.fireTimer) return;
    this.fireTimer = setTimeout(() => {
      this.fireTimer = undefined;
      this.emitter.fire();
    }, FIRE_MS);
  }

  /** Moves the ranges of the document's links through its edits; replaced and stale links are looked for again. */
  private onEdit(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    const file = this.fileOf(e.document.uri);
    const links = file ? this.store.ofFile(file) : [];
    if (!file || links.length === 0) return;
    const changes: TextChange[] = e.contentChanges.map((c) => ({ range: toTextRange(c.range), text: c.text }));
    const recheck = new Set<string>();
    for (const link of links) {
      const now = this.state(link);
      if (now.status === 'stale') {
        recheck.add(link.id); // an undo may bring its text back
        continue;
      }
      let range = now.range;
      for (const change of changes) {
        const moved = shiftRange(range, change);
        range = moved.range;
        if (moved.replaced) recheck.add(link.id);
      }
      if (!sameRange(range, now.range)) this.states.set(link.id, { range, status: now.status });
    }
    if (recheck.size) this.scheduleCheck(file, recheck, RECHECK_MS);
    // Back to the saved text (an undo, or a reload after the file changed on disk): write back what moved.
    if (!e.document.isDirty) this.schedulePersist(file);
    this.fireSoon();
  }

  private scheduleCheck(file: string, ids: Set<string> | 'all', delay: number): void {
    const pending = this.rechecks.get(file);
    if (pending) clearTimeout(pending.timer);
    const merged = pending?.ids === 'all' || ids === 'all' ? 'all' : new Set([...(pending?.ids ?? []), ...ids]);
    const timer = setTimeout(() => {
      this.rechecks.delete(file);
      void this.check(file, merged).catch((err) =>
        this.log.error(`Papers links: checking ${file}: ${(err as Error).message}`),
      );
    }, delay);
    this.rechecks.set(file, { ids: merged, timer });
  }

  private async textOf(file: string): Promise<{ text: string | undefined; dirty: boolean }> {
    const uri = this.uriOf(file);
    // A linked file that a symlink leads out of the workspace is never read: its lines would be copied into
    // .papers/links/, a file users commit. Its links stay as they are, stale.
    const outside = uri && (await outsideWorkspace(uri));
    if (outside) {
      this.refuse(file, outside);
      return { text: undefined, dirty: true };
    }
    const doc = this.documentOf(file);
    if (doc) return { text: doc.getText(), dirty: doc.isDirty };
    try {
      return { text: uri && new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), dirty: false };
    } catch {
      return { text: undefined, dirty: false };
    }
  }

  /**
   * Re-anchors links of a file from its content (the open document, else the disk). In a document with
   * unsaved edits, only the links asked for are looked at: the others are being tracked edit by edit.
   */
  async check(file: string, ids: Set<string> | 'all'): Promise<void> {
    const { text, dirty } = await this.textOf(file);
    let changed = false;
    for (const link of this.store.ofFile(file)) {
      if (ids !== 'all' && !ids.has(link.id)) continue;
      if (ids === 'all' && dirty && this.states.has(link.id) && this.states.get(link.id)!.status !== 'stale') continue;
      const found = text === undefined ? { status: 'stale' as const } : reanchor(link, text);
      const next: LiveState = found.range
        ? { range: found.range, status: found.status }
        : { range: this.state(link).range, status: 'stale' };
      const before = this.states.get(link.id);
      if (!before || before.status !== next.status || !sameRange(before.range, next.range)) {
        this.states.set(link.id, next);
        changed = true;
      }
    }
    if (changed) this.fireSoon();
    if (!dirty && text !== undefined) this.schedulePersist(file);
  }

  /** Tells once per file why its links are not followed. */
  private refuse(file: string, why: string): void {
    if (this.refused.has(file)) return;
    this.refused.add(file);
    const message = `Papers links: the links to ${file} are not followed: ${why}. Its lines are never read.`;
    this.log.warn(message);
    void vscode.window.showWarningMessage(message);
  }

  private schedulePersist(file: string): void {
    clearTimeout(this.persists.get(file));
    this.persists.set(
      file,
      setTimeout(() => {
        this.persists.delete(file);
        void this.persist(file).catch((err) =>
          this.log.error(`Papers links: saving the links of ${file}: ${(err as Error).message}`),
        );
      }, PERSIST_MS),
    );
  }

  /** Writes back the links of a file whose place or text changed, when the file as shown is the file on disk. */
  private async persist(file: string): Promise<void> {
    const { text, dirty } = await this.textOf(file);
    if (dirty || text === undefined) return;
    const index = new LineIndex(normalizeEol(text));
    const updates = new Map<string, Map<string, PaperLink>>();
    for (const link of this.store.ofFile(file)) {
      const now = this.states.get(link.id);
      if (!now || now.status === 'stale') continue;
      const offsets = index.offsetsOf(now.range);
      if (!offsets || offsets[0] === offsets[1]) {
        this.states.set(link.id, { range: now.range, status: 'stale' });
        this.fireSoon();
        continue;
      }
      const anchor = anchorAt(text, now.range);
      const a = link.anchor;
      if (
        sameRange(now.range, link.range) &&
        anchor.text === a.text &&
        anchor.before === a.before &&
        anchor.after === a.after &&
        anchor.copies === a.copies
      )
        continue;
      const forPaper = updates.get(link.paper) ?? new Map<string, PaperLink>();
      forPaper.set(link.id, { ...link, range: now.range, anchor });
      updates.set(link.paper, forPaper);
    }
    for (const [paper, links] of updates) {
      await this.store.change(paper, links.keys(), (onDisk) => ({
        ...onDisk,
        range: links.get(onDisk.id)!.range,
        anchor: links.get(onDisk.id)!.anchor,
      }));
    }
  }

  private onStoreChange(paperIds: string[]): void {
    const known = new Set(this.store.all().map((l) => l.id));
    for (const id of this.states.keys()) if (!known.has(id)) this.states.delete(id);
    const files = new Set<string>();
    for (const id of paperIds)
      for (const link of this.store.ofPaper(id))
        if (!this.states.has(link.id) || !this.documentOf(link.file)?.isDirty) files.add(link.file);
    for (const file of files) this.scheduleCheck(file, 'all', 0);
    this.fireSoon();
  }

  /** Carries the links of renamed files (and of files in renamed folders) to the new paths. */
  private async onRename(files: readonly { oldUri: vscode.Uri; newUri: vscode.Uri }[]): Promise<void> {
    for (const { oldUri, newUri } of files) {
      const from = this.fileOf(oldUri);
      const to = this.fileOf(newUri);
      if (!from || !to) continue;
      const moved = (file: string) =>
        file === from ? to : file.startsWith(`${from}/`) ? `${to}${file.slice(from.length)}` : undefined;
      const byPaper = new Map<string, string[]>();
      for (const link of this.store.all())
        if (moved(link.file)) byPaper.set(link.paper, [...(byPaper.get(link.paper) ?? []), link.id]);
      for (const [paper, ids] of byPaper) {
        await this.store.change(paper, ids, (l) => ({ ...l, file: moved(l.file) ?? l.file }));
      }
      if (byPaper.size) this.log.info(`Papers links: ${from} was renamed to ${to}; its links follow it`);
    }
  }
}
