import * as vscode from 'vscode';
import { Services } from '../services';
import { registerLinkCommands } from './commands';
import { registerEditorView } from './editorView';
import { NoteThreads } from './noteThreads';
import { registerPaperKeys } from './paperKeys';
import { publishLinkableSchemes } from './selectors';

export type { Backlink, LinksApi, LinkView } from './types';

/**
 * Links from papers to code and notes that stay true as the code changes, paper keys in any file, and
 * backlinks: the editor's view of links (lenses, gutter, hovers), their notes as comments, and their commands.
 * The links themselves are the shared links service (service.ts).
 */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  const { store, live } = services.links;
  const notes = new NoteThreads(services, store, live);
  context.subscriptions.push(
    notes,
    registerEditorView(services, store, live),
    registerLinkCommands(services, store, live, notes),
    registerPaperKeys(services),
    publishLinkableSchemes(),
  );
}
