import * as vscode from 'vscode';
import { createLink, formatRange } from '../../../core/links';
import { paperTitle } from '../present';
import { LinkCommandContext, linkLines } from './context';

/** `papers.relinkLink`: moves a (stale) link to the current selection, keeping its id and note. */
export function relinkLink(ctx: LinkCommandContext) {
  return async (arg: unknown): Promise<void> => {
    const link = ctx.linkArg(arg);
    if (!link) return;
    const target = ctx.selectionTarget();
    if ('error' in target) {
      void vscode.window.showInformationMessage(
        `Papers: to re-link, select the new place in an editor first. ${target.error}`,
      );
      return;
    }
    const fresh = createLink({
      paper: link.paper,
      file: target.file,
      range: target.range,
      fileText: target.text,
      id: link.id,
    });
    await ctx.store.change(link.paper, [link.id], (l) => ({
      ...l,
      file: fresh.file,
      range: fresh.range,
      anchor: fresh.anchor,
    }));
    ctx.live.set(fresh, { range: fresh.range, status: 'ok' });
    vscode.window.setStatusBarMessage(
      `$(link) Re-linked ${paperTitle(ctx.services, link.paper)} to ${linkLines(fresh)} (${formatRange(fresh.range)})`,
      4000,
    );
  };
}
