import * as vscode from 'vscode';
import { anchorAt, linkableRange, PaperLink, TextRange } from '../../../core/links';
import { Paper } from '../../../core/papers';
import { Services } from '../../services';
import { LiveLinks, toTextRange } from '../live';
import { NoteThreads } from '../noteThreads';
import { LinkStore } from '../store';

/** The current editor's selection as a link target, or a message saying why there is none. */
export type SelectionTarget =
  { editor: vscode.TextEditor; file: string; text: string; range: TextRange } | { error: string };

/** `file:line` or `file:start-end`, 1-based. */
export const fileLines = (file: string, range: TextRange) =>
  `${file}:${range.startLine + 1}${range.endLine !== range.startLine ? `-${range.endLine + 1}` : ''}`;

/** `file:line` or `file:start-end`, 1-based, of a link (at its stored range unless given another). */
export const linkLines = (link: PaperLink, range = link.range) => fileLines(link.file, range);

/** What the link commands share: the services, the stored and live links, and the editor used last. */
export class LinkCommandContext implements vscode.Disposable {
  // The paper view calls these commands while it has the focus, when no text editor is active: the
  // selection meant is the one of the text editor used last, if it is still shown.
  private lastEditor = vscode.window.activeTextEditor;
  private readonly tracking = vscode.window.onDidChangeActiveTextEditor((e) => {
    if (e) this.lastEditor = e;
  });

  constructor(
    readonly services: Services,
    readonly store: LinkStore,
    readonly live: LiveLinks,
    readonly notes: NoteThreads,
  ) {}

  dispose(): void {
    this.tracking.dispose();
  }

  private currentEditor(): vscode.TextEditor | undefined {
    const last = this.lastEditor;
    return (
      vscode.window.activeTextEditor ?? (last && vscode.window.visibleTextEditors.includes(last) ? last : undefined)
    );
  }

  /**
   * The current editor's selection as a link target, or a message saying why there is none and what to do. A
   * cursor without a selection links its line (the `l` key of the morning pass is pressed with the cursor left
   * in the code, seldom with a selection).
   */
  selectionTarget(): SelectionTarget {
    const editor = this.currentEditor();
    if (!editor)
      return {
        error:
          'No text editor is open: open the file to link, put the cursor on the line (or select the code), then link again.',
      };
    const file = this.live.fileOf(editor.document.uri);
    if (!this.store.folder) return { error: 'Open a folder first: links are stored in it (.papers/links/).' };
    if (!file) return { error: `Only files in the folder ${this.store.folder.name} can be linked.` };
    const text = editor.document.getText();
    const range = linkableRange(text, toTextRange(editor.selection));
    if (anchorAt(text, range).text.trim() === '')
      return {
        error: editor.selection.isEmpty
          ? `Line ${range.startLine + 1} of ${file} is blank: put the cursor on the code to link (or select it), then link again.`
          : `The selection in ${file} is only blank space: select the code or text to link.`,
      };
    return { editor, file, text, range };
  }

  /** The paper an argument names: an id or key, a tree row or paper-like object with an id. */
  paperFromArg(arg: unknown): Paper | undefined {
    const { model } = this.services;
    if (typeof arg === 'string') return model.paper(arg) ?? model.resolve(arg);
    if (arg && typeof arg === 'object' && typeof (arg as { id?: unknown }).id === 'string') {
      const id = (arg as { id: string }).id;
      return model.paper(id) ?? model.resolve(id);
    }
    return undefined;
  }

  /** The link an argument names: an id, a comment of the link's note, or a tree row of the link (both carry `linkId`). */
  linkArg(arg: unknown): PaperLink | undefined {
    const id =
      typeof arg === 'string'
        ? arg
        : arg && typeof arg === 'object' && typeof (arg as { linkId?: unknown }).linkId === 'string'
          ? (arg as { linkId: string }).linkId
          : undefined;
    const link = id ? this.store.get(id) : undefined;
    if (!link) void vscode.window.showWarningMessage(`Papers: that link is gone (removed here or in another window).`);
    return link;
  }

  /** Sets a link's note; an empty note removes it. */
  async saveNote(link: PaperLink, note: string): Promise<void> {
    const trimmed = note.trim();
    await this.store.change(link.paper, [link.id], (l) => {
      const { note: _old, ...rest } = l;
      return trimmed ? { ...rest, note: trimmed } : rest;
    });
  }
}
