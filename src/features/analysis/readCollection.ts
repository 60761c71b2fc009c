import * as vscode from 'vscode';
import { LoadProblem, MAX_COLLECTION_BYTES, NotARegularFileError, readFailure, sizeRefusal } from '../../core/common';
import { localDisk } from '../storage/localDisk';
import type { CollectionFile } from './platform';

/**
 * A collection file's bytes, checked before it is read as the CLI checks it (src/node/files/regularFile.ts): on
 * a local disk a regular file of at most MAX_COLLECTION_BYTES (never a folder, FIFO, device or socket, whatever a
 * symlink leads to); elsewhere (a remote or virtual folder, the web) what VS Code's stat says is a file of that size.
 */
export async function readCollectionUri(uri: vscode.Uri): Promise<Uint8Array> {
  const disk = localDisk();
  if (uri.scheme === 'file' && disk) return disk.readRegularFile(uri.fsPath);
  const s = await vscode.workspace.fs.stat(uri);
  if ((s.type & vscode.FileType.File) === 0) throw new NotARegularFileError('it is not a file');
  const tooLarge = sizeRefusal(s.size, MAX_COLLECTION_BYTES);
  if (tooLarge !== undefined) throw new NotARegularFileError(tooLarge);
  return vscode.workspace.fs.readFile(uri);
}

/** The problem message of a collection file that could not be read. */
export const unreadableMessage = (err: unknown) => `cannot read the file: ${readFailure(err)}`;

/** Reads the collection files; one that cannot be read is left out and listed in `unreadable`. */
export async function readCollectionFiles(
  uris: readonly vscode.Uri[],
  unreadable: LoadProblem[],
): Promise<CollectionFile[]> {
  const files: CollectionFile[] = [];
  for (const uri of uris) {
    try {
      files.push({ path: uri.toString(), bytes: await readCollectionUri(uri) });
    } catch (err) {
      unreadable.push({ file: uri.toString(), message: unreadableMessage(err) });
    }
  }
  return files;
}

/** Problems with workspace-relative file names; new objects, as the snapshot's may be shared with the cache. */
export function relativeProblems(problems: readonly LoadProblem[]): LoadProblem[] {
  return problems.map((p) => ({ ...p, file: vscode.workspace.asRelativePath(vscode.Uri.parse(p.file)) }));
}
