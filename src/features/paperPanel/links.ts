import * as vscode from 'vscode';
import { BacklinkItemView, LinkItemView } from '../../webview/protocol';
import type { LinksApi, LinkView } from '../links/types';

/** `file:line` or `file:start-end`, 1-based, as the tree and the paper view show a link. */
export function linkPlace(view: Pick<LinkView, 'file' | 'range'>): string {
  const { start, end } = view.range;
  return `${view.file}:${start.line + 1}${end.line !== start.line ? `-${end.line + 1}` : ''}`;
}

export function linkItems(links: LinksApi, paperId: string): LinkItemView[] {
  return links
    .linksOf(paperId)
    .map((v) => ({ id: v.id, place: linkPlace(v), preview: v.preview, note: v.note, stale: v.status === 'stale' }));
}

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
