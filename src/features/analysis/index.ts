import * as vscode from 'vscode';
import { Services } from '../services';

/** The first load of the collections: last, once every feature listens to the model. */
export function activate(_context: vscode.ExtensionContext, services: Services): void {
  void services.model.reload();
}
