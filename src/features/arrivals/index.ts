import * as vscode from 'vscode';
import { FeatureActivator } from '../services';
import type { TreeNode } from '../tree/types';

export { ArrivalsStore } from './service';
export { arrivalsStorage } from './storage';

export const MARK_ALL_SEEN_COMMAND = 'papers.markAllSeen';
export const MARK_BATCH_SEEN_COMMAND = 'papers.markBatchSeen';

/** What is new: Mark All as Seen (palette, the New group) and a batch's Mark as Seen (its row in the tree). */
export const activate: FeatureActivator = (context, services) => {
  const { arrivals } = services;
  context.subscriptions.push(
    vscode.commands.registerCommand(MARK_ALL_SEEN_COMMAND, () => arrivals.markAllSeen()),
    vscode.commands.registerCommand(MARK_BATCH_SEEN_COMMAND, async (node?: TreeNode) => {
      if (node?.kind === 'new' && node.batchId !== undefined) await arrivals.markBatchSeen(node.batchId);
      else if (node?.kind === 'new') await arrivals.markSeen(node.paperIds);
    }),
  );
};
