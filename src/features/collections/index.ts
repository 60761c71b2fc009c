import * as vscode from 'vscode';
import { Services } from '../services';
import { TreeNode } from '../tree/types';
import { showLoadProblems } from './diagnostics';
import { importCollectionCommand } from './import';
import { removeCollection } from './remove';

/** Collections: import (palette, drop on the tree), removal, and their load problems in the Problems panel. */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('papers.importCollection', (uris?: vscode.Uri | vscode.Uri[]) =>
      importCollectionCommand(services, uris),
    ),
    vscode.commands.registerCommand(
      'papers.removeCollection',
      (node?: TreeNode | string, options?: { confirmed?: boolean }) => removeCollection(services, node, options),
    ),
  );
  showLoadProblems(services);
}
