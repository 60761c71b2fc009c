import * as vscode from 'vscode';
import { PapersInputError } from '../../core/common';
import { tempPathBeside, writeFileAtomic as writeFileAtomicOnDisk } from '../../node/files/atomicWrite';
import { assertCanWrite } from './restrictedMode';

/**
 * Writes a file of the user's atomically (see replaceFile), unless the workspace is in Restricted Mode.
 */
export async function writeFileAtomic(uri: vscode.Uri, text: string): Promise<void> {
  assertCanWrite(uri);
  await replaceFile(uri, text);
}

/**
 * Writes a file atomically: a temporary file beside it (`temp`, by default a fresh name), then a rename over it.
 * On local disks this uses node's rename (atomic on POSIX: a reader sees the old file or the new one, never
 * none), because workspace.fs.rename with overwrite may delete the target first.
 */
export async function replaceFile(uri: vscode.Uri, data: string | Uint8Array, temp?: vscode.Uri): Promise<void> {
  if (uri.scheme === 'file') return writeFileAtomicOnDisk(uri.fsPath, data, temp?.fsPath);
  const tmp = temp ?? uri.with({ path: tempPathBeside(uri.path) });
  await vscode.workspace.fs.writeFile(tmp, typeof data === 'string' ? new TextEncoder().encode(data) : data);
  try {
    await vscode.workspace.fs.rename(tmp, uri, { overwrite: true });
  } catch (err) {
    await vscode.workspace.fs.delete(tmp).then(undefined, () => undefined);
    throw err;
  }
}

/**
 * Creates a file of the user's without overwriting one: written to a hidden temporary file, then renamed into
 * place only if no file is there. False when the file exists (another window, a sync, created it meanwhile: theirs
 * wins).
 */
export async function createFileAtomic(uri: vscode.Uri, text: string): Promise<boolean> {
  assertCanWrite(uri);
  const folder = uri.with({ path: uri.path.slice(0, uri.path.lastIndexOf('/')) });
  await vscode.workspace.fs.createDirectory(folder);
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const temp = vscode.Uri.joinPath(
    folder,
    `.${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`,
  );
  await vscode.workspace.fs.writeFile(temp, new TextEncoder().encode(text));
  try {
    await vscode.workspace.fs.rename(temp, uri, { overwrite: false });
    return true;
  } catch (err) {
    await Promise.resolve(vscode.workspace.fs.delete(temp)).catch(() => undefined);
    if (err instanceof vscode.FileSystemError && err.code === 'FileExists') return false;
    // created meanwhile under another error code
    if (
      await vscode.workspace.fs.stat(uri).then(
        () => true,
        () => false,
      )
    )
      return false;
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
export async function readForUpdate<T>(
  uri: vscode.Uri,
  parse: (text: string, file: string) => T,
  log: vscode.LogOutputChannel,
): Promise<{ value: T | undefined; existed: boolean; corrupt?: boolean }> {
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
    void vscode.window.showWarningMessage(
      `Papers: ${err.message}. Kept it as ${vscode.workspace.asRelativePath(backup)} and started a new file.`,
    );
    return { value: undefined, existed: false, corrupt: true };
  }
}

export { FileQueue } from '../../core/common';
