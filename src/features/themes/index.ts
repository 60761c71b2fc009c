import * as vscode from 'vscode';
import { Services } from '../services';
import { registerThemeCommands } from './commands';
import { announceGroupedAfresh } from './growthNotice';
import { regroupThemes } from './regroup';
import { RegroupPreview } from './regroupView';

/**
 * Theme corrections: rename, new themes, moves and pins, reset (drag and drop is the tree's, see dragAndDrop.ts);
 * regroup, and the notice of a growth that grouped the themes afresh.
 */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  registerThemeCommands(context, services);
  const preview = new RegroupPreview(services);
  const regroup = () => regroupThemes(services, preview);
  context.subscriptions.push(
    preview,
    announceGroupedAfresh(services),
    vscode.commands.registerCommand('papers.regroupThemes', regroup),
    vscode.commands.registerCommand('papers.regroupPreview.again', regroup),
    vscode.commands.registerCommand('papers.regroupPreview.apply', () => preview.apply()),
    vscode.commands.registerCommand('papers.regroupPreview.cancel', () => preview.cancel()),
  );
}
