import * as vscode from 'vscode';
import { assertCanWrite } from '../storage/restrictedMode';

/** True for an absolute path in papers.collections (a file imported from outside the folder). */
export function isAbsolutePath(entry: string): boolean {
  return /^(?:[A-Za-z]:)?[\\/]/.test(entry);
}

/**
 * The entries of papers.collections that apply here: the workspace's, else the user's (changes are written to
 * the workspace, starting from what the user saw loaded).
 */
export function configuredEntries(): string[] {
  const inspected = vscode.workspace.getConfiguration('papers').inspect<string[]>('collections');
  return [...(inspected?.workspaceValue ?? inspected?.globalValue ?? [])];
}

/** Writes papers.collections in the workspace's settings (never in Restricted Mode: it throws there). */
export async function setEntries(entries: string[]): Promise<void> {
  assertCanWrite('.vscode/settings.json');
  await vscode.workspace
    .getConfiguration('papers')
    .update('collections', entries, vscode.ConfigurationTarget.Workspace);
}

/** How the setting names a file: relative to the workspace folder when inside it, else its absolute path. */
export function settingEntryFor(uri: vscode.Uri, folder: vscode.WorkspaceFolder): string {
  const inside = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() === folder.uri.toString();
  return inside ? vscode.workspace.asRelativePath(uri, false) : uri.fsPath;
}

/** The setting entry naming exactly this file (not a glob that happens to match it), if any. */
export function entryOf(uri: vscode.Uri, folder: vscode.WorkspaceFolder, entries: string[]): string | undefined {
  const wanted = settingEntryFor(uri, folder);
  return entries.find(
    (e) =>
      e === wanted ||
      e.replace(/^\.\//, '') === wanted ||
      (isAbsolutePath(e) && vscode.Uri.file(e).toString() === uri.toString()),
  );
}
