import * as vscode from 'vscode';
import { isAbsolutePath } from '../collections/settings';

/** The entries of `papers.collections`, as the user wrote them (non-empty strings). */
function configuredEntries(): string[] {
  return vscode.workspace
    .getConfiguration('papers')
    .get<string[]>('collections', [])
    .filter((s) => typeof s === 'string' && s.trim() !== '');
}

const isGlob = (entry: string) => /[*?{[]/.test(entry);

/** The entries of `papers.collections` that are globs (a folder of dumps, `daily/*.txt`): watched for new files. */
export function configuredGlobs(): string[] {
  return configuredEntries().filter(isGlob);
}

/** The collection files to load: the setting's paths and globs in the workspace, or the bundled seeds. */
export async function configuredCollectionUris(
  extensionUri: vscode.Uri,
  log: vscode.LogOutputChannel,
): Promise<vscode.Uri[]> {
  const configured = configuredEntries();
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (configured.length === 0 || !folder) {
    if (configured.length > 0) log.warn('papers.collections is set but no folder is open; showing the bundled seeds');
    const seeds = vscode.Uri.joinPath(extensionUri, 'seeds');
    const entries = await vscode.workspace.fs.readDirectory(seeds);
    return entries
      .filter(([n]) => n.endsWith('.txt'))
      .map(([n]) => n)
      .sort()
      .map((n) => vscode.Uri.joinPath(seeds, n));
  }
  const uris: vscode.Uri[] = [];
  for (const entry of configured) {
    // an absolute path is a file imported from outside the folder (see features/collections/import.ts)
    const found = isGlob(entry)
      ? await vscode.workspace.findFiles(new vscode.RelativePattern(folder, entry))
      : [isAbsolutePath(entry) ? vscode.Uri.file(entry) : vscode.Uri.joinPath(folder.uri, entry)];
    found.sort((a, b) => a.path.localeCompare(b.path));
    for (const u of found) if (!uris.some((x) => x.toString() === u.toString())) uris.push(u);
  }
  return uris;
}

/**
 * Watches the collection files (on any scheme the workspace uses: vscode-vfs on github.dev, vscode-remote; never
 * the bundled seeds) and the folders of the setting's globs (a new dump saved into one joins the library).
 */
export function watchCollections(
  uris: readonly vscode.Uri[],
  extensionUri: vscode.Uri,
  reload: () => void,
): vscode.Disposable[] {
  const watchers: vscode.Disposable[] = [];
  const watch = (pattern: vscode.RelativePattern) => {
    const watcher = vscode.workspace.createFileSystemWatcher(pattern);
    watchers.push(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload), watcher.onDidDelete(reload));
  };
  for (const uri of uris) {
    if (uri.toString().startsWith(extensionUri.toString())) continue;
    watch(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), uri.path.split('/').pop()!));
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder) for (const glob of configuredGlobs()) watch(new vscode.RelativePattern(folder, glob));
  return watchers;
}
