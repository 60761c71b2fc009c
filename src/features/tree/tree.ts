import * as vscode from 'vscode';
import { Paper } from '../../core/papers';
import { allTags, tagsOf } from '../papers/tags';
import { Services } from '../services';
import { forYouGroup, forYouItem, hintItem, hintRows, withReason } from './forYouGroup';
import { newGroup, newItem } from './newGroup';
import { regroupAdviceItem, regroupAdviceRow } from './regroupAdvice';
import { groupIndex, outlineGroups, outlineOwnSize, ownPapers, subgroupsOf, themeGroups } from './themeGroups';
import { groupItem, moreItem, paperItem } from './treeItems';
import { FOR_YOU_GROUP_ID, GroupNode, ListNode, NEW_GROUP_ID, PapersTreeService, TreeNode } from './types';
import { FILTER_LABELS } from './viewPrefs';
import type { ReadingList } from '../paperPanel/readingList';

/** What the tree needs of the services (it is one of them: built before the features start). */
export type PapersTreeDeps = Pick<Services, 'model' | 'userData' | 'notes' | 'links' | 'prefs' | 'arrivals' | 'forYou'>;

const DEFAULT_PAGE_SIZE = 500;
/** How often the selection tries to follow the paper view when a reveal lands while the tree redraws. */
const REVEAL_ATTEMPTS = 4;
const REVEAL_RETRY_MS = 150;
/** How long after a reveal its selection events are still taken for the tree's own. */
const REVEAL_SETTLE_MS = 2000;

/**
 * The Papers sidebar: themes (broad themes and their subthemes in a large library) or collections or tags,
 * and their papers, filtered by read state, stars or notes.
 */
