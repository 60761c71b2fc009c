import * as vscode from 'vscode';
import { paperTitle } from '../present';
import { LinkCommandContext, linkLines } from './context';

/** `papers.unlink`: removes a link, with an Undo in the message. */
export function unlink(ctx: LinkCommandContext) {
  return async (arg: unknown): Promise<void> => {
    const link = ctx.linkArg(arg);
    if (!link) return;
    await ctx.store.remove(link);
    // Not awaited: the command is done when the link is removed; the message only offers to undo.
    void vscode.window
      .showInformationMessage(
        `Papers: removed the link from ${linkLines(link, ctx.live.state(link).range)} to “${paperTitle(ctx.services, link.paper)}”.`,
        'Undo',
      )
      .then((choice) => {
        if (choice === 'Undo') void ctx.store.add(link);
      });
  };
}
