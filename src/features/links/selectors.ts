import * as vscode from 'vscode';
import { linkableSchemes } from './schemes';

/** The workspace's files on whatever scheme it uses (schemes.ts), as of activation. */
export function workspaceFiles(): vscode.DocumentFilter[] {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return linkableSchemes(folders.map((f) => f.uri.scheme)).map((scheme) => ({ scheme }));
}

/** The same, with unsaved new files (a paper key can be typed in one). */
export function workspaceFilesAndUntitled(): vscode.DocumentFilter[] {
  return [...workspaceFiles(), { scheme: 'untitled' }];
}

/**
 * The editor menu's `when` clause reads the schemes from the context key `papers.linkableSchemes`
 * (`resourceScheme in papers.linkableSchemes`): set at activation and when the folders change.
 */
export function publishLinkableSchemes(): vscode.Disposable {
  const publish = () =>
    void vscode.commands.executeCommand(
      'setContext',
      'papers.linkableSchemes',
      workspaceFiles().map((f) => f.scheme),
    );
  publish();
  return vscode.workspace.onDidChangeWorkspaceFolders(publish);
}
