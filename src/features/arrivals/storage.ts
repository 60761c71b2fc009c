import * as vscode from 'vscode';
import { replaceFile } from '../storage';

/** Where the new papers are kept: personal to this user and workspace, never in the workspace's files. */
export interface ArrivalsStorage {
  /** Where it is, for the log. */
  readonly where: string;
  /** The text kept; undefined when nothing is. */
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

const FILE_NAME = 'arrivals.json';
const MEMENTO_KEY = 'papers.arrivals';

/** A file in the workspace's own storage folder (context.storageUri); the workspace memento without a workspace. */
export function arrivalsStorage(context: vscode.ExtensionContext): ArrivalsStorage {
  return context.storageUri
    ? fileStorage(vscode.Uri.joinPath(context.storageUri, FILE_NAME))
    : mementoStorage(context.workspaceState);
}

/** A file written atomically (replaced whole: the state is small, and a reader never sees half of it). */
export function fileStorage(uri: vscode.Uri): ArrivalsStorage {
  return {
    where: uri.scheme === 'file' ? uri.fsPath : uri.toString(),
    read: async () => {
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      } catch (err) {
        if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') return undefined;
        throw err;
      }
    },
    write: async (text) => {
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await replaceFile(uri, text);
    },
  };
}

export function mementoStorage(memento: vscode.Memento): ArrivalsStorage {
  return {
    where: 'the workspace state',
    read: async () => {
      const text = memento.get<unknown>(MEMENTO_KEY);
      return typeof text === 'string' ? text : undefined;
    },
    write: async (text) => memento.update(MEMENTO_KEY, text),
  };
}
