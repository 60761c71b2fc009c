import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import { isPathInside } from '../../core/common';

/** Refused writes: the file would land outside the workspace (through a symlink, or a path from elsewhere). */
export class OutsideWorkspaceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutsideWorkspaceError';
  }
}

/** The real path of `path`, or of its nearest ancestor that exists, with the rest appended. */
async function realPathOf(path: string): Promise<string> {
  const rest: string[] = [];
  let at = path;
  for (;;) {
    try {
      const real = await realpath(at);
      return rest.length ? `${real.replace(/[/\\]$/, '')}/${rest.reverse().join('/')}` : real;
    } catch (err) {
      const parent = at.replace(/[/\\][^/\\]*$/, '');
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at || parent === '') throw err;
      rest.push(at.slice(parent.length + 1));
      at = parent;
    }
  }
}

/**
 * Why a file of the workspace is refused once every symlink on its way is resolved, or undefined when it is
 * inside its workspace folder: a `.papers`, `.papers/links` or notes folder (or a linked file) that is a symlink
 * leading outside would otherwise send a write, or a read copied into `.papers/`, elsewhere. Other file
 * systems than the disk have no symlinks Papers can see: only the folder is checked there.
 */
export async function outsideWorkspace(uri: vscode.Uri): Promise<string | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return 'it is not in the workspace';
  if (uri.scheme !== 'file') return undefined;
  let root: string;
  let real: string;
  try {
    [root, real] = await Promise.all([realPathOf(folder.uri.fsPath), realPathOf(uri.fsPath)]);
  } catch (err) {
    return `its path cannot be resolved (${(err as Error).message})`;
  }
  return isPathInside(root, real)
    ? undefined
    : `it resolves to ${real}, outside the workspace (a symlink on its way leads out)`;
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
