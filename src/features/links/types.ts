import * as vscode from 'vscode';
import { AnchorStatus } from '../../core/links';
import type { LiveLinks } from './live';
import type { LinkStore } from './store';

/** A Markdown file in the workspace that mentions a paper's key. */
export interface Backlink {
  uri: vscode.Uri;
  range: vscode.Range;
  /** The line of the mention, trimmed. */
  line: string;
}

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

/** What the tree, the paper view, the export and tests use. */
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

/** The links service: the API, and the stored and live links that the links feature's own modules work on. */
export interface LinksService extends LinksApi {
  readonly store: LinkStore;
  readonly live: LiveLinks;
}
