import * as vscode from 'vscode';
import { anchorAt, formatRange } from '../../core/links';
import { createLink, linkableRange, PaperLink } from '../../core/links';
import { Paper } from '../../core/papers';
import { PAPER_VIEW_TYPE } from '../paperPanel/panel';
import { pickPaper } from '../search/pick';
import { Services } from '../services';
import { LiveLinks, toRange, toTextRange } from './live';
import { LinkNoteComment, NoteThreads } from './noteThreads';
import { paperTitle } from './present';
import { LinkStore } from './store';

/** Options a caller (a test, another view) can pass instead of answering the prompts. */
interface LinkOptions {
  note?: string;
}

/** The paper an argument names: an id or key, a tree row or paper-like object with an id. */
function paperFromArg(services: Services, arg: unknown): Paper | undefined {
  if (typeof arg === 'string') return services.model.paper(arg) ?? services.model.resolve(arg);
  if (arg && typeof arg === 'object' && typeof (arg as { id?: unknown }).id === 'string') {
    const id = (arg as { id: string }).id;
    return services.model.paper(id) ?? services.model.resolve(id);
  }
  return undefined;
}

/**
 * The first column when the active group shows the paper view (a link opened from the tree or a hover
 * then goes beside the view instead of covering it); else undefined, the active group.
 */
function notOverPaperView(): vscode.ViewColumn | undefined {
  const group = vscode.window.tabGroups.activeTabGroup;
  const input = group.activeTab?.input;
  if (!(input instanceof vscode.TabInputWebview) || !input.viewType.endsWith(PAPER_VIEW_TYPE)) return undefined;
  return group.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One;
}

const linkLines = (link: PaperLink, range = link.range) => `${link.file}:${range.startLine + 1}${range.endLine !== range.startLine ? `-${range.endLine + 1}` : ''}`;

