import * as vscode from 'vscode';
import { PAPER_VIEW_TYPE } from '../../paperPanel/viewType';
import { toRange } from '../live';
import { LinkCommandContext } from './context';

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

/** `papers.openLink`: shows the linked text where it is now. `viewColumn`: where to open, for callers that must not cover themselves (the paper view). */
export function openLink(ctx: LinkCommandContext) {
  return async (arg: unknown, options?: { viewColumn?: vscode.ViewColumn }): Promise<vscode.TextEditor | undefined> => {
    const link = ctx.linkArg(arg);
    const uri = link && ctx.live.uriOf(link.file);
    if (!link || !uri) return undefined;
    const range = toRange(ctx.live.state(link).range);
    try {
      const editor = await vscode.window.showTextDocument(uri, {
        selection: range,
        preview: true,
        viewColumn: options?.viewColumn ?? notOverPaperView(),
      });
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      return editor;
    } catch (err) {
      void vscode.window.showWarningMessage(
        `Papers: cannot open ${link.file} (${(err as Error).message}). The link is kept; re-link it or remove it.`,
      );
      return undefined;
    }
  };
}
