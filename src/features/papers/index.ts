import * as vscode from 'vscode';
import { Services } from '../services';
import { registerPaperCommands } from './commands';

/** The commands that act on papers (open, notes, marks, tags) and on how the tree lists them. */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  registerPaperCommands(context, services);
}
