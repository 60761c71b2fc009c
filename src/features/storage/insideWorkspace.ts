import * as vscode from 'vscode';
import { localDisk } from './localDisk';

/** Refused writes: the file would land outside the workspace (through a symlink, or a path from elsewhere). */
export class OutsideWorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutsideWorkspaceError';
  }
}

/**
 * Why a file of the workspace is refused once every symlink on its way is resolved, or undefined when it is
 * inside its workspace folder: a `.papers`, `.papers/links` or notes folder (or a linked file) that is a symlink
 * leading outside would otherwise send a write, or a read copied into `.papers/`, elsewhere. Other file
 * systems than the disk (and a disk the extension reaches only through the editor, on the web) have no symlinks
 * Papers can see: only the folder is checked there.
 */
export async function outsideWorkspace(uri: vscode.Uri): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return 'it is not in the workspace';
  const disk = localDisk();
  if (uri.scheme !== 'file' || !disk) return undefined;
  return disk.outsideRoot(folder.uri.fsPath, uri.fsPath);
}

/**
 * Checks, right before Papers writes a file of the user's (a `.papers/` file, notes), that it stays in the
 * workspace (see outsideWorkspace); throws OutsideWorkspaceError with the message the user sees.
 */
export async function assertInsideWorkspace(uri: vscode.Uri): Promise<void> {
  const problem = await outsideWorkspace(uri);
  if (problem)
    throw new OutsideWorkspaceError(
      `Papers: refused to write ${vscode.workspace.asRelativePath(uri)}: ${problem}. ` +
        'Replace the symlink with a folder of the workspace to keep this data here.',
    );
}
