import * as vscode from 'vscode';
import { isFileNotFound, LoadProblem, PapersInputError, tempPathBeside } from '../../core/common';
import { localDisk } from './localDisk';
import { assertInsideWorkspace } from './insideWorkspace';
import { assertCanWrite } from './restrictedMode';

/**
 * Writes a file of the user's atomically (see replaceFile), unless the workspace is in Restricted Mode.
 */
export async function writeFileAtomic(uri: vscode.Uri, text: string): Promise<void> {
  assertCanWrite(uri);
  await assertInsideWorkspace(uri);
  await replaceFile(uri, text);
}

/**
 * Writes a file atomically: a temporary file beside it (`temp`, by default a fresh name), then a rename over it.
 * On a local disk reached through node this uses node's rename (atomic on POSIX: a reader sees the old file or the
 * new one, never none), because workspace.fs.rename with overwrite may delete the target first.
 */
export async function replaceFile(uri: vscode.Uri, data: string | Uint8Array, temp?: vscode.Uri): Promise<void> {
  const disk = localDisk();
  if (uri.scheme === 'file' && disk) return disk.writeFileAtomic(uri.fsPath, data, temp?.fsPath);
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
  await assertInsideWorkspace(uri);
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

/** How the stores read a file: workspace.fs, or a stand-in (the tests give one that fails as a disk can). */
export type ReadFile = (uri: vscode.Uri) => Thenable<Uint8Array>;

export const readWorkspaceFile: ReadFile = (uri) => vscode.workspace.fs.readFile(uri);

/** A file that exists but cannot be read (permissions, an I/O error, a folder where a file belongs). */
export class UnreadableFileError extends Error {
  constructor(
    readonly uri: vscode.Uri,
    cause: unknown,
  ) {
    super(
      `Papers: cannot read ${vscode.workspace.asRelativePath(uri)} (${reasonOf(cause)}); it is left as it is ` +
        'and nothing is written over it. Make it readable (or move it away) and try again.',
    );
    this.name = 'UnreadableFileError';
  }
}

function reasonOf(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * The file's text, or undefined when it does not exist. A file that exists but cannot be read is an
 * UnreadableFileError: taken for missing, it would be replaced by a new file and its data lost.
 */
export async function readText(uri: vscode.Uri, read: ReadFile = readWorkspaceFile): Promise<string | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await read(uri);
  } catch (err) {
    if (isFileNotFound(err)) return undefined;
    throw new UnreadableFileError(uri, err);
  }
  return new TextDecoder().decode(bytes);
}

/** How a store reads its files: the parser (which may report entries it refuses) and the file read. */
export interface ReadOptions<T> {
  parse: (text: string, file: string, refused?: LoadProblem[]) => T;
  read?: ReadFile;
}

/**
 * Reads a file of the user's before changing it. A file that does not parse is moved aside as
 * `<name>.corrupt-<time>` (never overwritten), reported with its path, and given back as `corrupt`
 * so the caller can start from the last good state it knows. A file with entries the parser refused is
 * copied aside the same way before the write that leaves them out. A file that cannot be read throws
 * (UnreadableFileError): the change fails and the file is left alone.
 */
export async function readForUpdate<T>(
  uri: vscode.Uri,
  { parse, read }: ReadOptions<T>,
  log: vscode.LogOutputChannel,
): Promise<{ value: T | undefined; existed: boolean; corrupt?: boolean }> {
  // every store reads this way right before it writes (or moves a corrupt file aside): the place to stop in
  // Restricted Mode, and to make sure the folder is the workspace's own
  assertCanWrite(uri);
  await assertInsideWorkspace(uri);
  const text = await readText(uri, read);
  if (text === undefined) return { value: undefined, existed: false };
  const refused: LoadProblem[] = [];
  try {
    const value = parse(text, vscode.workspace.asRelativePath(uri), refused);
    if (refused.length) {
      const backup = backupUri(uri);
      await vscode.workspace.fs.copy(uri, backup, { overwrite: false });
      log.warn(
        `${vscode.workspace.asRelativePath(uri)}: entries refused and left out; kept as ${vscode.workspace.asRelativePath(backup)}`,
      );
    }
    return { value, existed: true };
  } catch (err) {
    if (!(err instanceof PapersInputError)) throw err;
    const backup = backupUri(uri);
    await vscode.workspace.fs.rename(uri, backup, { overwrite: false });
    log.warn(`${err.message}; kept as ${vscode.workspace.asRelativePath(backup)}`);
    void vscode.window.showWarningMessage(
      `Papers: ${err.message}. Kept it as ${vscode.workspace.asRelativePath(backup)} and started a new file.`,
    );
    return { value: undefined, existed: false, corrupt: true };
  }
}

const backupUri = (uri: vscode.Uri) =>
  uri.with({ path: `${uri.path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}` });

export { FileQueue } from '../../core/common';
