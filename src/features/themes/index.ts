import * as vscode from 'vscode';
import { Services } from '../services';
import { registerThemeCommands } from './commands';
import { PREVIEW_SCHEME, RegroupPreviews, regroupThemes } from './regroup';

/** Theme corrections: rename, new themes, moves and pins, reset (drag and drop is the tree's, see dragAndDrop.ts); regroup. */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  registerThemeCommands(context, services);
  const previews = new RegroupPreviews();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    vscode.commands.registerCommand('papers.regroupThemes', () => regroupThemes(services, previews)),
  );
}
