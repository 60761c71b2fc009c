import * as vscode from 'vscode';
import { ArrivalBatch, arrivalDay, arrivalLabel } from '../../core/papers';
import { NEW_GROUP_ID, NewNode } from './types';

const papersText = (n: number) => `${n.toLocaleString('en-US')} new paper${n === 1 ? '' : 's'}`;

/**
 * The New group of the papers that pass the filter, newest batch first: with papers of several batches, a row per
 * batch under it ("Today", "Yesterday", the date), else the papers themselves. Each batch's papers in `orderOf`'s
 * order when it has one (For You's, best first), else as the batch lists them. Undefined when none passes.
 */
export function newGroup(
  batches: readonly ArrivalBatch[],
  passes: (paperId: string) => boolean,
  now: number,
  orderOf: (batchId: number) => readonly string[] | undefined = () => undefined,
): NewNode | undefined {
  const shown = batches
    .map((b) => ({ ...b, ids: inOrder(b.ids, orderOf(b.id)).filter(passes) }))
    .filter((b) => b.ids.length > 0);
  if (shown.length === 0) return undefined;
  const paperIds = shown.flatMap((b) => b.ids);
  if (shown.length === 1) return { kind: 'new', id: NEW_GROUP_ID, label: 'New', paperIds };
  const perDay = new Map<string, number>();
  for (const b of shown) perDay.set(arrivalDay(b.at), (perDay.get(arrivalDay(b.at)) ?? 0) + 1);
  const rows = shown.map((b): NewNode => ({
    kind: 'new',
    id: `${NEW_GROUP_ID}/${b.id}`,
    label: arrivalLabel(b.at, now, perDay.get(arrivalDay(b.at))! > 1),
    paperIds: b.ids,
    batchId: b.id,
    at: b.at,
  }));
  return { kind: 'new', id: NEW_GROUP_ID, label: 'New', paperIds, batches: rows };
}

/** A batch's ids in `order` (a ranking of the batch made before it changed: ids it lacks follow, gone ones drop). */
function inOrder(ids: readonly string[], order: readonly string[] | undefined): readonly string[] {
  if (!order) return ids;
  const present = new Set(ids);
  const ranked = order.filter((id) => present.has(id));
  const seen = new Set(ranked);
  return [...ranked, ...ids.filter((id) => !seen.has(id))];
}

/** The row of the New group (open at first: it is what the user came for) or of one of its batches. */
export function newItem(node: NewNode): vscode.TreeItem {
  const batch = node.batchId !== undefined;
  const item = new vscode.TreeItem(
    node.label,
    batch ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
  );
  item.id = node.id;
  item.description = node.paperIds.length.toLocaleString('en-US');
  item.iconPath = new vscode.ThemeIcon(batch ? 'calendar' : 'sparkle');
  item.contextValue = batch ? 'newBatch' : 'newGroup';
  // what a screen reader says (VS Code reads a string tooltip otherwise)
  item.accessibilityInformation = { label: `${node.label}, ${papersText(node.paperIds.length)}` };
  const when = new Date(node.at ?? 0).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  item.tooltip = batch
    ? `${papersText(node.paperIds.length)}, arrived ${when}`
    : `${papersText(node.paperIds.length)} since you last looked`;
  return item;
}
