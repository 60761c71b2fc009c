import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PapersApi } from '../../../src/extension';
import { until } from './until';

export const EXTENSION_ID = 'papers-dev.papers';

/** The extension's API, activating it when needed; with `analysisWithinMs`, also waits for its first analysis. */
export async function papersApi(analysisWithinMs?: number): Promise<PapersApi> {
  const ext = vscode.extensions.getExtension<PapersApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is installed`);
  const api = ext.isActive ? ext.exports : await ext.activate();
  if (analysisWithinMs !== undefined) await until('the analysis', () => api.services.model.analysis, analysisWithinMs);
  return api;
}

/** Back to the bundled seeds after a suite that set papers.collections: the next suites expect them. */
export async function restoreSeeds(): Promise<void> {
  const { services } = await papersApi();
  await vscode.workspace
    .getConfiguration('papers')
    .update('collections', undefined, vscode.ConfigurationTarget.Workspace);
  await services.model.reload();
  await until('the seeds again', () => services.model.analysis?.papers.length === 340);
}
