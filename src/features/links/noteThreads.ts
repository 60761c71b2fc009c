import * as vscode from 'vscode';
import { PaperLink } from '../../core/links';
import { Services } from '../services';
import { LiveLinks, toRange } from './live';
import { escapeMarkdown, paperTitle } from './present';
import { LinkStore } from './store';

export const NOTE_CONTROLLER = 'papers-links';

/** The comment showing a link's note; editable in place (mode Editing, then Save or Cancel). */
export class LinkNoteComment implements vscode.Comment {
  mode = vscode.CommentMode.Preview;
  readonly contextValue = 'paperLinkNote';
  body: string | vscode.MarkdownString;

  constructor(
    readonly linkId: string,
    public note: string,
    readonly author: vscode.CommentAuthorInformation,
    readonly thread?: vscode.CommentThread,
  ) {
    this.body = LinkNoteComment.render(note);
  }

  static render(note: string): vscode.MarkdownString {
    return new vscode.MarkdownString(escapeMarkdown(note));
  }
}

/**
 * The note of each link as a comment thread on its range (the Comments API), listed in the Comments panel too.
 * Editing the comment saves the note to the link. Threads follow the links as they move.
 */
export class NoteThreads implements vscode.Disposable {
  private readonly controller = vscode.comments.createCommentController(NOTE_CONTROLLER, 'Paper links');
  private readonly threads = new Map<string, { thread: vscode.CommentThread; key: string }>();
  private readonly disposables: vscode.Disposable[] = [this.controller];

  constructor(
    private readonly services: Services,
    private readonly store: LinkStore,
    private readonly live: LiveLinks,
  ) {
    this.controller.options = { prompt: 'Note on this link', placeHolder: 'Why this code relates to the paper' };
    this.disposables.push(
      store.onDidChange(() => this.sync()),
      live.onDidChange(() => this.sync()),
      services.model.onDidChange(() => this.sync()),
    );
    this.sync();
  }

  dispose(): void {
    for (const { thread } of this.threads.values()) thread.dispose();
    this.threads.clear();
    for (const d of this.disposables) d.dispose();
  }

  /** The thread of a link, if it has a note. */
  threadOf(linkId: string): vscode.CommentThread | undefined {
    return this.threads.get(linkId)?.thread;
  }

  /** Creates, moves, updates and removes threads to match the links that have notes. */
  sync(): void {
    const wanted = new Map<string, PaperLink>();
    for (const link of this.store.all()) if (link.note) wanted.set(link.id, link);
    for (const [id, { thread }] of this.threads) {
      if (!wanted.has(id)) {
        thread.dispose();
        this.threads.delete(id);
      }
    }
    for (const link of wanted.values()) {
      const uri = this.live.uriOf(link.file);
      if (!uri) continue;
      const state = this.live.state(link);
      const range = toRange(state.range);
      const title = paperTitle(this.services, link.paper);
      const key = `${link.file}\n${link.note}\n${title}\n${state.status}`;
      const existing = this.threads.get(link.id);
      if (existing && existing.thread.uri.toString() === uri.toString()) {
        if (!existing.thread.range?.isEqual(range)) existing.thread.range = range;
        const editing = existing.thread.comments.some((c) => c.mode === vscode.CommentMode.Editing);
        if (existing.key !== key && !editing) {
          this.fill(existing.thread, link, title, state.status === 'stale');
          existing.key = key;
        }
        continue;
      }
      existing?.thread.dispose();
      const thread = this.controller.createCommentThread(uri, range, []);
      thread.canReply = false;
      thread.collapsibleState = vscode.CommentThreadCollapsibleState.Collapsed;
      thread.contextValue = 'paperLinkThread';
      this.fill(thread, link, title, state.status === 'stale');
      this.threads.set(link.id, { thread, key });
    }
  }

  private fill(thread: vscode.CommentThread, link: PaperLink, title: string, stale: boolean): void {
    thread.label = stale ? 'Note on a stale link (the linked text is gone)' : 'Note on this link';
    thread.comments = [new LinkNoteComment(link.id, link.note ?? '', { name: title }, thread)];
  }

  /** Puts the comment of a link's note in edit mode (from the comment's title bar, or from a hover). */
  edit(linkId: string): boolean {
    const entry = this.threads.get(linkId);
    if (!entry) return false;
    entry.thread.collapsibleState = vscode.CommentThreadCollapsibleState.Expanded;
    entry.thread.comments = entry.thread.comments.map((c) => {
      if (c instanceof LinkNoteComment) c.mode = vscode.CommentMode.Editing;
      return c;
    });
    return true;
  }

  /** Leaves edit mode; the text shown goes back to the note as stored. */
  cancel(comment: LinkNoteComment): void {
    const thread = comment.thread ?? this.threads.get(comment.linkId)?.thread;
    if (!thread) return;
    comment.mode = vscode.CommentMode.Preview;
    comment.body = LinkNoteComment.render(comment.note);
    thread.comments = [...thread.comments];
  }

  /** The text the user typed in the comment being edited. */
  static typed(comment: LinkNoteComment): string {
    return typeof comment.body === 'string' ? comment.body : comment.body.value;
  }
}
