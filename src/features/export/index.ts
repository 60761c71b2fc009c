import * as vscode from 'vscode';
import { Services } from '../services';
import { registerExportAnnotations } from './annotations';
import { registerExportBibtex } from './bibtex';

/** Export: the papers as BibTeX, the annotations as Markdown. */
export function activate(context: vscode.ExtensionContext, services: Services): void {
  context.subscriptions.push(registerExportBibtex(services), registerExportAnnotations(services));
}
