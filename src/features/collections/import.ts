import * as vscode from 'vscode';
import { COLLECTION_EXTENSIONS, formatByExtension, parseCollectionBytes } from '../../core/collections';
import { Services } from '../services';
import { refusedInRestrictedMode } from '../storage/restrictedMode';
import { configuredEntries, entryOf, setEntries, settingEntryFor } from './settings';
import { readCollectionUri } from '../analysis/readCollection';

export interface ImportResult {
  /** The setting entries added (files already listed are not added twice). */
  added: string[];
  papers: number;
  problems: number;
  cancelled: boolean;
}

/**
 * Adds files to papers.collections, with a cancellable progress notification: each file is read and
 * parsed first (so the message can say how many papers and problems it brings), then the setting is
 * written and the collections reloaded. Cancelled before the setting is written, nothing changes;
 * cancelled while reloading, the setting goes back to what it was.
 */
export async function importCollections(
  services: Pick<Services, 'model'>,
  uris: readonly vscode.Uri[],
  outer?: vscode.CancellationToken,
): Promise<ImportResult | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    void vscode.window.showWarningMessage(
      'Papers: open a folder first: imported collections are listed in its settings (papers.collections).',
    );
    return undefined;
  }
  if (uris.length === 0) return undefined;
  // importing writes .vscode/settings.json: not in an untrusted workspace (the user is told)
  if (refusedInRestrictedMode()) return undefined;
  const before = configuredEntries();
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Papers: importing', cancellable: true },
    async (progress, button) => {
      // the notification's Cancel button, or the caller's token
      const token = {
        get isCancellationRequested() {
          return button.isCancellationRequested || outer?.isCancellationRequested === true;
        },
      };
      const result: ImportResult = { added: [], papers: 0, problems: 0, cancelled: false };
      const step = 80 / uris.length;
      for (const uri of uris) {
        if (token.isCancellationRequested) return { ...result, added: [], cancelled: true };
        const name = uri.path.split('/').pop() ?? uri.path;
        progress.report({ message: `reading ${name}`, increment: step });
        const bytes = await readCollectionUri(uri).then(undefined, () => undefined); // a FIFO or device is refused, never read
        if (bytes) {
          const parsed = parseCollectionBytes(bytes, name);
          result.papers += parsed.papers.length;
          result.problems += parsed.problems.length;
        } else {
          result.problems++;
        }
        if (!entryOf(uri, folder, [...before, ...result.added])) result.added.push(settingEntryFor(uri, folder));
        // parsing a big file holds the thread: let the cancel button's event through between files
        await new Promise((r) => setTimeout(r, 0));
      }
      if (token.isCancellationRequested) return { ...result, added: [], cancelled: true };
      if (result.added.length > 0) {
        progress.report({ message: `loading ${result.papers.toLocaleString('en-US')} papers`, increment: 10 });
        await setEntries([...before, ...result.added]);
        await services.model.reload();
        if (token.isCancellationRequested) {
          await setEntries(before);
          await services.model.reload();
          return { ...result, added: [], cancelled: true };
        }
      }
      return result;
    },
  );
}

function reportImport(result: ImportResult | undefined, count: number): void {
  if (!result) return;
  if (result.cancelled) {
    void vscode.window.showInformationMessage('Papers: import cancelled; papers.collections is unchanged.');
    return;
  }
  const files = `${count} file${count === 1 ? '' : 's'}`;
  const already = result.added.length < count ? ` (${count - result.added.length} already listed)` : '';
  const problems = result.problems
    ? `, ${result.problems} problem${result.problems === 1 ? '' : 's'} (see Problems)`
    : '';
  vscode.window.setStatusBarMessage(`Papers: imported ${files}${already}: ${result.papers} papers${problems}`, 8000);
}

/** `Papers: Import Collection…`: uris given (tests, other commands) or picked in a multi-select file dialog. */
export async function importCollectionCommand(
  services: Pick<Services, 'model'>,
  given?: vscode.Uri | vscode.Uri[],
): Promise<ImportResult | undefined> {
  const uris =
    (given instanceof vscode.Uri ? [given] : given) ??
    (await vscode.window.showOpenDialog({
      title: 'Import Paper Collections',
      openLabel: 'Import',
      canSelectMany: true,
      canSelectFiles: true,
      canSelectFolders: false,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      filters: { 'Paper collections': [...COLLECTION_EXTENSIONS], 'All files': ['*'] },
    }));
  if (!uris?.length) return undefined;
  const result = await importCollections(services, uris);
  reportImport(result, uris.length);
  return result;
}

/**
 * Files dropped on the tree (from the Explorer or the desktop): imported when at least one has a
 * collection's extension. Returns false when the drop holds no files, so the caller handles it.
 */
export async function dropCollections(services: Pick<Services, 'model'>, data: vscode.DataTransfer): Promise<boolean> {
  const list = (await data.get('text/uri-list')?.asString()) ?? '';
  const uris = list
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => vscode.Uri.parse(l));
  // files from the desktop come as file items; on the web they may carry no uri (then there is nothing to list)
  data.forEach((item) => {
    const uri = item.asFile()?.uri;
    if (uri && !uris.some((u) => u.toString() === uri.toString())) uris.push(uri);
  });
  if (uris.length === 0) return false;
  const readable = uris.filter((u) => formatByExtension(u.path) !== undefined);
  if (readable.length === 0) {
    void vscode.window.showInformationMessage(
      `Papers: drop collection files (${COLLECTION_EXTENSIONS.map((e) => `.${e}`).join(', ')}) to import them.`,
    );
    return true;
  }
  reportImport(await importCollections(services, readable), readable.length);
  return true;
}
