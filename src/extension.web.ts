import * as vscode from 'vscode';
import { activatePapers, PapersApi } from './activation';
import { webAnalysisPlatform } from './features/analysis/web/webPlatform';

export type { PapersApi } from './activation';

/**
 * The web entry (package.json `browser`: vscode.dev, github.dev, code-server's browser host): every file through
 * workspace.fs, analyses in a Web Worker. Nothing here may import node (a check in the unit tests reads the bundle).
 */
export function activate(context: vscode.ExtensionContext): Promise<PapersApi> {
  return activatePapers(context, (log) => webAnalysisPlatform(context.extensionUri, log));
}

export function deactivate(): void {}