export class PapersTree implements PapersTreeService, vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  /** The groups at the top: New (when papers are new), For You, then the themes, collections or tags. */
  private groups: ListNode[] = [];
  /** Every group by id, the subthemes and New's batches included. */
  private index = new Map<string, ListNode>();
  /** The row above the groups suggesting a regroup, when one is worth it. */
  private advice: TreeNode | undefined;
  private readonly disposables: vscode.Disposable[] = [this.emitter];
  readonly view: vscode.TreeView<TreeNode>;
  /** Papers listed per group so far (a group starts with one page; "Show more" adds a page). */
  private readonly listed = new Map<string, number>();

  private readonly prefs: PapersTreeDeps['prefs'];
  /** The paper the selection follows (the paper view's), and the group it was opened from. */
  private followed: { paperId: string; groupId?: string; shownIn?: string } | undefined;
  /** When the tree last revealed each paper's row: selection events of those rows soon after are not the reader's. */
  private readonly revealedAt = new Map<string, number>();
  private revealing: Promise<void> = Promise.resolve();

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
      // the reader chose another row: the selection stops following the paper view
      this.view.onDidChangeSelection(({ selection }) => {
        const row = selection[0];
        if (!this.followed || !row || (row.kind === 'paper' && row.id === this.followed.paperId)) return;
        // the tree's own reveal of a paper followed before, landing late: the paper followed now again
        if (row.kind === 'paper' && Date.now() - (this.revealedAt.get(row.id) ?? -Infinity) < REVEAL_SETTLE_MS)
          void this.revealFollowed();
        else this.followed = undefined;
      }),
      this.view.onDidChangeVisibility(({ visible }) => visible && void this.revealFollowed()),
      services.model.onDidChange(refresh),
      services.userData.onDidChange(refresh),
      services.notes.onDidChange(refresh),
      services.prefs.onDidChange(refresh),
      services.links.onDidChange(refresh),
      services.arrivals.onDidChange(refresh),
      services.forYou.onDidChange(refresh),
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
    this.index = groupIndex(this.groups);
    const analysis = this.services.model.analysis;
    this.advice = regroupAdviceRow(analysis);
    const filter = this.prefs.filter;
    const shown = this.groups.reduce((n, g) => n + (g.kind === 'group' ? g.paperIds.length : 0), 0);
    this.view.description = filter === 'all' ? undefined : `${FILTER_LABELS[filter]} (${shown})`;
    this.view.message =
      analysis && analysis.papers.length > 0 && shown === 0 && filter !== 'all'
        ? `No papers match the filter "${FILTER_LABELS[filter]}".`
        : undefined;
    void vscode.commands.executeCommand('setContext', 'papers.empty', !!analysis && analysis.papers.length === 0);
    this.showNewCount();
    this.emitter.fire(undefined);
    // a mark can take the paper out of the group its row was in (out of New, out of a filter): the selection
    // follows it; while its row stays, the tree is left where the reader scrolled it
    const followed = this.followed;
    const row = followed?.shownIn !== undefined ? this.index.get(followed.shownIn) : undefined;
    if (followed && !(row && ownPapers(row).includes(followed.paperId))) void this.revealFollowed();
  }

  /** Selects the paper's row (in `groupId` while it lists it), now and after the tree changes, without the focus. */
  async follow(paperId: string, groupId?: string): Promise<void> {
    this.followed = { paperId, groupId };
    await this.revealFollowed();
  }

  /** One reveal at a time, each of the paper followed when it runs: an earlier one never lands after a later one. */
  private revealFollowed(): Promise<void> {
    this.revealing = this.revealing.then(() => this.revealFollowedNow());
    return this.revealing;
  }

  private async revealFollowedNow(): Promise<void> {
    for (let attempt = 0; attempt < REVEAL_ATTEMPTS; attempt++) {
      const followed = this.followed;
      if (!followed || !this.view.visible) return;
      const node = this.nodeOf(followed.paperId, followed.groupId);
      if (node?.kind !== 'paper') return;
      followed.shownIn = node.groupId;
      if (this.revealedAt.size > 64) this.revealedAt.clear(); // only the last few matter
      this.revealedAt.set(node.id, Date.now());
      await this.view.reveal(node, { select: true, focus: false }).then(undefined, () => undefined);
      this.revealedAt.set(node.id, Date.now());
      // done when the row of the paper followed now is selected; a reveal that raced the tree's own redraw (a mark
      // just moved the row) or an earlier reveal landing last leaves another row selected: again
      const now = this.followed;
      if (!now) return;
      if (this.view.selection.some((n) => n.kind === 'paper' && n.id === now.paperId && n.groupId === now.shownIn))
        return;
      await new Promise((r) => setTimeout(r, REVEAL_RETRY_MS));
    }
  }

  /** The number of new papers as the view's badge (all of them, whatever the filter). */
  private showNewCount(): void {
    const count = this.services.model.analysis ? this.services.arrivals.newIds().length : 0;
    this.view.badge =
      count > 0
        ? { value: count, tooltip: `${count.toLocaleString('en-US')} new paper${count === 1 ? '' : 's'}` }
        : undefined;
  }

  private passes(paper: Paper): boolean {
    const marks = this.services.userData.marks(paper.id);
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

  private buildGroups(): ListNode[] {
    const analysis = this.services.model.analysis;
    if (!analysis) {
      // the themes of a restore before its papers are decoded: what the tree shows unfiltered by theme
      const outline =
        this.prefs.groupBy === 'theme' && this.prefs.filter === 'all' ? this.services.model.outline : undefined;
      return outlineGroups(outline ?? []);
    }
    const passes = (id: string) => {
      const p = analysis.byId.get(id);
      return !!p && this.passes(p);
    };
    const { arrivals, forYou } = this.services;
    const fresh = newGroup(arrivals.batches(), passes, Date.now(), (batch) => forYou.batchOrder(batch));
    const ranked = analysis.papers.length ? forYouGroup(forYou, passes) : undefined;
    return [...(fresh ? [fresh] : []), ...(ranked ? [ranked] : []), ...this.groupsBy(analysis, passes)];
  }

  /** The groups of the grouping chosen, with the papers that pass the filter. */
  private groupsBy(
    analysis: NonNullable<PapersTreeDeps['model']['analysis']>,
    passes: (id: string) => boolean,
  ): GroupNode[] {
    if (this.prefs.groupBy === 'theme') return themeGroups(analysis.themes, passes);
    return this.flatGroups(analysis)
      .map((g) => ({ kind: 'group' as const, ...g, paperIds: g.paperIds.filter(passes) }))
      .filter((g) => g.paperIds.length > 0);
  }

  /** The groups by collection or by tag (one level). */
  private flatGroups(
    analysis: NonNullable<PapersTreeDeps['model']['analysis']>,
  ): { id: string; label: string; paperIds: string[] }[] {
    if (this.prefs.groupBy === 'collection')
      return analysis.collections.map((c) => ({ id: `collection:${c.name}`, label: c.name, paperIds: c.paperIds }));
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
    const group = this.index.get(groupId);
    if (!group) return;
    this.listed.set(groupId, Math.min(ownPapers(group).length, this.listedIn(groupId) + this.pageSize));
    this.emitter.fire(group);
  }

  /** Opens, selects and focuses a group's row; false when the tree does not list it (a filter hides it, or none). */
  async revealGroup(groupId: string): Promise<boolean> {
    const group = this.index.get(groupId);
    if (!group) return false;
    await this.view.reveal(group, { select: true, focus: true, expand: true });
    return true;
  }

  /**
   * The tree's rows. A theme of the outline lists its papers once the analysis is there; a broad theme of
   * the outline lists its subthemes at once (unless it holds papers itself, which come with the analysis).
   */
  getChildren(node?: TreeNode): TreeNode[] | Promise<TreeNode[]> {
    if (node?.kind === 'group' && node.size !== undefined) {
      return node.subgroups && outlineOwnSize(node) <= 0 ? node.subgroups : this.afterOutline(node.id);
    }
    return this.children(node);
  }

  /** The children of a node as known now: a group's subgroups, then a page of its own papers. */
  children(node?: TreeNode): TreeNode[] {
    if (!node) return this.advice ? [this.advice, ...this.groups] : this.groups;
    if (node.kind === 'forYou' && node.hint) return hintRows(node);
    if (node.kind === 'group' || node.kind === 'new' || node.kind === 'forYou') {
      const own = ownPapers(node);
      const limit = this.listedIn(node.id);
      const rows: TreeNode[] = [
        ...subgroupsOf(node),
        ...own.slice(0, limit).map((id) => ({ kind: 'paper' as const, id, groupId: node.id })),
      ];
      if (own.length > limit)
        rows.push({ kind: 'more', id: `${node.id}/more`, groupId: node.id, shown: limit, total: own.length });
      return rows;
    }
    if (node.kind === 'paper')
      return this.services.links
        .linksOf(node.id)
        .map((l) => ({ kind: 'link', id: l.id, linkId: l.id, paperId: node.id, groupId: node.groupId }));
    return [];
  }

  /** A theme of the outline opened before the papers are decoded: its rows when the model has them (none if the load fails). */
  private afterOutline(groupId: string): Promise<TreeNode[]> {
    return new Promise((resolve) => {
      const listener = this.services.model.onDidChange(() => {
        if (this.services.model.outline) return;
        listener.dispose();
        // this.index is rebuilt by then: refresh() listens to the model since the constructor
        const group = this.index.get(groupId);
        resolve(group ? this.children(group) : []);
      });
    });
  }

  getParent(node: TreeNode): TreeNode | undefined {
    switch (node.kind) {
      case 'link':
        return { kind: 'paper', id: node.paperId, groupId: node.groupId };
      case 'paper':
      case 'more':
      case 'hint':
        return this.index.get(node.groupId);
      case 'forYou':
      case 'advice':
        return undefined;
      case 'group':
        return node.parentId !== undefined ? this.index.get(node.parentId) : undefined;
      case 'new':
        return node.batchId !== undefined ? this.index.get(NEW_GROUP_ID) : undefined;
    }
  }

  /**
   * The tree node of a paper for reveal(): in the group `groupId` when it lists the paper (the list the view steps
   * through), else in its theme, collection or tag (a paper leaves New once it is seen). A paper beyond the listed
   * pages gets them listed.
   */
  nodeOf(paperId: string, groupId?: string): TreeNode | undefined {
    const wanted = groupId !== undefined ? this.index.get(groupId) : undefined;
    let group = wanted && ownPapers(wanted).includes(paperId) ? wanted : undefined;
    for (const g of group ? [] : this.index.values()) {
      if (g.kind === 'group' && ownPapers(g).includes(paperId)) {
        group = g;
        break;
      }
    }
    if (!group) return undefined;
    const at = ownPapers(group).indexOf(paperId);
    if (at >= this.listedIn(group.id)) {
      this.listed.set(group.id, Math.ceil((at + 1) / this.pageSize) * this.pageSize);
      this.emitter.fire(group);
    }
    return { kind: 'paper', id: paperId, groupId: group.id };
  }

  /** The papers a group lists itself, in its order, named as the view names the list ("New › Today"). */
  listOf(groupId: string): ReadingList | undefined {
    const group = this.index.get(groupId);
    if (!group) return undefined;
    const parent = this.getParent(group);
    const label = parent && 'label' in parent ? `${parent.label} › ${group.label}` : group.label;
    return { label, ids: ownPapers(group), groupId };
  }

  /** A paper row says its method under its theme, its theme elsewhere (under New, a collection or a tag). */
  private describedBy(node: Extract<TreeNode, { kind: 'paper' }>): 'method' | 'theme' {
    return this.prefs.groupBy === 'theme' && this.index.get(node.groupId)?.kind === 'group' ? 'method' : 'theme';
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'more':
        return moreItem(node, this.pageSize);
      case 'link': {
        const view = this.services.links.linksOf(node.paperId).find((l) => l.id === node.linkId);
        if (!view) return new vscode.TreeItem('(link removed)');
        const item = this.services.links.treeItemOf(view);
        // A paper can sit in several groups (by tag): the row's id says which.
        item.id = `${node.groupId}/${node.paperId}/${item.id}`;
        return item;
      }
      case 'group':
        return groupItem(node, this.services);
      case 'new':
        return newItem(node);
      case 'forYou':
        return forYouItem(node);
      case 'hint':
        return hintItem(node);
      case 'advice':
        return regroupAdviceItem(node);
      case 'paper': {
        const item = paperItem(node, this.services, this.describedBy(node));
        const { forYou, model } = this.services;
        // For You's papers, and New's (each day best first), say why they rank where they do
        const ranked =
          node.groupId === FOR_YOU_GROUP_ID ||
          node.groupId === NEW_GROUP_ID ||
          node.groupId.startsWith(`${NEW_GROUP_ID}/`);
        return ranked ? withReason(item, node.id, forYou, model) : item;
      }
    }
  }
}
