import * as vscode from 'vscode';
import { bylineOf, Paper, paperPageOf } from '../../core/papers';
import { escapeMarkdown } from '../links/present';
import { tagsOf } from '../papers/tags';
import { Services } from '../services';
import { ownPapers, outlineOwnSize } from './themeGroups';
import { GroupNode, SHOW_MORE_COMMAND, TreeNode } from './types';

/** What the rows need of the services. */
export type TreeItemDeps = Pick<Services, 'model' | 'userData' | 'notes' | 'links'>;

const ABSTRACT_PREVIEW_CHARS = 420;

const papersText = (n: number) => `${n} paper${n === 1 ? '' : 's'}`;

/** The row that lists the next page of a group's papers. */
export function moreItem(node: Extract<TreeNode, { kind: 'more' }>, pageSize: number): vscode.TreeItem {
  const next = Math.min(pageSize, node.total - node.shown);
  const item = new vscode.TreeItem(`Show ${next.toLocaleString('en-US')} more…`, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = `${node.shown.toLocaleString('en-US')} of ${node.total.toLocaleString('en-US')} shown`;
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.contextValue = 'more';
  item.command = { command: SHOW_MORE_COMMAND, title: 'Show More', arguments: [node.groupId] };
  return item;
}

/** A group's row: its label, the number of papers under it, and what it is (menus read `contextValue`). */
export function groupItem(node: GroupNode, services: TreeItemDeps): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  const size = node.size ?? node.paperIds.length;
  item.description = String(size);
  const kind = node.id.slice(0, node.id.indexOf(':'));
  const theme = kind === 'theme' ? services.model.theme(node.id.slice('theme:'.length)) : undefined;
  const user = !!theme?.user;
  // a broad theme that is an arXiv field says so, with arXiv's code
  const name = theme?.field !== undefined ? `${node.label} (arXiv ${theme.field})` : node.label;
  if (node.subgroups) {
    // a broad theme: its subthemes, then any papers it holds itself
    item.contextValue = user ? 'theme broad user' : 'theme broad';
    item.iconPath = new vscode.ThemeIcon('layers');
    const subthemes = node.subgroups.length;
    const own = node.size !== undefined ? outlineOwnSize(node) : ownPapers(node).length;
    const inSubthemes = `in ${subthemes} subtheme${subthemes === 1 ? '' : 's'}`;
    item.tooltip =
      own > 0
        ? `${name}: ${papersText(size)}, ${size - own} ${inSubthemes} and ${own} in no subtheme`
        : `${name}: ${papersText(size)} ${inSubthemes}`;
    return item;
  }
  item.contextValue = user ? 'theme user' : kind;
  item.iconPath = new vscode.ThemeIcon(leafIcon(kind, theme?.field !== undefined));
  item.tooltip = `${name}: ${papersText(size)}`;
  return item;
}

/**
 * The icon of a group without subgroups: an arXiv field too small for topics keeps a field's look (the broad
 * themes beside it that have topics show `layers`), a topic the theme's, then tags and collections.
 */
function leafIcon(kind: string, isField: boolean): string {
  if (kind === 'theme') return isField ? 'mortar-board' : 'symbol-namespace';
  return kind === 'tag' ? 'tag' : 'library';
}

/** A paper's row: its title, the method (or its theme when not listed under it), its marks as the icon. */
export function paperItem(
  node: Extract<TreeNode, { kind: 'paper' }>,
  services: TreeItemDeps,
  describedBy: 'method' | 'theme',
): vscode.TreeItem {
  const { model, userData, notes } = services;
  const paper = model.paper(node.id);
  if (!paper) return new vscode.TreeItem('(paper no longer loaded)');
  const marks = userData.marks(paper.id);
  const hasNotes = notes.hasNotes(paper.id);
  const linked = services.links.linksOf(paper.id).length > 0;
  const item = new vscode.TreeItem(
    paper.title,
    linked ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = `${node.groupId}/${paper.id}`;
  const theme = model.theme(paper.theme);
  const broad = theme?.parent !== undefined ? model.theme(theme.parent)?.label : undefined;
  // the method, unless the title already starts with it; the theme when not listed under it
  item.description =
    describedBy === 'method'
      ? paper.method && !paper.title.includes(paper.method)
        ? paper.method
        : undefined
      : theme?.label;
  item.iconPath = marks.starred
    ? new vscode.ThemeIcon('star-full', new vscode.ThemeColor('charts.yellow'))
    : hasNotes
      ? new vscode.ThemeIcon('note')
      : marks.read
        ? new vscode.ThemeIcon('circle-outline', new vscode.ThemeColor('disabledForeground'))
        : new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('charts.blue'));
  const flags = [
    marks.read ? 'read' : 'unread',
    marks.starred ? 'starred' : 'unstarred',
    hasNotes ? 'notes' : 'nonotes',
  ];
  // "not interested" only when set: menus offer the mark or its undo
  const notInterested = userData.data(paper.id).notInterested === true ? ' notinterested' : '';
  // "Open Paper Page" only on papers whose file gave an arXiv id, DOI or web address
  const page = paperPageOf(paper) ? ' haspage' : '';
  item.contextValue = `paper ${flags.join(' ')}${notInterested}${page}`;
  item.accessibilityInformation = {
    label: `${paper.title}, ${flags.filter((f) => f !== 'unstarred' && f !== 'nonotes').join(', ')}`,
  };
  const themePath = broad !== undefined && theme ? `${broad} › ${theme.label}` : theme?.label;
  item.tooltip = paperTooltip(paper, themePath, marks.read, marks.starred, hasNotes, tagsOf(services, paper.id));
  // the row's group travels with the open: next and previous in the view step through this list
  item.command = { command: 'papers.openPaper', title: 'Open Paper', arguments: [paper.id, { list: node.groupId }] };
  return item;
}

/**
 * The hover of a paper row: untrusted text only ever goes through escapeMarkdown (not appendText, whose no-break
 * spaces keep the abstract from wrapping but at its hyphens and mid-word).
 */
export function paperTooltip(
  paper: Paper,
  themeLabel: string | undefined,
  read: boolean,
  starred: boolean,
  hasNotes: boolean,
  tags: string[] = [],
): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.isTrusted = false;
  md.supportHtml = false;
  const text = (value: string) => md.appendMarkdown(escapeMarkdown(value));
  md.appendMarkdown('**');
  text(paper.title);
  md.appendMarkdown('**\n\n');
  const byline = bylineOf(paper);
  if (byline) {
    text(byline);
    md.appendMarkdown('\n\n');
  }
  const meta = [paper.method, themeLabel, paper.collections.join(', ')].filter(Boolean).join(' · ');
  text(meta);
  md.appendMarkdown('\n\n');
  const preview =
    paper.abstract.length > ABSTRACT_PREVIEW_CHARS
      ? `${paper.abstract.slice(0, paper.abstract.lastIndexOf(' ', ABSTRACT_PREVIEW_CHARS))}…`
      : paper.abstract;
  text(preview);
  md.appendMarkdown('\n\n');
  text(
    [
      read ? 'Read' : 'Unread',
      starred ? 'Starred' : '',
      hasNotes ? 'Has notes' : '',
      tags.length ? `Tags: ${tags.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
  );
  return md;
}
