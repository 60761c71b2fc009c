import * as vscode from 'vscode';
import { Analysis } from '../../core/analysis';
import { regroupAdvice, regroupAdviceBrief, RegroupStats } from '../../core/themes';
import { TreeNode } from './types';

export const REGROUP_ADVICE_ID = 'regroupAdvice';

/**
 * The row at the top of the tree when a regroup is worth it (regroupAdvice): a click opens Regroup Themes' preview.
 * A row rather than the view's message, which cannot be clicked; the themes never regroup by themselves.
 */
export function regroupAdviceRow(analysis: Analysis | undefined): Extract<TreeNode, { kind: 'advice' }> | undefined {
  const model = analysis?.model;
  if (!model) return undefined;
  const stats: RegroupStats = {
    papersAtLastGrouping: model.groupedPapers,
    papersAddedSince: model.placedSince,
    poorFitsSince: model.poorSince,
  };
  const advice = regroupAdvice(stats);
  const brief = regroupAdviceBrief(stats);
  return advice === undefined || brief === undefined
    ? undefined
    : { kind: 'advice', id: REGROUP_ADVICE_ID, advice, brief };
}

export function regroupAdviceItem(node: Extract<TreeNode, { kind: 'advice' }>): vscode.TreeItem {
  const item = new vscode.TreeItem('Regroup Themes…', vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  // the reason in a few words (a sidebar is narrow), in full in the hover
  item.description = node.brief;
  item.iconPath = new vscode.ThemeIcon('lightbulb');
  item.tooltip = `${node.advice[0].toUpperCase()}${node.advice.slice(1)}. Click to preview what a fresh grouping would change: nothing changes until you apply it.`;
  item.accessibilityInformation = { label: `Regroup Themes suggested: ${node.advice}` };
  item.contextValue = 'regroupAdvice';
  item.command = { command: 'papers.regroupThemes', title: 'Regroup Themes…' };
  return item;
}
