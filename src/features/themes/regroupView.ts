/**
 * The Regroup Themes preview: a tree in the panel (as VS Code's own Refactor Preview), the changes grouped by kind,
 * each opening on the papers it would move (a click opens a paper), the summary in the view's message, Apply and
 * Cancel in its title bar. One preview at a time; it goes out of date when a new analysis is shown meanwhile (the
 * fresh grouping was compared with themes no longer shown) and then cannot be applied.
 */
import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import {
  pluralText,
  RegroupChange,
  RegroupChangeKind,
  RegroupFlow,
  RegroupSection,
  regroupSections,
  regroupSummary,
} from '../../core/themes';
import { Regrouping, Services } from '../services';

export const REGROUP_VIEW_ID = 'papers.regroupPreview';
/** Context keys: a preview is open (the view is shown); it is out of date (Apply hidden, Regroup Again shown). */
const OPEN_KEY = 'papers.regroupPreview.open';
const STALE_KEY = 'papers.regroupPreview.stale';
/** Papers listed under one flow: the rest are counted in a last row (a flow can hold thousands). */
export const PAPERS_PER_FLOW = 500;

type FlowEntry = RegroupChange['flows'][number];

/** A row of the preview. Ids are positions, unique within one preview (the tree is rebuilt for the next). */
export type RegroupNode =
  | { kind: 'section'; id: string; section: RegroupSection }
  | { kind: 'change'; id: string; change: RegroupChange }
  | { kind: 'flow'; id: string; entry: FlowEntry }
  | { kind: 'paper'; id: string; paperId: string }
  | { kind: 'rest'; id: string; count: number };

/** The regrouping waiting for Apply or Cancel, with the analysis it was compared with. */
interface Pending {
  regrouping: Regrouping;
  basis: Analysis;
  sections: RegroupSection[];
  summary: string;
  stale: boolean;
}

const KIND_ICONS: Record<RegroupChangeKind, string> = {
  renamed: 'edit',
  split: 'split-horizontal',
  merged: 'git-merge',
  new: 'add',
  gone: 'trash',
  moved: 'arrow-swap',
};

