import * as vscode from 'vscode';
import { AnalysisSnapshot, decodeSnapshot, snapshotLabel } from '../../core/snapshot';
import { seedsHash } from '../../node/cache/seedsHash';

/**
 * The analysis of the bundled seeds made at build time (dist/seeds.snapshot), when the seed files read
 * now are exactly those it was made from; undefined otherwise (then they are analyzed as usual).
 */
export async function bundledSeedsSnapshot(
  extensionUri: vscode.Uri,
  files: { path: string; bytes: Uint8Array }[],
): Promise<AnalysisSnapshot | undefined> {
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'seeds.snapshot'));
    const named = files.map((f) => ({ name: f.path.slice(f.path.lastIndexOf('/') + 1), bytes: f.bytes }));
    if (snapshotLabel(bytes) !== seedsHash(named)) return undefined;
    const snapshot = decodeSnapshot(bytes);
    // the snapshot was made from file names; point its collections at the files of this installation
    for (const c of snapshot.collections) c.path = files.find((f) => f.path.endsWith(`/${c.path}`))?.path ?? c.path;
    return snapshot;
  } catch {
    return undefined;
  }
}
