// What the "Stores hardening" suites share: the workspace, a folder beside it (outside), and the messages shown.
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { Paper } from '../../../src/core/papers';
import type { PapersApi } from '../../../src/extension';
import { papersApi } from './papersApi';

export const api = () => papersApi(80_000);
export const run = Date.now().toString(36);
export const folder = () => vscode.workspace.workspaceFolders![0].uri;
export const inWorkspace = (...parts: string[]) => vscode.Uri.joinPath(folder(), ...parts);
/** Beside the workspace folder: outside it. */
export const outside = (...parts: string[]) => join(dirname(folder().fsPath), ...parts);
export const write = (uri: vscode.Uri, text: string) =>
  vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
export const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const exists = (path: string) =>
  fs.stat(path).then(
    () => true,
    () => false,
  );

export { recordMessages } from './messages';

export const CODE = `def first():\n    return 1\n\n\ndef second():\n    return 2\n`;

/** A link as Papers writes it, to lines 4-5 of `file` (stored at line 0, so re-anchoring moves it). */
export function link(paper: string, id: string, file: string, text = 'def second():\n    return 2') {
  return {
    id,
    paper,
    file,
    range: { startLine: 0, startCharacter: 0, endLine: 1, endCharacter: 12 },
    anchor: { text, before: '', after: '' },
    created: '2025-01-01T00:00:00.000Z',
  };
}

/** Papers no earlier test marked, tagged or linked: a test may change them without changing what others see. */
export function untouchedPapers({ services }: PapersApi): Paper[] {
  const known = new Set(services.userData.idsWithData());
  return services.model.analysis!.papers.filter((p) => !known.has(p.id) && services.links.linksOf(p.id).length === 0);
}
