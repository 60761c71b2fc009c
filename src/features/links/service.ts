import * as vscode from 'vscode';
import { PaperLink } from '../../core/links';
import { Services } from '../services';
import { Backlinks } from './backlinks';
import { LiveLinks, toRange } from './live';
import { escapeMarkdown } from './present';
import { LinkStore } from './store';
import { Backlink, LinksService, LinkView } from './types';

/**
 * The links as the other features see them: the stored links (LinkStore), where they are now in their files
 * (LiveLinks) and the notes that mention a paper (Backlinks). Built before the tree and the paper view, which
 * list a paper's links; starts reading `.papers/links/` at once (`ready`).
 */
export class Links implements LinksService, vscode.Disposable {
  readonly store: LinkStore;
  readonly live: LiveLinks;
  readonly ready: Promise<void>;
  private readonly backlinks: Backlinks;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[];

  constructor(services: Pick<Services, 'log' | 'model' | 'notes'>) {
    const { log } = services;
    this.store = new LinkStore(log);
    this.live = new LiveLinks(this.store, log);
    this.backlinks = new Backlinks(services);
    this.disposables = [
      this.store,
      this.live,
      this.backlinks,
      this.changed,
      this.store.onDidChange(() => this.changed.fire()),
      this.live.onDidChange(() => this.changed.fire()),
      this.backlinks.onDidChange(() => this.changed.fire()),
    ];
    this.ready = this.store.load().then(
      () => this.live.checkAll(),
      (err) => log.error(`Papers links: cannot read ${'.papers/links'}: ${(err as Error).message}`),
    );
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }

  linksOf(paperId: string): LinkView[] {
    return this.sorted(this.store.ofPaper(paperId));
  }

  allLinks(): LinkView[] {
    return this.sorted(this.store.all());
  }

  backlinksOf(paperId: string): Promise<Backlink[]> {
    return this.backlinks.backlinksOf(paperId);
  }

  treeItemOf(v: LinkView): vscode.TreeItem {
    const name = v.file.slice(v.file.lastIndexOf('/') + 1);
    const lines = `${v.range.start.line + 1}${v.range.end.line !== v.range.start.line ? `-${v.range.end.line + 1}` : ''}`;
    const item = new vscode.TreeItem(`${name}:${lines}`, vscode.TreeItemCollapsibleState.None);
    item.id = `link:${v.id}`;
    // The linked text; a stale link says so first (its icon is a warning too).
    item.description = v.status === 'stale' ? `stale · ${v.preview}` : v.preview;
    const tooltip = new vscode.MarkdownString(
      `${escapeMarkdown(`${v.file}:${lines}`)}${v.status === 'stale' ? ' — _stale: the linked text is no longer there_' : ''}\n\n`,
    );
    if (v.note) tooltip.appendMarkdown(`${escapeMarkdown(v.note)}\n\n`);
    tooltip.appendCodeblock(v.preview);
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(
      v.status === 'stale' ? 'warning' : 'link',
      v.status === 'stale' ? new vscode.ThemeColor('editorWarning.foreground') : undefined,
    );
    item.contextValue = v.status === 'stale' ? 'paperLink stale' : 'paperLink';
    item.command = { command: 'papers.openLink', title: 'Open Link', arguments: [v.id] };
    return item;
  }

  private view(link: PaperLink): LinkView {
    const state = this.live.state(link);
    return {
      id: link.id,
      paper: link.paper,
      file: link.file,
      uri: this.live.uriOf(link.file),
      range: toRange(state.range),
      status: state.status,
      note: link.note,
      preview:
        link.anchor.text
          .split('\n')
          .find((l) => l.trim())
          ?.trim() ?? '',
    };
  }

  private sorted(links: PaperLink[]): LinkView[] {
    return links
      .map((l) => this.view(l))
      .sort((a, b) => a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line);
  }
}