export class RegroupPreview implements vscode.TreeDataProvider<RegroupNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<RegroupNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  readonly view: vscode.TreeView<RegroupNode>;
  private pending: Pending | undefined;
  private readonly disposables: vscode.Disposable[] = [this.emitter];

  constructor(private readonly services: Pick<Services, 'model'>) {
    this.view = vscode.window.createTreeView(REGROUP_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      services.model.onDidChange(() => {
        if (this.pending && !this.pending.stale && services.model.analysis !== this.pending.basis) this.goStale();
      }),
    );
  }

  dispose(): void {
    void this.pending?.regrouping.discard();
    for (const d of this.disposables) d.dispose();
  }

  /** The preview open now, if any (for tests and the commands). */
  get current(): Readonly<Pending> | undefined {
    return this.pending;
  }

  /** Shows a regrouping (one compared with `basis`, the analysis shown when it started); discards one shown before. */
  async show(regrouping: Regrouping, basis: Analysis): Promise<void> {
    await this.pending?.regrouping.discard();
    const sections = regroupSections(regrouping.diff, regrouping.before, regrouping.after);
    this.pending = { regrouping, basis, sections, summary: regroupSummary(regrouping.diff), stale: false };
    if (this.services.model.analysis !== basis) this.pending.stale = true;
    this.describe();
    await vscode.commands.executeCommand('setContext', STALE_KEY, this.pending.stale);
    await vscode.commands.executeCommand('setContext', OPEN_KEY, true);
    this.emitter.fire(undefined);
    await vscode.commands.executeCommand(`${REGROUP_VIEW_ID}.focus`);
  }

  /**
   * Applies the regrouping shown (as the themes shown). Says what happened: 'none' when no preview is open, 'stale'
   * when it is out of date (left open, saying so), 'failed' when applying threw (said in an error message).
   */
  async apply(): Promise<'applied' | 'none' | 'stale' | 'failed'> {
    const pending = this.pending;
    if (!pending) return 'none';
    if (pending.stale || this.services.model.analysis !== pending.basis) {
      this.goStale();
      void vscode.window.showWarningMessage(
        'This regroup preview is out of date: the library changed since. Regroup Again to see what a fresh grouping would change now.',
      );
      return 'stale';
    }
    await this.close();
    try {
      await pending.regrouping.apply();
      return 'applied';
    } catch (err) {
      void vscode.window.showErrorMessage(`Papers could not apply the regrouping: ${(err as Error).message}`);
      return 'failed';
    }
  }

  /** Forgets the regrouping shown: the themes stay as they are. */
  async cancel(): Promise<void> {
    const pending = this.pending;
    await this.close();
    await pending?.regrouping.discard();
  }

  private async close(): Promise<void> {
    this.pending = undefined;
    this.emitter.fire(undefined);
    // the panel shown for the preview goes with it (hidden alone, the panel would show another view, a terminal)
    if (this.view.visible) await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('setContext', OPEN_KEY, false);
    await vscode.commands.executeCommand('setContext', STALE_KEY, false);
  }

  private goStale(): void {
    if (!this.pending) return;
    this.pending.stale = true;
    this.describe();
    void vscode.commands.executeCommand('setContext', STALE_KEY, true);
  }

  /** The summary above the rows; out of date, it says so first. */
  private describe(): void {
    const p = this.pending;
    this.view.message = !p
      ? undefined
      : p.stale
        ? `Out of date: a new analysis of the library is shown since this preview was made, so it cannot be applied. Regroup Again for a fresh preview. (It said: ${p.summary}.)`
        : `${p.summary}. Nothing has changed yet: Apply or Cancel in this view's title bar.`;
    this.view.description = p?.stale ? 'out of date' : undefined;
  }

  getChildren(node?: RegroupNode): RegroupNode[] {
    const p = this.pending;
    if (!p) return [];
    if (!node) return p.sections.map((section, i) => ({ kind: 'section', id: `s${i}`, section }));
    switch (node.kind) {
      case 'section':
        return node.section.changes.map((change, i) => ({ kind: 'change', id: `${node.id}/${i}`, change }));
      case 'change':
        return node.change.flows.map((entry, i) => ({ kind: 'flow', id: `${node.id}/${i}`, entry }));
      case 'flow': {
        const ids = node.entry.flow.paperIds;
        const rows: RegroupNode[] = ids
          .slice(0, PAPERS_PER_FLOW)
          .map((paperId) => ({ kind: 'paper', id: `${node.id}/${paperId}`, paperId }));
        if (ids.length > PAPERS_PER_FLOW)
          rows.push({ kind: 'rest', id: `${node.id}/rest`, count: ids.length - PAPERS_PER_FLOW });
        return rows;
      }
      default:
        return [];
    }
  }

  getTreeItem(node: RegroupNode): vscode.TreeItem {
    switch (node.kind) {
      case 'section':
        return sectionItem(node);
      case 'change':
        return changeItem(node);
      case 'flow':
        return flowItem(node);
      case 'paper':
        return this.paperItem(node);
      case 'rest': {
        const item = new vscode.TreeItem(`… and ${pluralText(node.count, 'more paper', 'more papers')}`);
        item.id = node.id;
        return item;
      }
    }
  }

  private paperItem(node: Extract<RegroupNode, { kind: 'paper' }>): vscode.TreeItem {
    const paper = this.services.model.paper(node.paperId);
    const item = new vscode.TreeItem(paper?.title ?? node.paperId);
    item.id = node.id;
    item.iconPath = new vscode.ThemeIcon('file-text');
    item.tooltip = paper?.title;
    if (paper) item.command = { command: 'papers.openPaper', title: 'Open Paper', arguments: [paper.id] };
    return item;
  }
}

function sectionItem(node: Extract<RegroupNode, { kind: 'section' }>): vscode.TreeItem {
  const { section } = node;
  const item = new vscode.TreeItem(section.title, vscode.TreeItemCollapsibleState.Expanded);
  item.id = node.id;
  item.description = String(section.changes.length);
  item.iconPath = new vscode.ThemeIcon(KIND_ICONS[section.kind]);
  item.accessibilityInformation = {
    label: `${section.title}, ${pluralText(section.changes.length, 'change', 'changes')}`,
  };
  return item;
}

function changeItem(node: Extract<RegroupNode, { kind: 'change' }>): vscode.TreeItem {
  const { change } = node;
  const item = new vscode.TreeItem(
    change.title,
    change.flows.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.id;
  item.description = change.detail;
  item.tooltip = `${change.title}: ${change.detail}`;
  return item;
}

function flowItem(node: Extract<RegroupNode, { kind: 'flow' }>): vscode.TreeItem {
  const { direction, flow } = node.entry;
  const item = new vscode.TreeItem(flowLabel(direction, flow), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  item.description = pluralText(flow.paperIds.length, 'paper', 'papers');
  item.iconPath = new vscode.ThemeIcon(direction === 'out' ? 'arrow-right' : 'arrow-left');
  return item;
}

/** "to Image diffusion" for papers a theme gives, "from Misc" (or "just added") for papers it takes. */
function flowLabel(direction: 'out' | 'in', flow: RegroupFlow): string {
  if (direction === 'out') return `to ${flow.to.label}`;
  return flow.from ? `from ${flow.from.label}` : 'just added';
}
