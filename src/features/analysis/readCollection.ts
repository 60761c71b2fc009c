import * as vscode from 'vscode';
import {
  MAX_COLLECTION_BYTES,
  NotARegularFileError,
  readFailure,
  readRegularFile,
  sizeRefusal,
} from '../../node/files/regularFile';

/**
 * A collection file's bytes, checked before it is read as the CLI checks it (src/node/files/regularFile.ts): on
 * disk a regular file of at most MAX_COLLECTION_BYTES (never a folder, FIFO, device or socket, whatever a symlink
 * leads to); elsewhere (a remote or virtual folder) what VS Code's stat says is a file of that size.
 */
export async function readCollectionUri(uri: vscode.Uri): Promise<Uint8Array> {
  if (uri.scheme === 'file') return readRegularFile(uri.fsPath);
  const s = await vscode.workspace.fs.stat(uri);
  if ((s.type & vscode.FileType.File) === 0) throw new NotARegularFileError('it is not a file');
  const tooLarge = sizeRefusal(s.size, MAX_COLLECTION_BYTES);
  if (tooLarge !== undefined) throw new NotARegularFileError(tooLarge);
  return vscode.workspace.fs.readFile(uri);
}

/** The problem message of a collection file that could not be read. */
export const unreadableMessage = (err: unknown) => `cannot read the file: ${readFailure(err)}`;
