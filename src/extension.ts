import * as vscode from 'vscode';
import { activatePapers, PapersApi } from './activation';
import { nodeAnalysisPlatform } from './features/analysis/node/nodePlatform';
import { useLocalDisk } from './features/storage/localDisk';
import { nodeLocalDisk } from './features/storage/nodeDisk';

export type { PapersApi } from './activation';

/** The desktop entry (package.json `main`): the local disk through node, analyses in a child process. */
export function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  useLocalDisk(nodeLocalDisk);
  return activatePapers(context, (log) => nodeAnalysisPlatform(context.extensionPath, log));
}

export function deactivate(): void {}
