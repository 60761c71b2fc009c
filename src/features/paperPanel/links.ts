import * as vscode from 'vscode';
import { BacklinkItemView } from '../../webview/protocol';
import type { LinksApi } from '../links/types';

export async function backlinkItems(links: LinksApi, paperId: string): Promise<BacklinkItemView[]> {
  return (await links.backlinksOf(paperId)).map((b) => ({
    uri: b.uri.toString(),
    file: vscode.workspace.asRelativePath(b.uri, false),
    line: b.range.start.line,
    text: b.line,
  }));
}

/**
 * Opens a backlink the page asked for, at its mention: only one the host listed for that paper, since the
 * page's messages are data, not orders to open any file.
 */
export async function openBacklink(
  links: LinksApi,
  paperId: string,
  uri: string,
  line: number,
  viewColumn: vscode.ViewColumn,
): Promise<void> {
  const known = (await links.backlinksOf(paperId)).find((b) => b.uri.toString() === uri && b.range.start.line === line);
  if (!known) {
    void vscode.window.showWarningMessage('Papers: that note no longer mentions this paper.');
    return;
  }
  await vscode.window.showTextDocument(known.uri, { selection: known.range, viewColumn });
}
