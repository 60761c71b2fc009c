import * as vscode from 'vscode';
import { Services } from '../services';
import { showReadingProgress } from './statusBar';
import { SHOW_MORE_COMMAND } from './types';

/** The sidebar's commands and the reading progress in the status bar (the tree itself is a shared service). */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_MORE_COMMAND, (groupId: string) => services.tree.showMore(groupId)),
  );
  showReadingProgress(context, services);
}
