import * as vscode from 'vscode';
import { Services } from '../services';
import { syncUserTextIntoIndex } from './pick';

/** Search: the user's notes, tags and highlights kept in the search index (the pick itself opens from papers.search). */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(syncUserTextIntoIndex(services));
}
