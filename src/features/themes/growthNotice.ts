/**
 * Tells the user when new papers made Papers group a small library afresh (core/analysis/growthRegroup.ts): their
 * tree changed shape without their asking, so one non-modal notification says why and how much. Only a load that
 * grouped afresh and changed what the user had says so (PapersModel.onDidGroupAfresh, growthRegroupWorthTelling): a
 * restore from the cache and a growth that placed the new papers in the themes say nothing.
 */
import * as vscode from 'vscode';
import { growthRegroupMessage, growthRegroupWorthTelling } from '../../core/analysis';
import { Services } from '../services';
import { NEW_GROUP_ID } from '../tree/types';

/** The notification's action: the New group, opened and selected, where the papers that caused it are. */
export const SHOW_NEW = 'Show New';
/** How long the notice stays in the status bar when a warning took the toast. */
const STATUS_MS = 15_000;

export function announceGroupedAfresh(services: Pick<Services, 'model' | 'tree' | 'log'>): vscode.Disposable {
  return services.model.onDidGroupAfresh(async (notice) => {
    const message = growthRegroupMessage(notice);
    services.log.info(message);
    if (!growthRegroupWorthTelling(notice)) return;
    // a load with problems in its files has already shown their warning: with a second toast at once the workbench
    // showed this one and left the warning in the notification center, so this one goes to the status bar
    if (services.model.analysis?.problems.length) {
      vscode.window.setStatusBarMessage(message, STATUS_MS);
      return;
    }
    const pick = await vscode.window.showInformationMessage(message, SHOW_NEW);
    if (pick !== SHOW_NEW) return;
    // the papers may have been seen meanwhile (or a filter hides them): the tree, then
    if (!(await services.tree.revealGroup(NEW_GROUP_ID))) await vscode.commands.executeCommand('papers.tree.focus');
  });
}
