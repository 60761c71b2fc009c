import * as vscode from 'vscode';

/** A row of the tree: a group (theme or collection) or a paper inside a group. */
export type TreeNode =
  /** `size`: a theme of the outline shown before a restored analysis is decoded (its paperIds are not known yet). */
  | { kind: 'group'; id: string; label: string; paperIds: string[]; size?: number }
  | { kind: 'paper'; id: string; groupId: string }
  /** A code link of a paper, listed under it (`id` is the link's too). */
  | { kind: 'link'; id: string; linkId: string; paperId: string; groupId: string }
  /** The last row of a large group: shows the next page of its papers. */
  | { kind: 'more'; id: string; groupId: string; shown: number; total: number };

/** Hidden command behind a group's "Show more" row. */
export const SHOW_MORE_COMMAND = 'papers.tree.showMore';

/** What other features need of the Papers sidebar. */
export interface PapersTreeService {
  readonly view: vscode.TreeView<TreeNode>;
  /** The tree node of a paper in the current grouping, for reveal(); a paper beyond the listed pages gets them listed. */
  nodeOf(paperId: string): TreeNode | undefined;
  /** Lists one more page of a group's papers. */
  showMore(groupId: string): void;
}
