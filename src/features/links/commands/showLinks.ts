import * as vscode from 'vscode';
import { paperTitle } from '../present';
import { LinkCommandContext, linkLines } from './context';

/** `papers.showLinks`: a quick pick of the links of a paper (or all links) that opens the one picked. */
export function showLinks(ctx: LinkCommandContext) {
  return async (arg?: unknown): Promise<void> => {
    const { services, store, live } = ctx;
    const paper = ctx.paperFromArg(arg);
    const links = paper ? store.ofPaper(paper.id) : store.all();
    if (links.length === 0) {
      void vscode.window.showInformationMessage(
        paper
          ? `Papers: “${paper.title}” has no code links yet. Select code and run “Papers: Link Paper to Selection”.`
          : 'Papers: no code links yet. Select code and run “Papers: Link Paper to Selection”.',
      );
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
    const pick = await vscode.window.showQuickPick(picks, {
      title: paper ? `Code Links of “${paper.title}”` : 'Code Links',
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (pick) await vscode.commands.executeCommand('papers.openLink', pick.linkId);
  };
}
