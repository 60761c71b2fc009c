import * as vscode from 'vscode';
import { AnchorStatus } from '../../core/links';
import { PaperLink } from '../../core/links';
import { Services } from '../services';
import { Backlink, Backlinks } from './backlinks';
import { registerLinkCommands } from './commands';
import { registerEditorView } from './editorView';
import { LiveLinks, toRange } from './live';
import { NoteThreads } from './noteThreads';
import { escapeMarkdown } from './present';
import { registerPaperKeys } from './paperKeys';
import { LinkStore } from './store';

export type { Backlink } from './backlinks';

/** A link as views show it: where it is now and whether its text is still there. */
export interface LinkView {
  id: string;
  /** The paper's id. */
  paper: string;
  /** Workspace-relative path. */
  file: string;
  uri: vscode.Uri | undefined;
  range: vscode.Range;
  status: AnchorStatus;
  note?: string;
  /** The first line of the linked text, trimmed. */
  preview: string;
}

/** What the tree, the paper view and tests use. */
export interface LinksApi {
  /** The links of a paper, by file and line. */
  linksOf(paperId: string): LinkView[];
  allLinks(): LinkView[];
  /** Markdown files that mention the paper's key (read on demand, cached). */
  backlinksOf(paperId: string): Promise<Backlink[]>;
  /** A tree row for a link: opens it on click; `contextValue` is `paperLink` or `paperLink stale`. */
  treeItemOf(view: LinkView): vscode.TreeItem;
  /** Fires when links were added, removed, moved or went stale (and when backlinks may have changed). */
  readonly onDidChange: vscode.Event<void>;
  /** Resolves once the stored links are loaded and checked against their files. */
  readonly ready: Promise<void>;
}

/**
 * Links from papers to code and notes that stay true as the code changes, paper keys in any file, and
 * backlinks. Registers its commands and providers and pushes every disposable to the extension's context.
 */
export function activateLinks(services: Services): LinksApi {
  const { context, log } = services;
  const store = new LinkStore(log);
  const live = new LiveLinks(store, log);
  const notes = new NoteThreads(services, store, live);
  const backlinks = new Backlinks(services);
  const changed = new vscode.EventEmitter<void>();
  context.subscriptions.push(
    store,
    live,
    notes,
    backlinks,
    changed,
    registerEditorView(services, store, live),
    registerLinkCommands(services, store, live, notes),
    registerPaperKeys(services),
    store.onDidChange(() => changed.fire()),
    live.onDidChange(() => changed.fire()),
    backlinks.onDidChange(() => changed.fire()),
  );
  const ready = store.load().then(
    () => live.checkAll(),
    (err) => log.error(`Papers links: cannot read ${'.papers/links'}: ${(err as Error).message}`),
  );

  const view = (link: PaperLink): LinkView => {
    const state = live.state(link);
    return {
      id: link.id,
      paper: link.paper,
      file: link.file,
      uri: live.uriOf(link.file),
      range: toRange(state.range),
      status: state.status,
      note: link.note,
      preview: link.anchor.text.split('\n').find((l) => l.trim())?.trim() ?? '',
    };
  };
  const sorted = (links: PaperLink[]) => links.map(view).sort((a, b) => a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line);

  return {
    linksOf: (paperId) => sorted(store.ofPaper(paperId)),
    allLinks: () => sorted(store.all()),
    backlinksOf: (paperId) => backlinks.backlinksOf(paperId),
    treeItemOf(v) {
      const name = v.file.slice(v.file.lastIndexOf('/') + 1);
      const lines = `${v.range.start.line + 1}${v.range.end.line !== v.range.start.line ? `-${v.range.end.line + 1}` : ''}`;
      const item = new vscode.TreeItem(`${name}:${lines}`, vscode.TreeItemCollapsibleState.None);
      item.id = `link:${v.id}`;
      // The linked text; a stale link says so first (its icon is a warning too).
      item.description = v.status === 'stale' ? `stale · ${v.preview}` : v.preview;
      const tooltip = new vscode.MarkdownString(`${escapeMarkdown(`${v.file}:${lines}`)}${v.status === 'stale' ? ' — _stale: the linked text is no longer there_' : ''}\n\n`);
      if (v.note) tooltip.appendMarkdown(`${escapeMarkdown(v.note)}\n\n`);
      tooltip.appendCodeblock(v.preview);
      item.tooltip = tooltip;
      item.iconPath = new vscode.ThemeIcon(v.status === 'stale' ? 'warning' : 'link', v.status === 'stale' ? new vscode.ThemeColor('editorWarning.foreground') : undefined);
      item.contextValue = v.status === 'stale' ? 'paperLink stale' : 'paperLink';
      item.command = { command: 'papers.openLink', title: 'Open Link', arguments: [v.id] };
      return item;
    },
    onDidChange: changed.event,
    ready,
  };
}