/** The commands of code links. They return what they made, so other features and tests can use them. */
export function registerLinkCommands(services: Services, store: LinkStore, live: LiveLinks, notes: NoteThreads): vscode.Disposable {
  // The paper view calls these commands while it has the focus, when no text editor is active: the
  // selection meant is the one of the text editor used last, if it is still shown.
  let lastEditor = vscode.window.activeTextEditor;
  const tracking = vscode.window.onDidChangeActiveTextEditor((e) => {
    if (e) lastEditor = e;
  });
  const currentEditor = () => vscode.window.activeTextEditor ?? (lastEditor && vscode.window.visibleTextEditors.includes(lastEditor) ? lastEditor : undefined);

  /** The current editor's selection as a link target, or a message saying why there is none. */
  const selectionTarget = () => {
    const editor = currentEditor();
    if (!editor) return { error: 'Open a file and select the code or text to link.' };
    const file = live.fileOf(editor.document.uri);
    if (!store.folder) return { error: 'Open a folder first: links are stored in it (.papers/links/).' };
    if (!file) return { error: `Only files in the folder ${store.folder.name} can be linked.` };
    const text = editor.document.getText();
    const range = linkableRange(text, toTextRange(editor.selection));
    if (anchorAt(text, range).text.trim() === '') return { error: 'The selection is empty: select the code or text to link.' };
    return { editor, file, text, range };
  };

  const linkSelection = async (arg?: unknown, options?: LinkOptions): Promise<string | undefined> => {
    const target = selectionTarget();
    if ('error' in target) {
      void vscode.window.showInformationMessage(`Papers: ${target.error}`);
      return undefined;
    }
    if (arg !== undefined && !services.model.analysis) {
      void vscode.window.showInformationMessage('Papers is still loading its collections; try again in a moment.');
      return undefined;
    }
    const paper = paperFromArg(services, arg) ?? (arg === undefined ? await pickPaper(services, { title: 'Link Paper to Selection' }) : undefined);
    if (!paper) {
      if (arg !== undefined) void vscode.window.showWarningMessage(`Papers: no paper has the key or id "${String(typeof arg === 'object' ? (arg as { id?: unknown }).id : arg)}".`);
      return undefined;
    }
    let note = options?.note;
    if (options === undefined) {
      note = await vscode.window.showInputBox({
        title: `Link to “${paper.title}”`,
        prompt: 'A short note on this link (optional): Enter to link, Escape to cancel',
        placeHolder: 'why this code relates to the paper',
      });
      if (note === undefined) return undefined;
    }
    const link = createLink({ paper: paper.id, file: target.file, range: target.range, fileText: target.text, note });
    await store.add(link);
    live.set(link, { range: link.range, status: 'ok' });
    vscode.window.setStatusBarMessage(`$(link) Linked ${paper.title} to ${linkLines(link)}`, 4000);
    return link.id;
  };

  const linkArg = (arg: unknown): PaperLink | undefined => {
    // An id, a comment of the link's note, or a tree row of the link (both carry `linkId`).
    const id = typeof arg === 'string' ? arg : arg && typeof arg === 'object' && typeof (arg as { linkId?: unknown }).linkId === 'string' ? (arg as { linkId: string }).linkId : undefined;
    const link = id ? store.get(id) : undefined;
    if (!link) void vscode.window.showWarningMessage(`Papers: that link is gone (removed here or in another window).`);
    return link;
  };

  const saveNote = async (link: PaperLink, note: string) => {
    const trimmed = note.trim();
    await store.change(link.paper, [link.id], (l) => {
      const { note: _old, ...rest } = l;
      return trimmed ? { ...rest, note: trimmed } : rest;
    });
  };

  return vscode.Disposable.from(
    tracking,
    vscode.commands.registerCommand('papers.linkSelection', linkSelection),

    // `viewColumn`: where to open, for callers that must not cover themselves (the paper view).
    vscode.commands.registerCommand('papers.openLink', async (arg: unknown, options?: { viewColumn?: vscode.ViewColumn }) => {
      const link = linkArg(arg);
      const uri = link && live.uriOf(link.file);
      if (!link || !uri) return undefined;
      const range = toRange(live.state(link).range);
      try {
        const editor = await vscode.window.showTextDocument(uri, { selection: range, preview: true, viewColumn: options?.viewColumn ?? notOverPaperView() });
        editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        return editor;
      } catch (err) {
        void vscode.window.showWarningMessage(`Papers: cannot open ${link.file} (${(err as Error).message}). The link is kept; re-link it or remove it.`);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('papers.unlink', async (arg: unknown) => {
      const link = linkArg(arg);
      if (!link) return;
      await store.remove(link);
      // Not awaited: the command is done when the link is removed; the message only offers to undo.
      void vscode.window.showInformationMessage(`Papers: removed the link from ${linkLines(link, live.state(link).range)} to “${paperTitle(services, link.paper)}”.`, 'Undo').then((choice) => {
        if (choice === 'Undo') void store.add(link);
      });
    }),

    vscode.commands.registerCommand('papers.relinkLink', async (arg: unknown) => {
      const link = linkArg(arg);
      if (!link) return;
      const target = selectionTarget();
      if ('error' in target) {
        void vscode.window.showInformationMessage(`Papers: to re-link, select the new place in an editor first. ${target.error}`);
        return;
      }
      const fresh = createLink({ paper: link.paper, file: target.file, range: target.range, fileText: target.text, id: link.id });
      await store.change(link.paper, [link.id], (l) => ({ ...l, file: fresh.file, range: fresh.range, anchor: fresh.anchor }));
      live.set(fresh, { range: fresh.range, status: 'ok' });
      vscode.window.setStatusBarMessage(`$(link) Re-linked ${paperTitle(services, link.paper)} to ${linkLines(fresh)} (${formatRange(fresh.range)})`, 4000);
    }),

    vscode.commands.registerCommand('papers.editLinkNote', async (arg: unknown, text?: string) => {
      const link = linkArg(arg);
      if (!link) return;
      if (typeof text === 'string') return saveNote(link, text);
      // A note is edited in place, in its comment thread; a new one is asked for.
      if (link.note && notes.edit(link.id)) return;
      const note = await vscode.window.showInputBox({ title: `Note on the link to “${paperTitle(services, link.paper)}”`, value: link.note ?? '', prompt: 'Empty removes the note' });
      if (note !== undefined) await saveNote(link, note);
    }),

    vscode.commands.registerCommand('papers.saveLinkNote', async (comment: LinkNoteComment) => {
      const link = linkArg(comment);
      if (!link) return;
      const typed = NoteThreads.typed(comment);
      comment.note = typed.trim();
      notes.cancel(comment);
      await saveNote(link, typed);
    }),

    vscode.commands.registerCommand('papers.cancelLinkNote', (comment: LinkNoteComment) => notes.cancel(comment)),

    vscode.commands.registerCommand('papers.deleteLinkNote', async (arg: unknown) => {
      const link = linkArg(arg);
      if (link) await saveNote(link, '');
    }),

    vscode.commands.registerCommand('papers.showLinks', async (arg?: unknown) => {
      const paper = paperFromArg(services, arg);
      const links = paper ? store.ofPaper(paper.id) : store.all();
      if (links.length === 0) {
        void vscode.window.showInformationMessage(paper ? `Papers: “${paper.title}” has no code links yet. Select code and run “Papers: Link Paper to Selection”.` : 'Papers: no code links yet. Select code and run “Papers: Link Paper to Selection”.');
        return;
      }
      const picks = links.map((link) => {
        const state = live.state(link);
        return {
          label: `${state.status === 'stale' ? '$(warning)' : '$(link)'} ${linkLines(link, state.range)}`,
          description: paperTitle(services, link.paper),
          detail: `${state.status === 'stale' ? 'stale: the linked text is gone · ' : ''}${link.note ?? link.anchor.text.split('\n')[0].trim()}`,
          linkId: link.id,
        };
      });
      const pick = await vscode.window.showQuickPick(picks, { title: paper ? `Code Links of “${paper.title}”` : 'Code Links', matchOnDescription: true, matchOnDetail: true });
      if (pick) await vscode.commands.executeCommand('papers.openLink', pick.linkId);
    }),
  );
}
