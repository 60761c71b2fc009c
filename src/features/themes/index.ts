import * as vscode from 'vscode';
import { Services } from '../services';
import { registerThemeCommands } from './commands';

/** Theme corrections: rename, new themes, moves and pins, reset (drag and drop is the tree's, see dragAndDrop.ts). */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  registerThemeCommands(context, services);
}
