import * as vscode from 'vscode';
import type { ReadingList } from '../paperPanel/readingList';

/**
 * A group of papers: a theme, a collection or a tag. A broad theme of a large library holds subthemes
 * (`subgroups`), listed before the papers it holds itself.
 */
export interface GroupNode {
  kind: 'group';
  id: string;
  label: string;
  /** The papers under the group that pass the filter: its subgroups' (in their order), then its own. */
  paperIds: string[];
  /** A theme of the outline shown before a restored analysis is decoded: papers under it (paperIds are not known yet). */
  size?: number;
  /** A subtheme: the id of its broad theme's group. */
  parentId?: string;
  /** A broad theme: its subthemes that have papers passing the filter. */
  subgroups?: GroupNode[];
  /** A broad theme: the papers it holds itself (moved there by the user, or none), filtered. */
  own?: string[];
}

/**
 * The `New` group at the top of every grouping (papers new since the user last looked, that pass the filter), or,
 * when they arrived in several loads, one batch of them under it.
 */
export interface NewNode {
  kind: 'new';
  /** NEW_GROUP_ID, or `new/<batch id>` for a batch. */
  id: string;
  /** "New", or for a batch when it arrived ("Today", "Yesterday", the date). */
  label: string;
  paperIds: string[];
  /** A batch: its id (see core/papers/arrivals.ts) and when it arrived (ms). */
  batchId?: number;
  at?: number;
  /** The group, with papers of several batches: its batches, newest first (it lists no papers itself then). */
  batches?: NewNode[];
}

/**
 * The `For You` group (features/forYou): the unread papers most like those the reader starred, tagged, highlighted,
 * wrote notes on or linked to code; with no such signal yet, one row (`hint`) saying how to give some.
 */
export interface ForYouNode {
  kind: 'forYou';
  id: string;
  label: string;
  paperIds: string[];
  hint?: string;
}

/** A node that lists papers (in pages): a group, the New group and its batches, the For You group. */
export type ListNode = GroupNode | NewNode | ForYouNode;

export const NEW_GROUP_ID = 'new';
export const FOR_YOU_GROUP_ID = 'foryou';

/** A row of the tree: a group (theme, subtheme, collection or tag), the New group or a batch, For You, or a paper inside one. */
export type TreeNode =
  | GroupNode
  | NewNode
  | ForYouNode
  /** The one row of the For You group while there is no signal: how to give some. */
  | { kind: 'hint'; id: string; groupId: string; label: string }
  | { kind: 'paper'; id: string; groupId: string }
  /** A code link of a paper, listed under it (`id` is the link's too). */
  | { kind: 'link'; id: string; linkId: string; paperId: string; groupId: string }
  /** The last row of a large group: shows the next page of its papers. */
  | { kind: 'more'; id: string; groupId: string; shown: number; total: number }
  /** The row above the groups when a regroup is worth it (`advice`: why; `brief`: in a few words); it opens Regroup Themes' preview. */
  | { kind: 'advice'; id: string; advice: string; brief: string };

/** Hidden command behind a group's "Show more" row. */
export const SHOW_MORE_COMMAND = 'papers.tree.showMore';

/** What other features need of the Papers sidebar. */
export interface PapersTreeService {
  readonly view: vscode.TreeView<TreeNode>;
  /**
   * The tree node of a paper for reveal(): in the group `groupId` when it lists it, else in the current grouping;
   * a paper beyond the listed pages gets them listed.
   */
  nodeOf(paperId: string, groupId?: string): TreeNode | undefined;
  /**
   * Selects the paper's row (in `groupId` while that group lists it, else where the tree lists it), and keeps it
   * selected as marks move it, until the reader selects another row; the focus stays where it is.
   */
  follow(paperId: string, groupId?: string): Promise<void>;
  /** The papers a group lists itself, in order: the list a paper opened from that group steps through. */
  listOf(groupId: string): ReadingList | undefined;
  /** Lists one more page of a group's papers. */
  showMore(groupId: string): void;
  /** Opens, selects and focuses a group's row (NEW_GROUP_ID: New); false when the tree does not list it now. */
  revealGroup(groupId: string): Promise<boolean>;
}
