import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { PapersInputError } from '../../core/common';
import { assertCanWrite } from './restrictedMode';

/**
 * Writes a file atomically: a temporary file beside it, then a rename over it. On local disks this uses
 * node's rename (atomic on POSIX: a reader sees the old file or the new one, never none), because
 * workspace.fs.rename with overwrite may delete the target first.
 */
export async function writeFileAtomic(uri: vscode.Uri, text: string): Promise<void> {
  assertCanWrite(uri);
  if (uri.scheme === 'file') {
    const tmpPath = `${uri.fsPath}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
    await fs.writeFile(tmpPath, text, 'utf8');
    try {
      await fs.rename(tmpPath, uri.fsPath);
    } catch (err) {
      await fs.rm(tmpPath, { force: true });
      throw err;
    }
    return;
  }
  const tmp = uri.with({ path: `${uri.path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp` });
  await vscode.workspace.fs.writeFile(tmp, new TextEncoder().encode(text));
  try {
    await vscode.workspace.fs.rename(tmp, uri, { overwrite: true });
  } catch (err) {
    await vscode.workspace.fs.delete(tmp).then(undefined, () => undefined);
    throw err;
  }
}

/** The file's text, or undefined when it does not exist or cannot be read. */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/**
 * Reads a file of the user's before changing it. A file that does not parse is moved aside as
 * `<name>.corrupt-<time>` (never overwritten), reported with its path, and given back as `corrupt`
 * so the caller can start from the last good state it knows.
 */
export async function readForUpdate<T>(uri: vscode.Uri, parse: (text: string, file: string) => T, log: vscode.LogOutputChannel): Promise<{ value: T | undefined; existed: boolean; corrupt?: boolean }> {
  // every store reads this way right before it writes (or moves a corrupt file aside): the place to stop in Restricted Mode
  assertCanWrite(uri);
  const text = await readText(uri);
  if (text === undefined) return { value: undefined, existed: false };
  try {
    return { value: parse(text, vscode.workspace.asRelativePath(uri)), existed: true };
  } catch (err) {
    if (!(err instanceof PapersInputError)) throw err;
    const backup = uri.with({ path: `${uri.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}` });
    await vscode.workspace.fs.rename(uri, backup, { overwrite: false });
    log.warn(`${err.message}; kept as ${vscode.workspace.asRelativePath(backup)}`);
    void vscode.window.showWarningMessage(`Papers: ${err.message}. Kept it as ${vscode.workspace.asRelativePath(backup)} and started a new file.`);
    return { value: undefined, existed: false, corrupt: true };
  }
}

export { FileQueue } from '../../core/common';
