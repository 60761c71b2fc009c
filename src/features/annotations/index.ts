import * as vscode from 'vscode';
import { Services } from '../services';
import { syncHighlightsIntoNotes, HIGHLIGHT_SELECTION_COMMAND, highlightSelection } from './annotations';

/** Highlights on abstracts: kept in step with each paper's notes, and "Highlight Selection" in the paper view. */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(
    syncHighlightsIntoNotes(services),
    vscode.commands.registerCommand(HIGHLIGHT_SELECTION_COMMAND, () => highlightSelection(services)),
  );
}
