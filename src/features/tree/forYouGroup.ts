import * as vscode from 'vscode';
import { signalLabel } from '../../core/forYou';
import { escapeMarkdown } from '../links/present';
import { ForYouService, PapersModel } from '../services';
import { FOR_YOU_GROUP_ID, ForYouNode, TreeNode } from './types';

const HINT =
  'Star, tag, highlight, write notes on or link papers to your code: For You then lists the unread papers most like them.';

/**
 * The For You group: the ranked papers that pass the filter, or the hint while the reader has given no signal.
 * Undefined when there is nothing to show (not ranked yet, or no ranked paper passes the filter).
 */
export function forYouGroup(forYou: ForYouService, passes: (id: string) => boolean): ForYouNode | undefined {
  if (!forYou.ranked) return undefined;
  if (!forYou.hasSignals) return { kind: 'forYou', id: FOR_YOU_GROUP_ID, label: 'For You', paperIds: [], hint: HINT };
  const paperIds = forYou.feed.filter(passes);
  return paperIds.length ? { kind: 'forYou', id: FOR_YOU_GROUP_ID, label: 'For You', paperIds } : undefined;
}

/** The group's row: open when it lists papers (they are what the reader came for), closed on the hint. */
export function forYouItem(node: ForYouNode): vscode.TreeItem {
  const item = new vscode.TreeItem(
    node.label,
    node.hint ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
  );
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon('heart');
  item.contextValue = 'forYouGroup';
  if (node.hint) {
    item.description = 'no signals yet';
    item.tooltip = node.hint;
    item.accessibilityInformation = { label: 'For You, no signals yet' };
  } else {
    const n = node.paperIds.length;
    item.description = String(n);
    item.accessibilityInformation = { label: `For You, ${n} paper${n === 1 ? '' : 's'}` };
    item.tooltip = `${n} unread paper${n === 1 ? '' : 's'} like the ones you starred, tagged, highlighted, noted or linked`;
  }
  return item;
}

/** The hint row under For You while there is no signal. */
export function hintItem(node: Extract<TreeNode, { kind: 'hint' }>): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon('lightbulb');
  item.tooltip = node.label;
  item.contextValue = 'forYouHint';
  return item;
}

/** The rows under For You while it shows the hint. */
export function hintRows(node: ForYouNode): TreeNode[] {
  return node.hint ? [{ kind: 'hint', id: `${node.id}/hint`, groupId: node.id, label: node.hint }] : [];
}

/**
 * A paper row under For You: its usual hover, then why it is there: 'Why: like *X* (starred) and *Y* (linked from
 * src/train.py)'. Titles are the collections' text: appended as text (escaped), never as Markdown.
 */
export function withReason(
  item: vscode.TreeItem,
  paperId: string,
  forYou: ForYouService,
  model: Pick<PapersModel, 'paper'>,
): vscode.TreeItem {
  const because = forYou.reasonsOf(paperId);
  if (!because?.length || !(item.tooltip instanceof vscode.MarkdownString)) return item;
  const md = item.tooltip;
  md.appendMarkdown('\n\n---\n\n**For you:** like ');
  because.forEach((reason, i) => {
    // escaped, not appendText: its no-break spaces would keep a long title from wrapping
    if (i > 0) md.appendMarkdown(i === because.length - 1 ? ' and ' : ', ');
    md.appendMarkdown(`*${escapeMarkdown(model.paper(reason.id)?.title ?? reason.id)}*`);
    md.appendMarkdown(escapeMarkdown(` (${signalLabel(reason)})`));
  });
  return item;
}
