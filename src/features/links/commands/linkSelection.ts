import * as vscode from 'vscode';
import { createLink } from '../../../core/links';
import { pickPaper } from '../../search/pick';
import { fileLines, LinkCommandContext, linkLines } from './context';

/** Options a caller (a test, another view) can pass instead of answering the prompts. */
export interface LinkOptions {
  note?: string;
}

/**
 * `papers.linkSelection`: links a paper (the argument, else one the user picks) to the current selection, with an
 * optional note. Returns the new link's id.
 */
export function linkSelection(ctx: LinkCommandContext) {
  return async (arg?: unknown, options?: LinkOptions): Promise<string | undefined> => {
    const { services, store, live } = ctx;
    const target = ctx.selectionTarget();
    if ('error' in target) {
      void vscode.window.showInformationMessage(`Papers: ${target.error}`);
      return undefined;
    }
    if (arg !== undefined && !services.model.analysis) {
      void vscode.window.showInformationMessage('Papers is still loading its collections; try again in a moment.');
      return undefined;
    }
    const paper =
      ctx.paperFromArg(arg) ??
      (arg === undefined ? await pickPaper(services, { title: 'Link Paper to Selection' }) : undefined);
    if (!paper) {
      if (arg !== undefined)
        void vscode.window.showWarningMessage(
          `Papers: no paper has the key or id "${String(typeof arg === 'object' ? (arg as { id?: unknown }).id : arg)}".`,
        );
      return undefined;
    }
    // the paper view keeps its notes beside it: they are the editor used last, rarely the code meant
    if (services.notes.uriFor(paper)?.toString() === target.editor.document.uri.toString()) {
      void vscode.window.showInformationMessage(
        `Papers: ${target.file} holds the notes of “${paper.title}”: open the code to link, put the cursor on it (or select it), then link again.`,
      );
      return undefined;
    }
    let note = options?.note;
    if (options === undefined) {
      note = await vscode.window.showInputBox({
        title: `Link “${paper.title}” to ${fileLines(target.file, target.range)}`,
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
}
