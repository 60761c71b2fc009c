import * as vscode from 'vscode';
import { LinkNoteComment, NoteThreads } from '../noteThreads';
import { paperTitle } from '../present';
import { LinkCommandContext } from './context';

/** `papers.editLinkNote`: a note given as text is saved; an existing one is edited in its comment thread; else asked for. */
export function editLinkNote(ctx: LinkCommandContext) {
  return async (arg: unknown, text?: string): Promise<void> => {
    const link = ctx.linkArg(arg);
    if (!link) return;
    if (typeof text === 'string') return ctx.saveNote(link, text);
    // A note is edited in place, in its comment thread; a new one is asked for.
    if (link.note && ctx.notes.edit(link.id)) return;
    const note = await vscode.window.showInputBox({
      title: `Note on the link to “${paperTitle(ctx.services, link.paper)}”`,
      value: link.note ?? '',
      prompt: 'Empty removes the note',
    });
    if (note !== undefined) await ctx.saveNote(link, note);
  };
}

/** `papers.saveLinkNote`: the Save of a note's comment in editing mode. */
export function saveLinkNote(ctx: LinkCommandContext) {
  return async (comment: LinkNoteComment): Promise<void> => {
    const link = ctx.linkArg(comment);
    if (!link) return;
    const typed = NoteThreads.typed(comment);
    comment.note = typed.trim();
    ctx.notes.cancel(comment);
    await ctx.saveNote(link, typed);
  };
}

/** `papers.cancelLinkNote`: the Cancel of a note's comment in editing mode. */
export function cancelLinkNote(ctx: LinkCommandContext) {
  return (comment: LinkNoteComment) => ctx.notes.cancel(comment);
}

/** `papers.deleteLinkNote`. */
export function deleteLinkNote(ctx: LinkCommandContext) {
  return async (arg: unknown): Promise<void> => {
    const link = ctx.linkArg(arg);
    if (link) await ctx.saveNote(link, '');
  };
}
