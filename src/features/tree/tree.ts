import * as vscode from 'vscode';
import { bylineOf, Paper } from '../../core/papers';
import { allTags, tagsOf } from '../papers/tags';
import { Services } from '../services';
import { PapersTreeService, SHOW_MORE_COMMAND, TreeNode } from './types';
import { FILTER_LABELS } from './viewPrefs';

/** What the tree needs of the services (it is one of them: built before the features start). */
export type PapersTreeDeps = Pick<Services, 'model' | 'state' | 'notes' | 'links' | 'prefs'>;

const DEFAULT_PAGE_SIZE = 500;

const ABSTRACT_PREVIEW_CHARS = 420;

/** The Papers sidebar: themes (or collections) and their papers, filtered by read state, stars or notes. */
export class PapersTree implements PapersTreeService, vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private groups: Extract<TreeNode, { kind: 'group' }>[] = [];
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  readonly view: vscode.TreeView<TreeNode>;
  /** Papers listed per group so far (a group starts with one page; "Show more" adds a page). */
  private readonly listed = new Map<string, number>();

  private readonly prefs: PapersTreeDeps['prefs'];

  /** `dragAndDrop`: what rows dropped on the tree do (the themes feature's moves, the collections' imports). */
  constructor(
    private readonly services: PapersTreeDeps,
    dragAndDrop: vscode.TreeDragAndDropController<TreeNode>,
  ) {
    this.prefs = services.prefs;
    this.view = vscode.window.createTreeView('papers.tree', {
      treeDataProvider: this,
      showCollapseAll: true,
      canSelectMany: true,
      dragAndDropController: dragAndDrop,
    });
    const refresh = () => this.refresh();
    this.disposables.push(
      this.view,
      services.model.onDidChange(refresh),
      services.state.onDidChange(refresh),
      services.notes.onDidChange(refresh),
      services.prefs.onDidChange(refresh),
      services.links.onDidChange(refresh),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('papers.tree.pageSize')) refresh();
      }),
    );
    this.refresh();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  refresh(): void {
    this.groups = this.buildGroups();
    const analysis = this.services.model.analysis;
    const filter = this.prefs.filter;
    const shown = this.groups.reduce((n, g) => n + g.paperIds.length, 0);
    this.view.description = filter === 'all' ? undefined : `${FILTER_LABELS[filter]} (${shown})`;
    this.view.message =
      analysis && analysis.papers.length > 0 && shown === 0 && filter !== 'all'
        ? `No papers match the filter "${FILTER_LABELS[filter]}".`
        : undefined;
    void vscode.commands.executeCommand('setContext', 'papers.empty', !!analysis && analysis.papers.length === 0);
    this.emitter.fire(undefined);
  }

  private passes(paper: Paper): boolean {
    const marks = this.services.state.marks(paper.id);
    switch (this.prefs.filter) {
      case 'all':
        return true;
      case 'unread':
        return !marks.read;
      case 'starred':
        return marks.starred;
      case 'notes':
        return this.services.notes.hasNotes(paper.id);
    }
  }

  private buildGroups(): Extract<TreeNode, { kind: 'group' }>[] {
    const analysis = this.services.model.analysis;
    if (!analysis) {
      // the themes of a restore before its papers are decoded: what the tree shows unfiltered by theme
      const outline =
        this.prefs.groupBy === 'theme' && this.prefs.filter === 'all' ? this.services.model.outline : undefined;
      return (outline ?? []).map((t) => ({
        kind: 'group' as const,
        id: `theme:${t.id}`,
        label: t.label,
        paperIds: [],
        size: t.size,
      }));
    }
    const source = this.groupSource(analysis);
    return source
      .map((g) => ({
        kind: 'group' as const,
        ...g,
        paperIds: g.paperIds.filter((id) => {
          const p = analysis.byId.get(id);
          return !!p && this.passes(p);
        }),
      }))
      .filter((g) => g.paperIds.length > 0);
  }

  private groupSource(
    analysis: NonNullable<PapersTreeDeps['model']['analysis']>,
  ): { id: string; label: string; paperIds: string[] }[] {
    switch (this.prefs.groupBy) {
      case 'theme':
        return analysis.themes.map((t) => ({ id: `theme:${t.id}`, label: t.label, paperIds: t.paperIds }));
      case 'collection':
        return analysis.collections.map((c) => ({ id: `collection:${c.name}`, label: c.name, paperIds: c.paperIds }));
      case 'tag': {
        const groups = allTags(this.services).map(({ tag }) => ({
          id: `tag:${tag.toLowerCase()}`,
          label: tag,
          paperIds: [] as string[],
        }));
        const byKey = new Map(groups.map((g) => [g.id, g]));
        const untagged = { id: 'tag:', label: 'Untagged', paperIds: [] as string[] };
        for (const paper of analysis.papers) {
          const tags = tagsOf(this.services, paper.id);
          if (tags.length === 0) untagged.paperIds.push(paper.id);
          for (const tag of tags) byKey.get(`tag:${tag.toLowerCase()}`)?.paperIds.push(paper.id);
        }
        return [...groups, untagged];
      }
    }
  }

  /** Papers per page of a group: thousands of rows in one group would make the tree slow to open and scroll. */
  private get pageSize(): number {
    const n = vscode.workspace.getConfiguration('papers').get<number>('tree.pageSize', DEFAULT_PAGE_SIZE);
    return Number.isFinite(n) && n >= 1 ? Math.floor(n) : DEFAULT_PAGE_SIZE;
  }

  /** How many papers of a group are listed now. */
  private listedIn(groupId: string): number {
    return Math.max(this.listed.get(groupId) ?? 0, this.pageSize);
  }

  /** Lists one more page of a group's papers. */
  showMore(groupId: string): void {
    const group = this.groups.find((g) => g.id === groupId);
    if (!group) return;
    this.listed.set(groupId, Math.min(group.paperIds.length, this.listedIn(groupId) + this.pageSize));
    this.emitter.fire(group);
  }

  /** The tree's rows; an outline theme's papers once the analysis is there. */
  getChildren(node?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (node?.kind === 'group' && node.size !== undefined) return this.afterOutline(node.id);
    return this.children(node);
  }

  /** The children of a node as known now. */
  children(node?: TreeNode): TreeNode[] {
    if (!node) return this.groups;
    if (node.kind === 'group') {
      const limit = this.listedIn(node.id);
      const rows: TreeNode[] = node.paperIds.slice(0, limit).map((id) => ({ kind: 'paper', id, groupId: node.id }));
      if (node.paperIds.length > limit)
        rows.push({ kind: 'more', id: `${node.id}/more`, groupId: node.id, shown: limit, total: node.paperIds.length });
      return rows;
    }
    if (node.kind === 'paper')
      return this.services.links
        .linksOf(node.id)
        .map((l) => ({ kind: 'link', id: l.id, linkId: l.id, paperId: node.id, groupId: node.groupId }));
    return [];
  }

  /** A theme of the outline opened before the papers are decoded: its papers when the model has them (none if the load fails). */
  private afterOutline(groupId: string): Promise<TreeNode[]> {
    return new Promise((resolve) => {
      const listener = this.services.model.onDidChange(() => {
        if (this.services.model.outline) return;
        listener.dispose();
        // this.groups is rebuilt by then: refresh() listens to the model since the constructor
        const group = this.groups.find((g) => g.id === groupId);
        resolve(group ? this.children(group) : []);
      });
    });
  }

  getParent(node: TreeNode): TreeNode | undefined {
    if (node.kind === 'link') return { kind: 'paper', id: node.paperId, groupId: node.groupId };
    return node.kind === 'paper' || node.kind === 'more' ? this.groups.find((g) => g.id === node.groupId) : undefined;
  }

  /** The tree node of a paper in the current grouping, for reveal(); a paper beyond the listed pages gets them listed. */
  nodeOf(paperId: string): TreeNode | undefined {
    const group = this.groups.find((g) => g.paperIds.includes(paperId));
    if (!group) return undefined;
    const at = group.paperIds.indexOf(paperId);
    if (at >= this.listedIn(group.id)) {
      this.listed.set(group.id, Math.ceil((at + 1) / this.pageSize) * this.pageSize);
      this.emitter.fire(group);
    }
    return { kind: 'paper', id: paperId, groupId: group.id };
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    if (node.kind === 'more') {
      const next = Math.min(this.pageSize, node.total - node.shown);
      const item = new vscode.TreeItem(
        `Show ${next.toLocaleString('en-US')} more…`,
        vscode.TreeItemCollapsibleState.None,
      );
      item.id = node.id;
      item.description = `${node.shown.toLocaleString('en-US')} of ${node.total.toLocaleString('en-US')} shown`;
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.contextValue = 'more';
      item.command = { command: SHOW_MORE_COMMAND, title: 'Show More', arguments: [node.groupId] };
      return item;
    }
    if (node.kind === 'link') {
      const view = this.services.links.linksOf(node.paperId).find((l) => l.id === node.linkId);
      if (!view) return new vscode.TreeItem('(link removed)');
      const item = this.services.links.treeItemOf(view);
      // A paper can sit in several groups (by tag): the row's id says which.
      item.id = `${node.groupId}/${node.paperId}/${item.id}`;
      return item;
    }
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      const size = node.size ?? node.paperIds.length;
      item.description = String(size);
      const kind = node.id.slice(0, node.id.indexOf(':'));
      item.contextValue =
        kind === 'theme' && this.services.model.theme(node.id.slice('theme:'.length))?.user ? 'theme user' : kind;
      item.iconPath = new vscode.ThemeIcon(kind === 'theme' ? 'symbol-namespace' : kind === 'tag' ? 'tag' : 'library');
      item.tooltip = `${node.label}: ${size} paper${size === 1 ? '' : 's'}`;
      return item;
    }
    const { model, state, notes } = this.services;
    const paper = model.paper(node.id);
    if (!paper) return new vscode.TreeItem('(paper no longer loaded)');
    const marks = state.marks(paper.id);
    const hasNotes = notes.hasNotes(paper.id);
    const linked = this.services.links.linksOf(paper.id).length > 0;
    const item = new vscode.TreeItem(
      paper.title,
      linked ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${node.groupId}/${paper.id}`;
    const themeLabel = model.theme(paper.theme)?.label;
    // the method, unless the title already starts with it; the theme when grouped by collection
    item.description =
      this.prefs.groupBy === 'theme'
        ? paper.method && !paper.title.includes(paper.method)
          ? paper.method
          : undefined
        : themeLabel;
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
    item.contextValue = `paper ${flags.join(' ')}`;
    item.accessibilityInformation = {
      label: `${paper.title}, ${flags.filter((f) => f !== 'unstarred' && f !== 'nonotes').join(', ')}`,
    };
    item.tooltip = paperTooltip(
      paper,
      themeLabel,
      marks.read,
      marks.starred,
      hasNotes,
      tagsOf(this.services, paper.id),
    );
    item.command = { command: 'papers.openPaper', title: 'Open Paper', arguments: [paper.id] };
    return item;
  }
}

/** The hover of a paper row: untrusted text only ever goes through appendText (escaped). */
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
  md.appendMarkdown('**');
  md.appendText(paper.title);
  md.appendMarkdown('**\n\n');
  const byline = bylineOf(paper);
  if (byline) {
    md.appendText(byline);
    md.appendMarkdown('\n\n');
  }
  const meta = [paper.method, themeLabel, paper.collections.join(', ')].filter(Boolean).join(' · ');
  md.appendText(meta);
  md.appendMarkdown('\n\n');
  const preview =
    paper.abstract.length > ABSTRACT_PREVIEW_CHARS
      ? `${paper.abstract.slice(0, paper.abstract.lastIndexOf(' ', ABSTRACT_PREVIEW_CHARS))}…`
      : paper.abstract;
  md.appendText(preview);
  md.appendMarkdown('\n\n');
  md.appendText(
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
